/**
 * Prints the README's transition table from the registered entities' declarations
 * (`npx tsx scripts/transitions-table.ts`), then the order's state table; unit tests check the README against both.
 */
import { entityList } from '../src/schema/entities';
import { ORDER_STATUS_FACETS, order } from '../src/schema/oms';
import { stateTable, transitionTable } from '../src/schema/transitionTable';

process.stdout.write(transitionTable(entityList));
// The order's states, with the payment and delivery status that follow from each (README: <!-- order-states -->).
process.stdout.write(`\n${stateTable(order, ORDER_STATUS_FACETS)}`);
