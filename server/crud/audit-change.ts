/**
 * One audit row of a write, as actions (./actions.ts) and transitions (./transitions.ts) both
 * answer them: a leaf, so neither of the two imports the other for it.
 */
/** One audit row of a write: the entity's table and the target's id unless said otherwise. */
export type AuditChange = { readonly table?: string; readonly id?: number | null; readonly before?: unknown; readonly after?: unknown };
