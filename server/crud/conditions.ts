/**
 * The SQL of a list's conditions (filters, column comparisons, keyword search): what a list's
 * parameters (./list-params.ts) select, written for both databases.
 */
import { sql } from 'kysely';
import type { AnyEb } from '../db/index';
import type { ColumnsCondition, Condition } from './list-params';

type Eb = AnyEb;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const likeOf = (column: string, pattern: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;

/**
 * The column holds `text` anywhere, ignoring case, its `%`, `_` and `\` taken literally: the one
 * keyword match of lists and of areas' own searches, alike on both databases (SQLite's LIKE has
 * no escape character unless the statement names one).
 */
export const likeContains = (column: string, text: string) => likeOf(column, `%${escapeLike(text)}%`);

const COMPARE_SQL = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/**
 * A column-comparison filter, written as the engine's partial index states its rows
 * (`compareWhereSql` in ./indexes.ts: the excluded values as literals, from the declaration), so
 * both databases see that the index holds every row the list asks for.
 */
const columnsConditionOf = (eb: Eb, c: ColumnsCondition) => eb.and([
  eb(c.column, COMPARE_SQL[c.op], eb.ref(c.than)),
  ...c.except.map((value) => eb(c.column, '<>', sql.lit(value))),
]);

export const conditionOf = (eb: Eb, c: Condition) => {
  if (c.than !== undefined) return columnsConditionOf(eb, c);
  switch (c.op) {
    case 'eq': return eb(c.column, '=', c.value);
    case 'gte': return eb(c.column, '>=', c.value);
    case 'lte': return eb(c.column, '<=', c.value);
    case 'lt': return eb(c.column, '<', c.value);
    case 'like': return likeContains(c.column, String(c.value));
    case 'prefix': return likeOf(c.column, `${escapeLike(String(c.value))}%`);
  }
};
