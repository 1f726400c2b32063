// Prints, from vitest's JSON report, where the test stage's time went: each project's files' summed
// time, the API tests' time per database, and the ten slowest files (`npx tsx scripts/ci-report.ts FILE`).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

type Report = {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: { fullName: string; duration?: number | null }[] }[];
};

const report = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/vitest.json', 'utf8')) as Report;
const files = report.testResults.map((file) => ({
  name: relative(process.cwd(), file.name),
  seconds: (file.endTime - file.startTime) / 1000,
  tests: file.assertionResults,
}));
const seconds = (n: number) => `${n.toFixed(1).padStart(7)} s`;

const byProject = new Map<string, number>();
for (const file of files) {
  const project = file.name.split('/')[1] ?? 'other';
  byProject.set(project, (byProject.get(project) ?? 0) + file.seconds);
}
console.log('== test time per project (files summed; files of different projects overlap)');
for (const [project, total] of [...byProject].sort((a, b) => b[1] - a[1])) console.log(`${project.padEnd(10)}${seconds(total)}`);

// API files run every case once per database, in a describe named after it.
const byDialect = new Map<string, number>();
for (const file of files.filter((f) => f.name.startsWith('tests/api/'))) {
  for (const test of file.tests) {
    const dialect = /\bpostgres\b/.test(test.fullName) ? 'postgres' : /\bsqlite\b/.test(test.fullName) ? 'sqlite' : 'either';
    byDialect.set(dialect, (byDialect.get(dialect) ?? 0) + (test.duration ?? 0) / 1000);
  }
}
console.log('== API test cases per database (their own time, without the files\' set-up)');
for (const [dialect, total] of byDialect) console.log(`${dialect.padEnd(10)}${seconds(total)}`);

console.log('== ten slowest files');
for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`${seconds(file.seconds)}  ${file.name}`);
