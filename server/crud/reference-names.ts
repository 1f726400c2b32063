/**
 * The display names of referenced records (`referenceName` fields: a shop's `ownerName`, a mold's
 * `shopName`), joined in on every read. They are read from the referenced table without the
 * reader's permissions or shop scope on purpose: a seller may not read the admin accounts, yet
 * sees who owns a shop, and no list has to ask the browser for a look-up it cannot make. Only the
 * referenced record's display field is given away, and only for references the reader can see.
 */
import type { Entity, FieldDecl } from '../../src/schema/entity';
import { columnOf } from '../../src/schema/entity';
import type { AnyDb } from './hooks';
import { MAX_ID } from './ids';
import type { ApiRecord } from './row';
import { fromColumnValue } from './row';

/** Ids per look-up query: far below the bound-parameter limits of SQLite and PostgreSQL. */
const CHUNK = 1000;

type NameJoin = {
  /** The `referenceName` field filled. */
  readonly name: string;
  /** The reference field whose id it names. */
  readonly field: string;
  readonly table: string;
  readonly column: string;
  /** The display field's declaration (null for `id`), to read the value as the API shows it. */
  readonly decl: FieldDecl | null;
  /** What an empty reference reads as (`referenceName`'s `none`). */
  readonly none: string | null;
};

export type FillNames = (executor: AnyDb, records: ApiRecord[]) => Promise<void>;

const joinsOf = (entity: Entity, targets: readonly Entity[]): NameJoin[] =>
  Object.entries(entity.fields).flatMap(([name, decl]) => {
    if (!decl.nameOf) return [];
    const reference = entity.fields[decl.nameOf]?.reference;
    const target = reference && targets.find((e) => e.name === reference.entity);
    // A declaration mistake: fail when the server starts, not on the first read.
    if (!reference || !target) throw new Error(`${entity.name}.${name}: ${decl.nameOf} is no reference to a known entity`);
    const display = target.fields[reference.display];
    if (reference.display !== 'id' && (!display || display.virtual)) {
      throw new Error(`${entity.name}.${name}: ${target.name}.${reference.display} is not a stored field`);
    }
    return [{ name, field: decl.nameOf, table: target.table, column: display ? columnOf(reference.display, display) : 'id', decl: display ?? null, none: decl.noneName ?? null }];
  });

const textOf = (join: NameJoin, value: unknown): string | null => {
  const shown = join.decl ? fromColumnValue(join.decl, value) : value;
  return shown === null || shown === undefined ? null : String(shown);
};

/**
 * The function that fills `entity`'s name fields of already read records, one query per reference
 * field and chunk of ids; a dangling reference reads as null, an empty one as the declared `none` (else null). `targets`: every entity a
 * reference may point at.
 */
export const nameFiller = (entity: Entity, targets: readonly Entity[]): FillNames => {
  const joins = joinsOf(entity, targets);
  if (!joins.length) return async () => undefined;
  return async (executor, records) => {
    for (const join of joins) {
      const ids = [...new Set(records.map((r) => r[join.field]))]
        .filter((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= MAX_ID);
      const names = new Map<number, string | null>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await executor.selectFrom(join.table).select(['id', `${join.column} as display`])
          .where('id', 'in', ids.slice(i, i + CHUNK)).execute() as { id: unknown; display: unknown }[];
        for (const row of rows) names.set(Number(row.id), textOf(join, row.display));
      }
      for (const record of records) {
        const id = record[join.field];
        // Empty (null): the declared name of "none"; a dangling id: null, the record is gone.
        record[join.name] = typeof id === 'number' ? names.get(id) ?? null : id === null || id === undefined ? join.none : null;
      }
    }
  };
};
