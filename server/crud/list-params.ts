/**
 * The query of a generated list endpoint, parsed strictly: paging, the declared filters and
 * search, `ids` (react-admin's getMany) and the `sort`/`order` extension. Unknown parameters and
 * values of the wrong type are refused with field errors naming the parameter.
 */
import type { FieldError, MessageParams } from '../../src/schema/api';
import { fieldError } from '../../src/schema/api';
import type { z } from 'zod';
import type { CompareOp, Entity, FieldDecl, FilterOp } from '../../src/schema/engine/entity';
import { columnOf, compareFiltersOf, filterOf, rangeOf } from '../../src/schema/engine/entity';
import { recycleBinOf } from '../../src/schema/engine/recycleBin';
import { PAGE_SIZE } from '../../src/schema/rules';
import { fieldSchema, isNumericField } from '../../src/schema/engine/kinds';
import { isUnsafeText, toFieldErrors } from '../../src/schema/validation';
import { validationFailed } from '../http/errors';
import { parseIds } from './ids';
import type { Bound, ServerKindSpec } from './kinds';
import { SERVER_KINDS } from './kinds';

/**
 * `lt` is internal: the exclusive end of a day-bounded time range. `named`: a filter on a
 * `referenceName` field, comparing the referenced record's display field; `column` is then the
 * reference's column (the repository compares through ./reference-names.ts).
 */
/**
 * `worked`: a filter on a `virtual` field (its value worked out from other rows); `column` is then
 * the field's name, and the area's `filterWhere` hook writes its condition (./hooks.ts).
 */
type ValueCondition = { column: string; op: FilterOp | 'lt'; value: string | number; named?: string; worked?: string; than?: never };
/** A declared column-comparison filter (`compareFilters`): `column` op `than`, never for a row whose column holds one of `except`. */
export type ColumnsCondition = { column: string; op: CompareOp; than: string; except: readonly number[]; value?: never; named?: never; worked?: never };
export type Condition = ValueCondition | ColumnsCondition;

export type ListParams = {
  pageNum: number;
  pageSize: number;
  conditions: Condition[];
  search: { columns: string[]; value: string } | null;
  ids: number[] | null;
  sort: { column: string; order: 'asc' | 'desc' };
  /** The recycle bin's records instead of the live ones (`?deleteStatus=1`; see src/schema/engine/recycleBin.ts). */
  bin?: boolean;
  /** The exact total whatever it costs (`?exactTotal=1`), where a long list's answer would otherwise bound it. */
  exactTotal?: boolean;
};

type Query = Record<string, unknown>;

const first = (value: unknown): string | undefined => {
  if (Array.isArray(value)) return value.length ? String(value[value.length - 1]) : undefined;
  return value === undefined || value === null ? undefined : String(value);
};

type FilterSpec = { name: string; decl: FieldDecl; param: string; op: FilterOp; column: string; numeric: boolean; schema: z.ZodType; named?: string; worked?: string };
type RangeSpec = { decl: FieldDecl; from: string; to: string; column: string; schema: z.ZodType; bound: NonNullable<ServerKindSpec['rangeBound']> };

/** The declared filters of an entity with their columns and value schemas, worked out once. */
const filterSpecs = new WeakMap<Entity, FilterSpec[]>();
const filtersOf = (entity: Entity): FilterSpec[] => {
  let specs = filterSpecs.get(entity);
  if (!specs) {
    specs = Object.entries(entity.fields).flatMap(([name, decl]) => {
      const filter = filterOf(name, decl);
      // A reference's name is no column: its filter compares the named record's display field.
      const reference = decl.nameOf ? entity.fields[decl.nameOf] : undefined;
      if (!filter) return [];
      // A virtual field's filter is the area's condition (`filterWhere`), named by the field.
      const worked = decl.virtual && !reference;
      const column = reference ? columnOf(decl.nameOf!, reference) : worked ? name : columnOf(name, decl);
      return [{
        name, decl, param: filter.param, op: filter.op, column, numeric: isNumericField(decl), schema: fieldSchema(decl),
        ...(reference ? { named: name } : {}), ...(worked ? { worked: name } : {}),
      }];
    });
    filterSpecs.set(entity, specs);
  }
  return specs;
};

const rangeSpecs = new WeakMap<Entity, RangeSpec[]>();
const rangesOf = (entity: Entity): RangeSpec[] => {
  let specs = rangeSpecs.get(entity);
  if (!specs) {
    specs = Object.entries(entity.fields).flatMap(([name, decl]) => {
      const range = rangeOf(name, decl);
      const bound = SERVER_KINDS[decl.kind].rangeBound;
      if (range && !bound) throw new Error(`${entity.name}.${name}: the server has no range bound for ${decl.kind}`);
      return range && bound && !decl.virtual ? [{ decl, ...range, column: columnOf(name, decl), schema: fieldSchema(decl), bound }] : [];
    });
    rangeSpecs.set(entity, specs);
  }
  return specs;
};

/** Whether the query bounds a time range by a day (`createTimeFrom=2026-05-01`): only then does the caller's zone matter. */
export const asksDayBounds = (entity: Entity, query: Query): boolean => rangesOf(entity).some((spec) =>
  spec.decl.kind === 'dateTime' && [spec.from, spec.to].some((param) => /^\d{4}-\d\d-\d\d$/.test(first(query[param]) ?? '')));

/** `timeZone`: the zone day bounds of time ranges count in (the caller's); UTC days without it. */
export const parseListQuery = (entity: Entity, query: Query, pathParams: Record<string, string> = {}, options: { timeZone?: string } = {}): ListParams => {
  const errors: FieldError[] = [];
  const error = (field: string, messageKey: FieldError['messageKey'], params?: MessageParams) => errors.push(fieldError(field, messageKey, params));
  const known = new Set(['pageNum', 'pageSize', 'ids', 'sort', 'order']);
  const all: Query = { ...query, ...pathParams };

  const intOf = (param: string, fallback: number, min: number, max: number): number => {
    const raw = first(all[param]);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value)) { error(param, 'invalid_type'); return fallback; }
    if (value < min || value > max) {
      if (param === 'pageSize' && value > max) error(param, 'page_size_too_big', { max });
      else error(param, 'out_of_range', { min, max });
      return fallback;
    }
    return value;
  };
  const pageNum = intOf('pageNum', 1, 0, 1_000_000);
  const pageSize = intOf('pageSize', PAGE_SIZE.default, 1, PAGE_SIZE.max);

  const conditions: Condition[] = [];
  for (const { decl, param, op, column, numeric, schema, named, worked } of filtersOf(entity)) {
    known.add(param);
    const raw = first(all[param]);
    if (raw === undefined || raw === '') continue;
    if (raw.length > 200) { error(param, 'too_long', { max: 200 }); continue; }
    if (numeric) {
      if (!/^-?\d+(\.\d+)?$/.test(raw)) { error(param, 'invalid_type'); continue; }
      const value = Number(raw);
      if (decl.options && !decl.options.some((o) => o.value === value)) { error(param, 'invalid_value'); continue; }
      // The field's own rules (integer, 0/1, declared range): a value no row can hold is bad input,
      // and PostgreSQL would fail the query on a fraction or a number beyond int4 (a 500).
      const checked = schema.safeParse(value);
      if (!checked.success) {
        for (const e of toFieldErrors(checked.error)) errors.push({ ...e, field: param });
        continue;
      }
      const { filterMax, toColumn } = SERVER_KINDS[decl.kind];
      if (filterMax !== undefined && value > filterMax) { error(param, 'too_big', { max: filterMax }); continue; }
      conditions.push({ column, op, value: toColumn(decl, value) as number, ...(worked ? { worked } : {}) });
    } else if (isUnsafeText(raw)) {
      error(param, 'invalid_format');
    } else if (decl.options && !decl.options.some((o) => o.value === raw)) {
      // A text enumeration (a payment channel): a value none of its options has is bad input, as for numeric ones.
      error(param, 'invalid_value');
    } else {
      conditions.push({ column, op, value: raw, ...(named ? { named } : {}), ...(worked ? { worked } : {}) });
    }
  }

  for (const spec of rangesOf(entity)) {
    const bounds: Partial<Record<'from' | 'to', Bound>> = {};
    for (const end of ['from', 'to'] as const) {
      const param = spec[end];
      known.add(param);
      const raw = first(all[param]);
      if (raw === undefined || raw === '') continue;
      if (raw.length > 40) { error(param, 'too_long', { max: 40 }); continue; }
      const bound = spec.bound(spec.decl, raw, end, spec.schema, options.timeZone);
      if ('error' in bound) error(param, bound.error);
      else bounds[end] = bound;
    }
    const { from, to } = bounds;
    // Stored forms compare like their values (numbers; fixed-width ISO text), so the check is one comparison.
    if (from && to && (to.op === 'lt' ? to.value <= from.value : to.value < from.value)) {
      error(spec.to, 'range_reversed');
      continue;
    }
    for (const bound of [from, to]) if (bound) conditions.push({ column: spec.column, op: bound.op, value: bound.value });
  }

  // Boolean: on keeps the rows where the two columns compare so; off (or absent) filters nothing.
  for (const filter of compareFiltersOf(entity)) {
    known.add(filter.param);
    const raw = first(all[filter.param]);
    if (raw === undefined || raw === '' || raw === '0' || raw === 'false') continue;
    if (raw !== '1' && raw !== 'true') { error(filter.param, 'invalid_value'); continue; }
    conditions.push({ column: filter.column, op: filter.op, than: filter.thanColumn, except: filter.except });
  }

  let search: ListParams['search'] = null;
  if (entity.search) {
    known.add(entity.search.param);
    const raw = first(all[entity.search.param]);
    if (raw !== undefined && raw !== '') {
      const max = entity.search.maxLength ?? 200;
      if (raw.length > max) error(entity.search.param, 'too_long', { max });
      else if (isUnsafeText(raw)) error(entity.search.param, 'invalid_format');
      else search = { columns: entity.search.fields.map((f) => columnOf(f, entity.fields[f]!)), value: raw };
    }
  }

  let ids: number[] | null = null;
  const rawIds = all.ids;
  if (rawIds !== undefined && rawIds !== '') {
    const parsed = parseIds(rawIds);
    if (parsed === null) error('ids', 'invalid_ids');
    else ids = parsed;
  }

  const fallback = entity.defaultSort ?? { field: 'id', order: 'DESC' as const };
  let sortField: string = fallback.field;
  let order: 'asc' | 'desc' = fallback.order === 'ASC' ? 'asc' : 'desc';
  const rawSort = first(all.sort);
  if (rawSort !== undefined && rawSort !== '') {
    if (rawSort === 'id' || entity.fields[rawSort]?.sortable) sortField = rawSort;
    else error('sort', 'invalid_value');
  }
  const rawOrder = first(all.order)?.toLowerCase();
  if (rawOrder !== undefined && rawOrder !== '') {
    if (rawOrder === 'asc' || rawOrder === 'desc') order = rawOrder;
    else error('order', 'invalid_value');
  }

  let bin = false;
  const recycleBin = recycleBinOf(entity);
  if (recycleBin) {
    known.add(recycleBin.param);
    const raw = first(all[recycleBin.param]);
    if (raw === '1') bin = true;
    else if (raw !== undefined && raw !== '' && raw !== '0') error(recycleBin.param, 'invalid_value');
  }

  // `exactTotal=1`: the exact total even when it costs a count of every matching row (the list's
  // answer otherwise says "more than N" past LIST_TOTAL_LIMITS.exactUpTo: ./list-read.ts).
  known.add('exactTotal');
  const rawExact = first(all.exactTotal);
  const exactTotal = rawExact === '1' || rawExact === 'true';
  if (rawExact !== undefined && rawExact !== '' && !exactTotal && rawExact !== '0' && rawExact !== 'false') error('exactTotal', 'invalid_value');

  for (const param of Object.keys(all)) {
    if (!known.has(param)) error(param, 'unknown_field');
  }
  if (errors.length) throw validationFailed(errors);
  const sortColumn = sortField === 'id' ? 'id' : columnOf(sortField, entity.fields[sortField]!);
  return { pageNum, pageSize, conditions, search, ids, sort: { column: sortColumn, order }, ...(bin ? { bin } : {}), ...(exactTotal ? { exactTotal } : {}) };
};
