/**
 * The display names of referenced records (`referenceName` fields: a shop's `ownerName`, a mold's
 * `shopName`), read in the same statement as the rows that name them. They are read from the
 * referenced table without the reader's permissions or shop scope on purpose: a seller may not
 * read the admin accounts, yet sees who owns a shop, and no list has to ask the browser for a
 * look-up it cannot make. Only the referenced record's display field is given away, and only for
 * references the reader can see.
 *
 * One correlated subquery per name field, not a query per field after the rows: on PostgreSQL
 * each of those was a round trip of its own (a product list page paid four), which was most of
 * what its list requests cost beyond the floor.
 */
import type { AliasedExpression, Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import { columnOf } from '../../src/schema/engine/entity';
import type { AnyEb } from '../db/index';
import type { ApiRecord, Row } from './row';
import { fromColumnValue } from './row';

type NameJoin = {
  /** The `referenceName` field filled. */
  readonly name: string;
  /** The reference field whose id it names, and its column in the entity's table. */
  readonly field: string;
  readonly refColumn: string;
  readonly table: string;
  readonly column: string;
  /** The display field's declaration (null for `id`), to read the value as the API shows it. */
  readonly decl: FieldDecl | null;
  /** What an empty reference reads as (`referenceName`'s `none`). */
  readonly none: string | null;
  /** The result column the statement answers the name in: a prefix no declared column has. */
  readonly alias: string;
};

export type ReferenceNames = {
  /** Nothing to name: the statements stay as they were. */
  readonly none: boolean;
  /** The name columns of rows read from `from` (the entity's table or its alias), for Kysely's `select`. */
  readonly select: (eb: AnyEb, from: string) => AliasedExpression<unknown, string>[];
  /** The same columns as SQL text for a hand-written statement reading the table as `from`. */
  readonly sqlText: (from: string) => string;
  /** Fills the name fields of `records` from the `rows` they were read from (same order). */
  readonly fill: (records: ApiRecord[], rows: readonly Row[]) => ApiRecord[];
  /**
   * A list filter on the name field `name` (a recommendation's `brandName`): whether the record the
   * row of `from` references has a display value `compare` accepts (given its column), as an
   * EXISTS over the referenced table's primary key.
   */
  readonly where: (eb: AnyEb, from: string, name: string, compare: (column: string) => Expression<SqlBool>) => Expression<SqlBool>;
};

const ALIAS_PREFIX = 'sys_name_';

const joinsOf = (entity: Entity, targets: readonly Entity[]): NameJoin[] =>
  Object.entries(entity.fields).flatMap(([name, decl]) => {
    if (!decl.nameOf) return [];
    const refDecl = entity.fields[decl.nameOf];
    const reference = refDecl?.reference;
    const target = reference && targets.find((e) => e.name === reference.entity);
    // A declaration mistake: fail when the server starts, not on the first read.
    if (!refDecl || !reference || !target) throw new Error(`${entity.name}.${name}: ${decl.nameOf} is no reference to a known entity`);
    if (refDecl.virtual) throw new Error(`${entity.name}.${name}: ${decl.nameOf} is not a stored column`);
    const display = target.fields[reference.display];
    if (reference.display !== 'id' && (!display || display.virtual)) {
      throw new Error(`${entity.name}.${name}: ${target.name}.${reference.display} is not a stored field`);
    }
    return [{
      name,
      field: decl.nameOf,
      refColumn: columnOf(decl.nameOf, refDecl),
      table: target.table,
      column: display ? columnOf(reference.display, display) : 'id',
      decl: display ?? null,
      none: decl.noneName ?? null,
      alias: `${ALIAS_PREFIX}${name}`,
    }];
  });

const textOf = (join: NameJoin, value: unknown): string | null => {
  const shown = join.decl ? fromColumnValue(join.decl, value) : value;
  return shown === null || shown === undefined ? null : String(shown);
};

/** Declared identifiers only (src/schema), quoted for hand-written SQL. */
const quoted = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/**
 * The name columns of `entity` (`targets`: every entity a reference may point at). A dangling
 * reference reads as null, an empty one as the declared `none` (else null).
 */
export const referenceNames = (entity: Entity, targets: readonly Entity[]): ReferenceNames => {
  const joins = joinsOf(entity, targets);
  const select: ReferenceNames['select'] = (eb, from) => joins.map((join) =>
    // The referenced table under its own alias: a self-reference (a category's parent) still
    // compares with the outer row.
    eb.selectFrom(`${join.table} as sys_named`).select(`sys_named.${join.column}`)
      .whereRef('sys_named.id', '=', `${from}.${join.refColumn}`).as(join.alias));
  const sqlText: ReferenceNames['sqlText'] = (from) => joins.map((join) =>
    `(select sys_named.${quoted(join.column)} from ${quoted(join.table)} sys_named where sys_named.id = ${from}.${quoted(join.refColumn)}) as ${quoted(join.alias)}`).join(', ');
  const fill: ReferenceNames['fill'] = (records, rows) => {
    if (!joins.length) return records;
    records.forEach((record, index) => {
      const row = rows[index]!;
      for (const join of joins) {
        const id = record[join.field];
        // Empty (null): the declared name of "none"; a dangling id: null, the record is gone.
        record[join.name] = id === null || id === undefined ? join.none : textOf(join, row[join.alias]);
      }
    });
    return records;
  };
  const where: ReferenceNames['where'] = (eb, from, name, compare) => {
    const join = joins.find((j) => j.name === name);
    if (!join) throw new Error(`${entity.name}.${name} is no reference name`);
    return eb.exists(eb.selectFrom(`${join.table} as sys_named`).select(sql.lit(1).as('one'))
      .whereRef('sys_named.id', '=', `${from}.${join.refColumn}`).where(compare(`sys_named.${join.column}`)));
  };
  return { none: !joins.length, select, sqlText, fill, where };
};
