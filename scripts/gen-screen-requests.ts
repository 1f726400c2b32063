/**
 * Writes src/admin/screenRequestTable.ts, the route -> first-request table the entry reads without
 * loading the declarations, from the declarations (src/admin/screenRequestPlan.ts).
 * Run after changing an entity's routes, list or get path, default sort or sortable fields;
 * tests/unit/shell-screen-request-table.test.ts fails until then.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { screenRequestTableSource } from '../src/admin/screenRequestPlan';

const target = fileURLToPath(new URL('../src/admin/screenRequestTable.ts', import.meta.url));
writeFileSync(target, screenRequestTableSource());
console.log(`wrote ${target}`);
