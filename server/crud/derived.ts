/**
 * Derived values (FieldOptions.derived): server-managed fields an area works out from other fields
 * of the record and the rows they point at. The declaration says which fields and from what; the
 * area's `derive` hook says how; the engine says when (create, and an update that sends a source)
 * and keeps the rest consistent: nothing else may write the sources behind its back.
 */
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import type { EntityHooks, WriteContext } from './hooks';

export const derivedFields = (entity: Entity): [string, FieldDecl & { readonly derived: { readonly from: readonly string[] } }][] =>
  Object.entries(entity.fields).flatMap(([name, decl]) => (decl.derived ? [[name, decl as FieldDecl & { derived: { from: readonly string[] } }]] : []));

/**
 * Refuses at start what would leave a derived value stale or unset: a derived field a body could
 * write, one no area derives, a source that is not a field, or a source a batch switch or list
 * toggle writes (those write one column without the record's other fields).
 */
export const checkDerivedFields = (entity: Entity, hooks: EntityHooks | undefined): void => {
  for (const [name, decl] of derivedFields(entity)) {
    const at = `${entity.name}.${name}`;
    if (!decl.serverManaged) throw new Error(`${at} is derived: declare it serverManaged (a body never writes it)`);
    if (!hooks?.derive?.[name]) throw new Error(`${at} is derived but no area's hooks derive it`);
    for (const source of decl.derived.from) {
      const sourceDecl = entity.fields[source];
      if (!sourceDecl) throw new Error(`${at} is derived from ${source}, which ${entity.name} does not declare`);
      if (sourceDecl.toggle || entity.batch?.some((b) => b.kind === 'set' && b.field === source)) {
        throw new Error(`${at} is derived from ${source}, which a batch switch writes alone: the value would go stale`);
      }
    }
  }
  for (const name of Object.keys(hooks?.derive ?? {})) {
    if (!entity.fields[name]?.derived) throw new Error(`${entity.name}: the hooks derive ${name}, which is not declared derived`);
  }
};

/**
 * The derived values of a write, in API form, for the fields whose sources the write sends (every
 * one on create). `record` is the record as it will be. A deriver answering `undefined` leaves the
 * field as it is: its declared default on create.
 */
export const deriveValues = async (
  entity: Entity, hooks: EntityHooks, ctx: WriteContext, record: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> => {
  const values: Record<string, unknown> = {};
  for (const [name, decl] of derivedFields(entity)) {
    if (ctx.before && !decl.derived.from.some((source) => source in ctx.input)) continue;
    const value = await hooks.derive![name]!({ ...ctx, record });
    if (value !== undefined) values[name] = value;
    // Server-managed defaults are otherwise the column's; here the declaration's own stands.
    else if (!ctx.before && decl.default !== undefined) values[name] = decl.default;
  }
  return values;
};
