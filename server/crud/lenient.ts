/**
 * Bodies as `mall` clients send them, made acceptable where that is harmless, once for every
 * entity from its field kinds: the record's own read-only keys posted back (`id`, `createTime`,
 * counters) and the keys the entity declares ignored (`ignoredKeys`) are dropped, numbers written
 * as strings (`"61"`) become numbers, `""` in an optional image, URL or date means empty, an image
 * list may come comma-joined (`albumPics: "a.png,b.png"`, `""` for none), and child rows that carry
 * nothing are dropped (see `carriesNothing`), and a date or time of day may come as an ISO
 * date-time (`mall`'s date pickers post instants: see `wallClockValue`). Everything else is left for validation to judge, so
 * unknown keys (`shopId` on an entity without one among them) are still refused.
 */
import type { ChildRowsDecl, Entity, FieldDecl } from '../../src/schema/engine/entity';
import { DEFAULT_MAX_ROWS, secretSetFields, secretSetName } from '../../src/schema/engine/entity';
import { isNumericField, joinedImages, KINDS } from '../../src/schema/engine/kinds';
import { wallClockAt } from '../db/time';

/**
 * A number as a form or query string writes it: plain decimal digits, no spaces, exponent, hex,
 * leading zeros, `+` or `-0`. Anything else stays a string and fails the field's type check.
 */
export const NUMERIC_STRING = /^(?!-0(\.0+)?$)-?(0|[1-9]\d{0,14})(\.\d{1,15})?$/;

const isRow = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The camelCase key of a column (`product_id` → `productId`). */
const keyOfColumn = (column: string): string => column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * A child row as posted back: its server-managed values dropped, and its owner's id and shop
 * (`productId` of a SKU as `mall` answers it: the engine sets them), its values made lenient by their kinds.
 */
const lenientRow = (decl: ChildRowsDecl, row: unknown): unknown => {
  if (!isRow(row)) return row;
  const fields = decl.fields;
  const owner = new Set([decl.link, decl.tenant].filter((c): c is string => Boolean(c)).map(keyOfColumn).filter((key) => !Object.hasOwn(fields, key)));
  return Object.fromEntries(Object.entries(row)
    .filter(([key]) => !(Object.hasOwn(fields, key) && fields[key]!.serverManaged) && !owner.has(key))
    .map(([key, value]) => {
      if (key === 'id') return [key, typeof value === 'string' && NUMERIC_STRING.test(value) ? Number(value) : value];
      return [key, Object.hasOwn(fields, key) ? lenientValue(fields[key]!, value) : value];
    }));
};

/**
 * Nothing in a field of a child row: no value, `""`, or a zero where zero is no allowed value
 * (a ladder's `count: 0` with `min: 1`: the untouched input of `mall`'s form, not a number typed).
 */
const isBlankValue = (decl: FieldDecl, value: unknown): boolean =>
  value === undefined || value === null || value === ''
  || (value === 0 && isNumericField(decl) && decl.kind !== 'reference' && (decl.min ?? 0) > 0);

/**
 * A child row `mall`'s forms send for every slot whether filled or not, read by its field kinds:
 * it names no stored row (`id`), its required values (references aside: they say which slot, not
 * what it holds) are all blank and its other numbers are blank or zero; a row with no required
 * value is blank when every value is. `mall`'s all-zero default ladder row `{count: 0, discount:
 * 0, price: 0}` and full-reduction row, a member-price row with no price (that level pays the
 * normal price) and an attribute value row with no value are such rows: dropped, as `mall` keeps
 * nothing useful of them, instead of refused. A row holding any number (`{stock: 5}`) is kept, so
 * what is missing in it is still refused.
 */
const carriesNothing = (decl: ChildRowsDecl, row: unknown): boolean => {
  if (!isRow(row) || (row.id !== undefined && row.id !== null)) return false;
  const values = Object.entries(decl.fields).filter(([, d]) => !d.serverManaged && d.kind !== 'reference');
  const required = values.filter(([, d]) => d.required);
  if (!required.length) return values.every(([key, d]) => isBlankValue(d, row[key]));
  return required.every(([key, d]) => isBlankValue(d, row[key]))
    && values.filter(([, d]) => !d.required && isNumericField(d)).every(([key, d]) => isBlankValue(d, row[key]) || row[key] === 0);
};

const ISO_DATE_TIME = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d(?::\d\d)?)(?:\.\d{1,9})?(Z|[+-]\d\d:?\d\d)?$/;

/**
 * A date or a time of day (wall-clock values of the shop's time zone, the server's `TZ`) sent as
 * an ISO date-time, as `mall`'s date pickers do: an instant (`2026-12-07T16:00:00.000Z`, a
 * browser's local midnight) is read on the server's wall clock (`2026-12-08` in Shanghai); a
 * date-time without an offset (`1970-01-01T08:00:00`, as times are answered) is read as written.
 * Anything else is left for validation.
 */
const wallClockValue = (kind: 'date' | 'time', value: string): string => {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return value;
  const [, day, time, offset] = match as unknown as [string, string, string, string | undefined];
  if (!offset) return kind === 'date' ? day : time.length === 5 ? `${time}:00` : time;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  const clock = wallClockAt(ms);
  return kind === 'date' ? clock.date : clock.time;
};

/**
 * One value of a declared field as the validation should see it. `record`: a field of a create or
 * update body (mall's forms), where child rows that carry nothing are dropped; an action's rows
 * (a cashier binding of amount 0) are judged as sent.
 */
export const lenientValue = (decl: FieldDecl, value: unknown, record = false): unknown => {
  if (decl.children && Array.isArray(value)) {
    const rows = value.map((row) => lenientRow(decl.children!, row));
    // A list longer than allowed is refused as a whole, whatever its rows hold.
    if (!record || rows.length > (decl.children.max ?? DEFAULT_MAX_ROWS)) return rows;
    return rows.filter((row) => !carriesNothing(decl.children!, row));
  }
  if (decl.kind === 'images' && typeof value === 'string') return joinedImages(value);
  // `mall`'s forms write "no reference" as 0 (`feightTemplateId: 0`): in a record's body an optional
  // reference declared `zeroIsNone` reads 0 as none, as a reference parameter of 0 is not given (lenientParam).
  if (record && decl.kind === 'reference' && decl.zeroIsNone && !decl.required && (value === 0 || value === '0')) return null;
  if (decl.kind === 'references' && Array.isArray(value)) {
    const number = (id: unknown) => (typeof id === 'string' && NUMERIC_STRING.test(id) ? Number(id) : id);
    // Relation rows (`[{ subjectId: "3" }]`) are read like the bare ids they stand for.
    return value.map((item: unknown) => (decl.relation?.rows && item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).map(([key, v]) => [key, number(v)]))
      : number(item)));
  }
  if (typeof value !== 'string') return value;
  if ((decl.kind === 'date' || decl.kind === 'time') && ISO_DATE_TIME.test(value)) return wallClockValue(decl.kind, value);
  if (isNumericField(decl) && NUMERIC_STRING.test(value)) return Number(value);
  if (value === '' && !decl.required && (KINDS[decl.kind].emptyIsNull || decl.url)) return null;
  return value;
};

/**
 * Keys a client may post back but never sets: the id, the server-managed fields, whether a secret
 * is set, and the keys the entity declares ignored (`mall`'s fields it does not store, its own
 * answers' extras).
 */
const readOnlyKeys = (entity: Entity): Set<string> =>
  new Set(['id', ...(entity.ignoredKeys ?? []), ...Object.entries(entity.fields).filter(([, decl]) => decl.serverManaged).map(([name]) => name),
    ...secretSetFields(entity).map(([name]) => secretSetName(name))]);

/** The create or update body with `mall`'s harmless extras taken out; a non-object body is returned as it is. */
export const lenientBody = (entity: Entity, body: unknown): unknown => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const ignored = readOnlyKeys(entity);
  // fromEntries keeps a posted `__proto__` an own key (refused as unknown), never a prototype.
  return Object.fromEntries(Object.entries(body as Record<string, unknown>)
    .filter(([key]) => !ignored.has(key))
    .map(([key, value]) => {
      const decl = Object.hasOwn(entity.fields, key) ? entity.fields[key] : undefined;
      return [key, decl ? lenientValue(decl, value, true) : value];
    }));
};

const ID_PART = /^\d{1,10}$/;

/**
 * One action parameter as a query string or form body carries it (server/crud/actions.ts): a
 * repeated key counts once (its last value), except an id list, which joins every value
 * (`menuIds=1,2&menuIds=3`); `""` is "not given" for anything but text, and `""` is the empty id
 * list (`menuIds=`: replace with nothing); a flag also reads `true`/`false`; a reference
 * of 0 is not given (`mall`'s "none"). A JSON body's values are taken as they are typed.
 */
export const lenientParam = (decl: FieldDecl, raw: unknown, fromText: boolean): unknown => {
  // `mall`'s status bodies write "no reference" as 0 (`companyAddressId: 0` when its address
  // picker found none): a reference parameter of 0 is not given (refused as missing where required).
  if (decl.kind === 'reference' && (raw === 0 || raw === '0')) return undefined;
  if (!fromText) return decl.kind === 'references' ? raw : lenientValue(decl, raw);
  if (decl.kind === 'references') {
    const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(',')).map((s) => s.trim()).filter((s) => s !== '');
    // Text that is no list of ids stays text, so validation names the parameter (invalid_ids).
    return parts.every((part) => ID_PART.test(part)) ? [...new Set(parts.map(Number))] : String(raw);
  }
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === '' && !KINDS[decl.kind].text) return undefined;
  // A switch in a query string (`?overOnly=true`), as Spring binds a boolean parameter.
  if (decl.kind === 'flag' && (value === 'true' || value === 'false')) return value === 'true' ? 1 : 0;
  return lenientValue(decl, value);
};
