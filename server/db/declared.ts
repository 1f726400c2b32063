/**
 * Kysely table types derived from entity declarations (src/schema), so that a declared table is
 * described once: its fields. The rules are those of the engine at run time:
 * - a field's column is `column`, or its name in snake_case (`columnOf`); `virtual` fields have none;
 * - its type is its kind's column type (`KindColumn` in the server's kind table, server/crud/kinds.ts);
 * - it is never null when it is `required`, has a `default` (the engine writes it) or is stamped
 *   (`auto`); otherwise it may be null (and may be left out of an insert);
 * - `id` is generated; a `tenant` column that is not a field is the shop's id;
 * - child rows (`childRows`) and stored references (`references({ relation })`) add their tables.
 * Types only: server/db/schema.ts lists the columns at run time from the same declarations.
 */
import type { Generated } from 'kysely';
import type { Entity, FieldDecl, FieldKind } from '../../src/schema/engine/entity';
import type { KindColumn } from '../crud/kinds';

/** ISO-8601 UTC with milliseconds, `2024-05-01T16:00:00.000Z`; written only through ./time.ts. */
export type Timestamp = string;

/** `createTime` → `create_time`, as `columnOf` does (every capital letter). */
export type SnakeCase<S extends string, Done extends string = ''> = S extends `${infer C}${infer Rest}`
  ? SnakeCase<Rest, `${Done}${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}`>
  : Done;

type ColumnName<Name extends string, D> = D extends { readonly column: infer C extends string } ? C : SnakeCase<Name>;

type ColumnValue<D> = D extends { readonly kind: infer K extends FieldKind }
  ? K extends 'enum' ? (D extends FieldDecl<infer V> ? (V extends string ? string : number) : never) : KindColumn[K]
  : never;

type NeverNull<D> = D extends { readonly required: true } | { readonly default: unknown } | { readonly auto: 'create' | 'update' } ? true : false;

type ColumnType<D> = NeverNull<D> extends true ? ColumnValue<D> : ColumnValue<D> | null;

type Flat<T> = { [K in keyof T]: T[K] };

/** The columns of a set of declared fields (child rows have the same rules; an index signature is no field). */
export type ColumnsOf<F> = {
  -readonly [N in keyof F as N extends string ? string extends N ? never : F[N] extends { readonly virtual: true } ? never : ColumnName<N, F[N]> : never]:
    ColumnType<F[N]>;
};

type FieldsOf<E> = E extends Entity<infer F> ? F : never;

/** The table type of an entity's own table. */
export type TableOf<E extends Entity> = Flat<
  { id: Generated<number> } & ColumnsOf<FieldsOf<E>>
  & (E['tenant'] extends string ? (E['tenant'] extends 'id' | keyof ColumnsOf<FieldsOf<E>> ? unknown : Record<E['tenant'], number>) : unknown)
>;

/** The child and relation tables of an entity's fields, as `{ name, table }` pairs. */
type OwnedOf<E extends Entity> = E extends Entity ? {
  [N in keyof FieldsOf<E>]: FieldsOf<E>[N] extends { readonly children: { readonly table: infer T extends string; readonly link: infer L extends string; readonly fields: infer CF } }
    ? {
      name: T;
      table: Flat<{ id: Generated<number> } & Record<L, number> & ColumnsOf<CF>
        & (FieldsOf<E>[N] extends { readonly children: { readonly tenant: infer Tn extends string } } ? Record<Tn, number> : unknown)>;
    }
    : FieldsOf<E>[N] extends { readonly relation: { readonly table: infer T extends string; readonly own: infer O extends string; readonly other: infer X extends string } }
      ? { name: T; table: Flat<{ id: Generated<number> } & Record<O | X, number>> }
      : never;
}[keyof FieldsOf<E>] : never;

/** Every table of a registry of entities (ENTITIES), by table name. */
export type DeclaredTables<Es extends Record<string, Entity>> =
  & { [N in keyof Es as Es[N]['table']]: TableOf<Es[N]> }
  & { [P in OwnedOf<Es[keyof Es]> as P['name']]: P['table'] };
