/**
 * The display names of referenced records (`referenceName` fields: a shop's `ownerName`, a mold's
 * `shopName`) and other values read from them (`referenceValue` fields: a recommended product's
 * price, stock and sale state), read in the same statement as the rows that name them. They are read from the
 * referenced table without the reader's permissions or shop scope on purpose: a seller may not
 * read the admin accounts, yet sees who owns a shop, and no list has to ask the browser for a
 * look-up it cannot make. Only the referenced record's display field is given away, and only for
 * references the reader can see.
 *
 * One correlated subquery per name field, not a query per field after the rows: on PostgreSQL
 * each of those was a round trip of its own (a product list page paid four), which was most of
 * what its list requests cost beyond the floor.
 *
 * The counts of a record's picks (`pickCount` fields: a coupon's products) are read the same way,
 * one correlated count of the relation table's rows per field, for the same reason: a list row
 * says "3 products" without the picks read or a request per row.
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

type ReferenceNames = {
  /** Nothing to name or count: the statements stay as they were. */
  readonly none: boolean;
  /** The name columns of rows read from `from` (the entity's table or its alias), for Kysely's `select`. */
  readonly select: (eb: AnyEb, from: string) => AliasedExpression<unknown, string>[];
  /** The same columns as SQL text for a hand-written statement reading the table as `from`. */
  readonly sqlText: (from: string) => string;
  /** Fills the name fields of `records` from the `rows` they were read from (same order). */
  readonly fill: (records: ApiRecord[], rows: readonly Row[]) => ApiRecord[];
  /**
   * The pick counts of a record whose picks were written after its row was read (a create reads
   * its row, then writes its picks): the number of picks it now carries.
   */
  readonly recount: (record: ApiRecord) => ApiRecord;
  /**
   * A list filter on the name field `name` (a recommendation's `brandName`): whether the record the
   * row of `from` references has a display value `compare` accepts (given its column), as an
   * EXISTS over the referenced table's primary key.
   */
  readonly where: (eb: AnyEb, from: string, name: string, compare: (column: string) => Expression<SqlBool>) => Expression<SqlBool>;
};

const ALIAS_PREFIX = 'sys_name_';
const VALUE_PREFIX = 'sys_value_';

/** A `referenceValue` field: the referenced record's columns it is read from, each one subquery. */
type ValueJoin = {
  readonly name: string;
  readonly field: string;
  readonly refColumn: string;
  readonly table: string;
  /** Each source field: its name in the target, its column, its declaration and the result column. */
  readonly sources: readonly { readonly field: string; readonly column: string; readonly decl: FieldDecl; readonly alias: string }[];
  readonly derive: ((values: Readonly<Record<string, unknown>>) => unknown) | null;
};

const valueJoinsOf = (entity: Entity, targets: readonly Entity[]): ValueJoin[] =>
  Object.entries(entity.fields).flatMap(([name, decl]) => {
    const from = decl.readFrom;
    if (!from) return [];
    const refDecl = entity.fields[from.of];
    const reference = refDecl?.reference;
    const target = reference && targets.find((e) => e.name === reference.entity);
    // A declaration mistake: fail when the server starts, not on the first read.
    if (!refDecl || !reference || !target || refDecl.kind !== 'reference') throw new Error(`${entity.name}.${name}: ${from.of} is no reference to a known entity`);
    if (refDecl.virtual) throw new Error(`${entity.name}.${name}: ${from.of} is not a stored column`);
    if (!from.fields.length || (from.fields.length > 1 && !from.derive)) throw new Error(`${entity.name}.${name}: one field, or several and a derive`);
    const sources = from.fields.map((field, index) => {
      const source = target.fields[field];
      if (field === 'id') return { field, column: 'id', decl: { kind: 'int' } as FieldDecl, alias: `${VALUE_PREFIX}${name}_${index}` };
      if (!source || source.virtual || source.kind === 'secret') throw new Error(`${entity.name}.${name}: ${target.name}.${field} is not a stored field`);
      return { field, column: columnOf(field, source), decl: source, alias: `${VALUE_PREFIX}${name}_${index}` };
    });
    return [{ name, field: from.of, refColumn: columnOf(from.of, refDecl), table: target.table, sources, derive: from.derive ?? null }];
  });

const COUNT_PREFIX = 'sys_count_';

type CountJoin = {
  /** The `pickCount` field filled. */
  readonly name: string;
  /** The relation table and its column holding the record's id. */
  readonly table: string;
  readonly own: string;
  readonly alias: string;
};

const countsOf = (entity: Entity): CountJoin[] =>
  Object.entries(entity.fields).flatMap(([name, decl]) => {
    if (!decl.countOf) return [];
    const relation = entity.fields[decl.countOf]?.relation;
    // A declaration mistake: fail when the server starts, not on the first read.
    if (!relation) throw new Error(`${entity.name}.${name}: ${decl.countOf} is no reference list kept in a relation table`);
    return [{ name, table: relation.table, own: relation.own, alias: `${COUNT_PREFIX}${name}` }];
  });

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
  const values = valueJoinsOf(entity, targets);
  const counts = countsOf(entity);
  // Every column read from a referenced record: the names, then each value's sources.
  const columns = [
    ...joins.map((join) => ({ table: join.table, column: join.column, refColumn: join.refColumn, alias: join.alias })),
    ...values.flatMap((value) => value.sources.map((source) => ({ table: value.table, column: source.column, refColumn: value.refColumn, alias: source.alias }))),
  ];
  const select: ReferenceNames['select'] = (eb, from) => [
    ...columns.map((join) =>
      // The referenced table under its own alias: a self-reference (a category's parent) still
      // compares with the outer row.
      eb.selectFrom(`${join.table} as sys_named`).select(`sys_named.${join.column}`)
        .whereRef('sys_named.id', '=', `${from}.${join.refColumn}`).as(join.alias)),
    ...counts.map((count) =>
      eb.selectFrom(`${count.table} as sys_counted`).select((inner) => inner.fn.countAll().as('picks'))
        .whereRef(`sys_counted.${count.own}`, '=', `${from}.id`).as(count.alias)),
  ];
  const sqlText: ReferenceNames['sqlText'] = (from) => [
    ...columns.map((join) =>
      `(select sys_named.${quoted(join.column)} from ${quoted(join.table)} sys_named where sys_named.id = ${from}.${quoted(join.refColumn)}) as ${quoted(join.alias)}`),
    ...counts.map((count) =>
      `(select count(*) from ${quoted(count.table)} sys_counted where sys_counted.${quoted(count.own)} = ${from}.id) as ${quoted(count.alias)}`),
  ].join(', ');
  const fill: ReferenceNames['fill'] = (records, rows) => {
    if (!columns.length && !counts.length) return records;
    records.forEach((record, index) => {
      const row = rows[index]!;
      for (const value of values) {
        const id = record[value.field];
        // Empty, or a record that is gone (no source column read): null, never a value derived from nothing.
        const present = id !== null && id !== undefined && value.sources.some((source) => row[source.alias] !== null && row[source.alias] !== undefined);
        if (!present) {
          record[value.name] = null;
          continue;
        }
        const read = Object.fromEntries(value.sources.map((source) => [source.field, fromColumnValue(source.decl, row[source.alias])]));
        record[value.name] = value.derive ? value.derive(read) ?? null : read[value.sources[0]!.field] ?? null;
      }
    });
    records.forEach((record, index) => {
      const row = rows[index]!;
      for (const join of joins) {
        const id = record[join.field];
        // Empty (null): the declared name of "none"; a dangling id: null, the record is gone.
        record[join.name] = id === null || id === undefined ? join.none : textOf(join, row[join.alias]);
      }
      // PostgreSQL answers a count as text (bigint).
      for (const count of counts) record[count.name] = Number(row[count.alias] ?? 0);
    });
    return records;
  };
  const where: ReferenceNames['where'] = (eb, from, name, compare) => {
    const join = joins.find((j) => j.name === name);
    if (!join) throw new Error(`${entity.name}.${name} is no reference name`);
    return eb.exists(eb.selectFrom(`${join.table} as sys_named`).select(sql.lit(1).as('one'))
      .whereRef('sys_named.id', '=', `${from}.${join.refColumn}`).where(compare(`sys_named.${join.column}`)));
  };
  const recount: ReferenceNames['recount'] = (record) => {
    for (const count of counts) {
      const picks: unknown = record[entity.fields[count.name]!.countOf!];
      if (Array.isArray(picks)) record[count.name] = picks.length;
    }
    return record;
  };
  return { none: !columns.length && !counts.length, select, sqlText, fill, recount, where };
};
