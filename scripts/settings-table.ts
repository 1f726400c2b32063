/**
 * Prints the settings table of docs/settings.md from server/config.ts (`npx tsx scripts/settings-table.ts`),
 * so the documentation is generated from the code the unit test checks it against.
 */
import { settingsTable } from '../server/config';

const escape = (text: string) => text.replace(/\|/g, '\\|');
const lines = [
  '| setting | default | meaning |',
  '|---|---|---|',
  ...settingsTable.map((s) => `| \`${s.name}\` | \`${escape(s.default)}\` | ${escape(s.meaning)} |`),
];
process.stdout.write(`${lines.join('\n')}\n`);
