/**
 * Writes src/admin/screenRequestTable.ts, the route -> first-request table the entry reads without
 * loading the declarations, from the declarations (src/admin/screenRequestPlan.ts), and
 * src/admin/firstDrawTable.ts, the lists' columns and texts the first draw writes the early answer
 * with (src/admin/firstDrawPlan.ts), and src/admin/homeFirstDrawTexts.ts, the texts home's first draw writes.
 * Run after changing an entity's routes, list or get path, default sort, sortable or list fields, or
 * their texts; tests/unit/shell-screen-request-table.test.ts and shell-first-draw-table.test.ts fail until then.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { screenRequestTableSource } from '../src/admin/screenRequestPlan';
import { firstDrawTableSource, homeDrawTextsSource } from '../src/admin/firstDrawPlan';
import { firstDrawInputs } from '../src/admin/firstDrawInputs';

const target = fileURLToPath(new URL('../src/admin/screenRequestTable.ts', import.meta.url));
writeFileSync(target, screenRequestTableSource());
console.log(`wrote ${target}`);

const { table, shell, home } = await firstDrawInputs();
const drawTarget = fileURLToPath(new URL('../src/admin/firstDrawTable.ts', import.meta.url));
writeFileSync(drawTarget, firstDrawTableSource(table, shell));
console.log(`wrote ${drawTarget}`);

const homeTarget = fileURLToPath(new URL('../src/admin/homeFirstDrawTexts.ts', import.meta.url));
writeFileSync(homeTarget, homeDrawTextsSource(home));
console.log(`wrote ${homeTarget}`);
