/**
 * Prints the README's transition table from the registered entities' declarations
 * (`npx tsx scripts/transitions-table.ts`); a unit test checks the README against it.
 */
import { entityList } from '../src/schema/entities';
import { transitionTable } from '../src/schema/transitionTable';

process.stdout.write(transitionTable(entityList));
