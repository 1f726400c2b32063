/**
 * `npm test`: the whole suite as two vitest runs side by side, the browser files (one at a time)
 * beside the unit, API and UI files (two at a time). One vitest run cannot do this: a project that
 * runs one file at a time forms a group of its own, and vitest runs groups one after another, so
 * the browser files ran alone at the end while a browser test leaves most of a core idle (it waits
 * on the page). With arguments that pick files or projects it is a plain `vitest run`.
 *
 * `--outputFile=F` (with `--reporter=json`) gets each run's report as F.<run>.json and the merged
 * report as F, which scripts/ci-report.ts reads. Each output line is prefixed with its run's name.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];

/** vitest options whose value may follow as the next argument. */
const TAKES_VALUE = new Set(['-t', '--testNamePattern', '--reporter', '--outputFile', '--project', '--maxWorkers', '-c', '--config',
  '--root', '--dir', '--shard', '--environment', '--pool', '--bail', '--retry', '--exclude', '--testTimeout', '--hookTimeout']);

/** An argument that is not an option nor an option's value (a file filter), or a project choice: the caller picks what runs. */
const picksFiles = args.some((arg, i) => (!arg.startsWith('-') && !TAKES_VALUE.has(args[i - 1] ?? ''))
  || arg === '--project' || arg.startsWith('--project='));

const runAlone = (): void => {
  const child = spawn(process.execPath, [...VITEST, ...args], { stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
};

type Report = Record<string, unknown> & { testResults: unknown[]; success: boolean; startTime: number };

/** The value of `--outputFile` (either spelling), and the arguments without it. */
const splitOutputFile = (): { outputFile: string | null; rest: string[] } => {
  const rest: string[] = [];
  let outputFile: string | null = null;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg.startsWith('--outputFile=')) outputFile = arg.slice('--outputFile='.length);
    else if (arg === '--outputFile') outputFile = args[++i] ?? null;
    else rest.push(arg);
  }
  return { outputFile, rest };
};

const run = (name: string, projects: string[], rest: string[], outputFile: string | null): Promise<number> => {
  const own = [...rest, ...projects.flatMap((p) => ['--project', p]), ...(outputFile ? [`--outputFile=${outputFile}.${name}.json`] : [])];
  const child = spawn(process.execPath, [...VITEST, ...own], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
  const prefix = `${name.padEnd(4)}│ `;
  createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${prefix}${line}\n`));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
};

/** Sums the counts of the runs' JSON reports and joins their files. */
const mergeReports = (outputFile: string, names: string[]): void => {
  const reports = names.map((name) => JSON.parse(readFileSync(`${outputFile}.${name}.json`, 'utf8')) as Report);
  const merged: Report = { ...reports[0]!, testResults: [], success: true, startTime: Math.min(...reports.map((r) => r.startTime)) };
  const counts = Object.keys(merged).filter((key) => key.startsWith('num') && typeof merged[key] === 'number');
  for (const key of counts) merged[key] = 0;
  for (const report of reports) {
    for (const key of counts) merged[key] = Number(merged[key]) + Number(report[key] ?? 0);
    merged.testResults.push(...report.testResults);
    merged.success &&= report.success;
  }
  writeFileSync(outputFile, JSON.stringify(merged));
};

const runSideBySide = async (): Promise<void> => {
  const { outputFile, rest } = splitOutputFile();
  const started = Date.now();
  const runs = [
    { name: 'main', projects: ['unit', 'api', 'ui', 'ui-isolated'] },
    { name: 'e2e', projects: ['e2e'] },
  ];
  const codes = await Promise.all(runs.map((r) => run(r.name, r.projects, rest, outputFile).then((code) => {
    console.log(`== ${r.name} run: exit ${code} after ${Math.round((Date.now() - started) / 1000)} s`);
    return code;
  })));
  if (outputFile) {
    try {
      mergeReports(outputFile, runs.map((r) => r.name));
    } catch (error) {
      console.error(`could not merge the JSON reports into ${outputFile}:`, error);
      process.exitCode = 1;
    }
  }
  if (codes.some((code) => code !== 0)) process.exitCode = 1;
};

if (picksFiles) runAlone();
else void runSideBySide();
