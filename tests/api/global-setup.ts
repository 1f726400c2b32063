// The API project's run: the seeded templates its files copy (tests/helpers/db-templates.ts) are
// removed when it ends, with any left by runs that died. Runs in vitest's main process, the parent
// of the test workers, whose id names the run's templates.
import { removeTemplates } from '../helpers/db-templates';

export default async function setup(): Promise<() => Promise<void>> {
  await removeTemplates(String(process.pid));
  return () => removeTemplates(String(process.pid));
}
