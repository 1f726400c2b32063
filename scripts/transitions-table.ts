/**
 * Prints the transition table of docs/guide/transitions.md from the registered entities' declarations
 * (`npx tsx scripts/transitions-table.ts`), then the order's state table; unit tests check the guide against both.
 */
import { entityList } from '../src/schema/entities';
import { ORDER_REFUNDED_ROW, ORDER_STATUS_FACETS, order } from '../src/schema/oms/entities';
import { stateTable, transitionTable } from './transition-table';

process.stdout.write(transitionTable(entityList));
// The order's states, with the stored payment and delivery status each has, and "refunded" (docs/guide/transitions.md: <!-- order-states -->).
process.stdout.write(`\n${stateTable(order, ORDER_STATUS_FACETS, [ORDER_REFUNDED_ROW])}`);
