/**
 * Valid request bodies and records for every declared entity, derived from the declarations
 * (src/schema), so a newly declared entity is covered by the generic API tests without anyone
 * listing its fields. A declaration the generator cannot satisfy (a pattern, a required json
 * field without a default) fails loudly instead of being skipped.
 */
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, Kysely } from 'kysely';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { ENTITIES } from '../../src/schema/entities';
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import { childEntityOf, columnFields, secretSetName, DEFAULT_MAX_ROWS, isTextKind, ownedTablesOf, writableFields } from '../../src/schema/engine/entity';
import { fieldSchema } from '../../src/schema/validation';
import { TIME_ANSWER_DAY } from '../../src/schema/engine/kinds';
import { endpointOf, fillUrl, placeholdersOf } from '../../src/schema/engine/endpoints';
import type { Endpoint } from '../../src/schema/engine/endpoints';
import type { Database } from '../../server/db/schema';
import type { AnyKysely } from '../../server/db/index';
import { dialectOf } from '../../server/db/index';
import { call } from './api';

export type Body = Record<string, unknown>;
export type ApiRecord = Body & { id: number };

export const API = '/api';
const DAY_MS = 86_400_000;
/** Far from "now", so time filters and sorts never meet rows other tests write with the clock. */
const BASE_TIME = Date.UTC(2031, 0, 1);

export const entityByName = (name: string): Entity => {
  const entity = (ENTITIES as unknown as Record<string, Entity>)[name];
  if (!entity) throw new Error(`no declared entity ${name}`);
  return entity;
};

export const routeOf = (entity: Entity, operation: string): Endpoint | undefined => endpointOf(entity, operation);

export const hasRoute = (operation: string) => (entity: Entity): boolean => routeOf(entity, operation) !== undefined;

/**
 * Whether the generic suites make this entity's records through its create route. Not when a
 * conditional unique binds the record to its owner (one pending VIP application per seller): every
 * generic create is the same caller's, so the second would be refused. Such entities are read
 * through an existing (seeded) record here, and their own tests create them (tests/api/vip-applications.test.ts).
 */
export const createdByFixtures = (entity: Entity): boolean => hasRoute('create')(entity)
  && !(entity.owner !== undefined && (entity.unique ?? []).some((u) => u.where !== undefined && u.fields.includes(entity.owner!)));

/** A generated route's URL under the API prefix with its `{placeholders}` filled in. */
export const urlOf = (route: Endpoint, values: Record<string, unknown> = {}): string => API + fillUrl(route.url, values);

/** Fields that appear as `{placeholders}` in the list path (grouping keys such as parentId). */
export const listPathFields = (entity: Entity): string[] => placeholdersOf(entity.listPath ?? '');

/** The list URL that can show `record` (per-parent lists need the record's parent). */
export const listUrlFor = (entity: Entity, record: Body, query = ''): string => {
  const route = routeOf(entity, 'list');
  if (!route) throw new Error(`${entity.name} has no list route`);
  return urlOf(route, record) + (query ? `?${query}` : '');
};

/**
 * Writable fields a selective update may send (immutable ones are accepted on create only): the
 * admin's own rule, imported so the generic tests send exactly what the admin sends.
 */
export { updatableFields } from '../../src/providers/entityDataProvider';

const pad = (n: number): string => String(n).padStart(6, '0');
/** Seconds of a day as `HH:mm:ss`. */
const clockText = (seconds: number): string =>
  [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const textBounds = (decl: FieldDecl): [number, number] =>
  decl.length ? [decl.length[0], decl.length[1]] : [decl.required || decl.kind === 'secret' ? 1 : 0, decl.kind === 'text' || decl.kind === 'secret' ? 500 : 1_000_000];

/**
 * Letters and digits only, of one fixed shape: sorts the same in JavaScript, SQLite and any
 * PostgreSQL collation (no spaces or punctuation that collations skip), and is unique by `seq`.
 */
const textValue = (name: string, decl: FieldDecl, seq: number): string => {
  const [min, max] = textBounds(decl);
  let value = `${capital(name)}${pad(seq)}`;
  if (value.length < min) value = value.padEnd(min, 'x');
  if (value.length > max) value = value.slice(value.length - max);
  // A URL pattern (resource.url, `/brand/**`): the same text as a path of its own.
  if (decl.pattern && !decl.pattern.test(value) && decl.pattern.test(`/${value}/**`)) value = `/${value}/**`;
  // An email pattern: the same text as an address.
  if (decl.pattern && !decl.pattern.test(value) && decl.pattern.test(`${value}@example.com`)) value = `${value}@example.com`;
  // A phone number pattern (digits only): a number unique by `seq`.
  if (decl.pattern && !decl.pattern.test(value) && decl.pattern.test(`138${pad(seq)}`)) value = `138${pad(seq)}`;
  // A web address field (`url: true`): the same text as a path on a web host.
  if (decl.url) value = `https://example.com/${value}`.slice(0, max);
  return value;
};

const numberBounds = (decl: FieldDecl): [number, number] => [decl.min ?? 0, decl.max ?? 1_000_000];

/** Each declaration's value schema, built once: zod builds a schema slowly (about a millisecond), and a file makes thousands of values. */
const schemas = new WeakMap<FieldDecl, ReturnType<typeof fieldSchema>>();
const schemaOf = (decl: FieldDecl) => {
  let schema = schemas.get(decl);
  if (!schema) schemas.set(decl, (schema = fieldSchema(decl)));
  return schema;
};

const assertValid = (entity: Entity, name: string, decl: FieldDecl, value: unknown): unknown => {
  if (!schemaOf(decl).safeParse(value).success) {
    throw new Error(`entity-bodies cannot make a valid ${entity.name}.${name} (${decl.kind}); teach it this declaration`);
  }
  return value;
};

/**
 * The values a referenced record is made with where a rule of the referencing entity's area reads
 * it (a flash sale's product: its price and stock bound the flash price and count), so that any
 * valid value of the referencing fields passes; the rule's own tests try the bounds.
 */
const RULE_TARGETS: Readonly<Record<string, Readonly<Record<string, Body>>>> = {
  flashProductRelation: { productId: { price: 99_999_999.99, stock: -1 } },
};

/**
 * Required json fields whose value names rows of another entity (the generator cannot read that
 * from a zod schema): the entity those ids point at. An account's roles (at least one).
 */
const JSON_ID_LISTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  admin: { roleIds: 'role' },
};

/**
 * Targets every record of one variant shares, even without `shareTargets`: a promotion's rules
 * match its products and sessions with its own shop, so a coupon, its picked product and a flash
 * sale's session made for one variant all belong to that variant's one shop.
 */
const COHERENT_TARGETS: ReadonlySet<string> = new Set(['shop']);

/** Whether a declared unique (conditional or not) holds the field. */
const inUnique = (entity: Entity, name: string): boolean => (entity.unique ?? []).some((u) => u.fields.includes(name));

export type FixtureDeps = {
  app: FastifyInstance; db: Kysely<Database>; token: string;
  /**
   * Make the records bodies point at (a product's shop, category, brand) once per variant and
   * keep them for the file, instead of new ones for every body (a full product body made seven
   * other records). For files that need a valid target, not a new one: a file that reads what
   * earlier fixtures left behind (another category than its product's) leaves this off.
   */
  shareTargets?: boolean;
};

/**
 * Makes bodies and records through the API. `variant` makes values differ between records of
 * one test (flags and enums alternate, numbers and times grow), so filters and sorts can tell
 * records apart; `seq` keeps every text value unique across the whole file.
 */
export const createFixtures = (deps: FixtureDeps) => {
  let seq = 0;
  const nextSeq = () => (seq += 1);

  /**
   * The records bodies point at, with `shareTargets`: one per target and variant, so two records
   * of one test still point at different targets where a filter or sort needs them to.
   * `otherValue` always makes new ones (a value other than the current one).
   */
  const targets = new Map<string, Promise<number>>();
  const shared = (key: string, make: () => Promise<number>, always = false): Promise<number> => {
    if (!deps.shareTargets && !always) return make();
    let id = targets.get(key);
    if (!id) {
      id = make();
      targets.set(key, id);
      // A failed make is not kept: the next body tries again (and fails as loudly).
      id.catch(() => targets.delete(key));
    }
    return id;
  };

  /** A valid value of one writable field. */
  let clockSecond = 0;
  const valueOf = async (
    entity: Entity, name: string, decl: FieldDecl, variant: number, timeIndex: number, clockIndex = 0, targetVariant = variant,
  ): Promise<unknown> => {
    // Grouping keys with a default (parentId 0 = top level) keep it: other values need a parent row.
    if (listPathFields(entity).includes(name) && decl.default !== undefined && decl.kind !== 'reference') return decl.default;
    switch (decl.kind) {
      case 'text': case 'longText': case 'richText':
        return assertValid(entity, name, decl, textValue(name, decl, nextSeq()));
      // A secret unlike any other value (a password: not a common one, not holding the username).
      case 'secret': return assertValid(entity, name, decl, textValue(`${name}Qz7`, decl, nextSeq()));
      case 'int': {
        const [min, max] = numberBounds(decl);
        return assertValid(entity, name, decl, Math.min(min + variant, max));
      }
      case 'money': {
        const [min, max] = numberBounds(decl);
        return assertValid(entity, name, decl, Math.min(min + variant + 0.25, max));
      }
      case 'ratio': return assertValid(entity, name, decl, Math.min((decl.min ?? 0) + 0.125 + variant / 100, decl.max ?? 1));
      case 'flag': return variant % 2;
      case 'enum': {
        const options = decl.options ?? [];
        return options[variant % options.length]!.value;
      }
      // Later-declared dates are 30 days later (an end after its start), as times are.
      case 'date': return new Date(BASE_TIME + timeIndex * 30 * DAY_MS + variant * 2 * DAY_MS).toISOString().slice(0, 10);
      // Later-declared times are 30 days later (an end after its start); variants 2 days apart.
      case 'dateTime': return new Date(BASE_TIME + timeIndex * 30 * DAY_MS + variant * 2 * DAY_MS).toISOString();
      // Times of day: a record's first one starts a second of its own before 08:00 (no two records'
      // spans overlap, nor the demo's sessions), its next one a second later (an end after its start).
      case 'time': {
        if (clockIndex === 0) clockSecond = nextSeq() % (8 * 3600 - 1);
        return clockText(clockSecond + clockIndex);
      }
      case 'image': return `/uploads/${name}-${nextSeq()}.png`;
      case 'images': return [`/uploads/${name}-${nextSeq()}.png`];
      case 'reference': {
        const target = entityByName(decl.reference!.entity);
        const overrides = RULE_TARGETS[entity.name]?.[name];
        // A field some declared unique holds (one home-page entry per brand) points at a new record every time.
        if (inUnique(entity, name)) return (await referenceTarget(target, variant, overrides)).id;
        return shared(`${target.name} ${targetVariant} ${JSON.stringify(overrides ?? {})}`, async () => (await referenceTarget(target, targetVariant, overrides)).id,
          COHERENT_TARGETS.has(target.name));
      }
      // A stored many-to-many picks a record meeting its condition; an action's id list starts empty.
      case 'references': return decl.relation ? [await shared(`pick ${decl.reference!.entity} ${targetVariant} ${JSON.stringify(decl.relation.where ?? {})}`, () => pickFor(decl, targetVariant))] : [];
      case 'json': {
        if (decl.default !== undefined) return decl.default;
        const target = JSON_ID_LISTS[entity.name]?.[name];
        if (target) return assertValid(entity, name, decl, [(await create(entityByName(target), variant)).id]);
        throw new Error(`entity-bodies cannot make ${entity.name}.${name} (json without a default)`);
      }
      case 'children': {
        // As many rows as the list needs (one at least), each with every writable field of the row.
        const rows: Body[] = [];
        for (let i = 0; i < Math.max(decl.children!.min ?? 0, 1); i += 1) {
          const row: Body = {};
          const rowEntity = childEntityOf(entity, name);
          for (const [field, child] of writableFields(rowEntity)) {
            row[field] = await valueOf(rowEntity, field, child, variant + i, timeIndex, 0, targetVariant + i);
          }
          rows.push(row);
        }
        return rows;
      }
    }
  };

  /**
   * A new record a reference field may point at: in a tree with a depth limit, one at the deepest
   * level (a product sits in a second-level category), valid wherever a shallower one is.
   */
  const referenceTarget = async (target: Entity, variant: number, overrides: Body = {}): Promise<ApiRecord> => {
    let record = await create(target, variant, overrides);
    for (let level = 1; target.tree?.levels && level < target.tree.levels; level += 1) {
      record = await create(target, variant, { [target.tree.parent]: record.id });
    }
    await forSale(target, record.id);
    return record;
  };

  /** A product a record points at is on sale and verified: promotions refuse any other. */
  const forSale = async (target: Entity, id: number): Promise<void> => {
    if (target.table === 'pms_product') await (deps.db as unknown as AnyKysely).updateTable('pms_product').set({ publish_status: 1, verify_status: 1 }).where('id', '=', id).execute();
  };

  /** A new record a reference list may pick (meeting its condition). */
  const pickFor = async (decl: FieldDecl, variant: number): Promise<number> => {
    const target = entityByName(decl.reference!.entity);
    const { id } = await create(target, variant, decl.relation?.where ?? {});
    await forSale(target, id);
    return id;
  };

  /**
   * A create body. `full`: every writable field; otherwise only the required ones (and
   * grouping keys), so the server's defaults show. `targetVariant`: the variant of the records
   * the body points at (kept for the file with `shareTargets`), where the values vary from body
   * to body but the targets need not.
   */
  const bodyFor = async (entity: Entity, variant = 0, options: { full?: boolean; targetVariant?: number } = {}): Promise<Body> => {
    const body: Body = {};
    let timeIndex = 0;
    let clockIndex = 0;
    for (const [name, decl] of writableFields(entity)) {
      const needed = decl.required || listPathFields(entity).includes(name);
      if (!options.full && !needed) continue;
      const dated = decl.kind === 'dateTime' || decl.kind === 'date';
      body[name] = await valueOf(entity, name, decl, variant, dated ? timeIndex : 0, clockIndex, options.targetVariant ?? variant);
      if (dated) timeIndex += 1;
      if (decl.kind === 'time') clockIndex += 1;
    }
    return satisfyRules(entity, body);
  };

  /**
   * The body with the fields a cross-field rule refuses (a coupon's minimum spend just below its
   * amount) moved to their declared default or lower bound, one field at a time while that helps;
   * the `kept` fields (a test's overrides) stay as given.
   */
  const satisfyRules = (entity: Entity, body: Body, kept: readonly string[] = []): Body => {
    const errorsOf = (b: Body) => (entity.refine?.(b as never) ?? []).length;
    let out = { ...body };
    for (const [name, decl] of writableFields(entity)) {
      if (!errorsOf(out)) break;
      if (kept.includes(name) || !(name in out)) continue;
      for (const candidate of [decl.default, decl.min]) {
        if (candidate === undefined) continue;
        const tried = { ...out, [name]: candidate };
        if (errorsOf(tried) < errorsOf(out)) out = tried;
      }
    }
    return out;
  };

  /** A record made through `POST {path}/create`, as the server answered it. */
  const create = async (entity: Entity, variant = 0, overrides: Body = {}, options: { full?: boolean } = { full: true }): Promise<ApiRecord> => {
    const route = routeOf(entity, 'create');
    if (!route) throw new Error(`${entity.name} has no create route`);
    const body = satisfyRules(entity, { ...(await bodyFor(entity, variant, options)), ...overrides }, Object.keys(overrides));
    const answer = await call<ApiRecord>(deps.app, 'POST', urlOf(route), { token: deps.token, body });
    if (answer.status !== 200 || answer.body?.code !== 200) {
      throw new Error(`create ${entity.name} failed: ${answer.status} ${answer.raw}\nbody: ${JSON.stringify(body)}`);
    }
    return answer.body.data;
  };

  /** A record to read or update: a new one where the entity has create, else its first row (orderSetting). */
  const anyRecordId = async (entity: Entity): Promise<number> => {
    if (createdByFixtures(entity)) return (await create(entity)).id;
    const row = await (deps.db as unknown as AnyKysely).selectFrom(entity.table).select('id').orderBy('id').executeTakeFirst();
    if (!row) throw new Error(`${entity.name} has no create route and no row`);
    return Number(row.id);
  };

  const get = async (entity: Entity, id: number): Promise<ApiRecord> => {
    const answer = await call<ApiRecord>(deps.app, 'GET', urlOf(routeOf(entity, 'get')!, { id }), { token: deps.token });
    if (answer.status !== 200) throw new Error(`get ${entity.name} ${id} failed: ${answer.status} ${answer.raw}`);
    return answer.body.data;
  };

  /**
   * A different valid value for a selective update of `name`, or null when the field's
   * meaning needs more than a value (grouping keys, json relation lists: see engine-entity-rules).
   */
  const otherValue = async (entity: Entity, name: string, decl: FieldDecl, current: unknown, record?: Body): Promise<unknown> => {
    // A reference that shares a value with its record (`sameAs`: a product's template of its shop) points at a new row holding it.
    const same = decl.kind === 'reference' && decl.sameAs && record ? { [decl.sameAs]: record[decl.sameAs] } : undefined;
    const value = same ? (await referenceTarget(entityByName(decl.reference!.entity), 0, same)).id : await anotherValue(entity, name, decl, current);
    // A value a cross-field rule refuses beside the record's others (a minimum spend just below the amount) is no value to try alone.
    const broken = (b: Body) => (entity.refine?.(b as never) ?? []).length;
    if (record && value !== null && broken({ ...record, [name]: value }) > broken(record)) return null;
    return value;
  };
  const anotherValue = async (entity: Entity, name: string, decl: FieldDecl, current: unknown): Promise<unknown> => {
    // A secret is never read back to compare: its own tests follow it (tests/api/engine-entity-secrets.test.ts).
    if (listPathFields(entity).includes(name) || decl.kind === 'json' || decl.kind === 'secret' || (decl.kind === 'references' && !decl.relation)) return null;
    switch (decl.kind) {
      case 'text': case 'longText': case 'richText': return textValue(name, decl, nextSeq());
      case 'ratio': {
        const value = typeof current === 'number' && current + 0.01 <= (decl.max ?? 1) ? Math.round((current + 0.01) * 10_000) / 10_000 : decl.min ?? 0;
        return value === current ? null : value;
      }
      case 'int': case 'money': {
        const [min, max] = numberBounds(decl);
        const value = typeof current === 'number' && current + 1 <= max ? current + 1 : min;
        return value === current ? null : value;
      }
      case 'flag': return current === 1 ? 0 : 1;
      case 'enum': {
        const other = (decl.options ?? []).find((o) => o.value !== current);
        return other ? other.value : null;
      }
      case 'date': return new Date(Date.parse(String(current)) + DAY_MS).toISOString().slice(0, 10);
      // A time of day moved alone could pass its pair (an end before its start) or meet another record's span.
      case 'time': return null;
      // One hour later keeps every declared start before its end (times are 30 days apart).
      case 'dateTime': return new Date(Date.parse(String(current)) + 3_600_000).toISOString();
      case 'image': return `/uploads/${name}-${nextSeq()}.png`;
      case 'images': return [`/uploads/${name}-${nextSeq()}.png`];
      case 'reference': return (await referenceTarget(entityByName(decl.reference!.entity), 0)).id;
      case 'references': return [await pickFor(decl, 0)];
      // A whole new list of rows is not "another value" of the same rows (see engine-lists).
      case 'children': return null;
    }
  };

  return { bodyFor, satisfyRules, create, anyRecordId, get, otherValue, nextSeq };
};

export type Fixtures = ReturnType<typeof createFixtures>;

/** A value of the wrong JSON type for a field (a string for numbers, a number for text...). */
export const wrongTypeOf = (decl: FieldDecl): unknown => {
  if (isTextKind(decl.kind) || ['image', 'date', 'dateTime', 'time', 'secret'].includes(decl.kind)) return 12345;
  // A string is an image list too (mall's comma-joined form): a number is no list in either form.
  if (decl.kind === 'images') return 12345;
  if (decl.kind === 'children') return 'not-a-list';
  if (decl.kind === 'json') return 'not-json-shaped';
  return 'not-a-number';
};

/** Values outside a field's declared range, each with the message key the server must answer. */
export const outOfRangeOf = (decl: FieldDecl): { value: unknown; messageKey: string }[] => {
  switch (decl.kind) {
    case 'text': case 'longText': case 'richText': case 'secret': {
      const [min, max] = textBounds(decl);
      const key = decl.length ? 'length_between' : 'too_long';
      const values = [{ value: 'x'.repeat(max + 1), messageKey: key }];
      if (min > 1) values.push({ value: 'x'.repeat(min - 1), messageKey: 'length_between' });
      return values;
    }
    case 'int': case 'money': {
      const values = [{ value: (decl.min ?? 0) - 1, messageKey: 'too_small' }];
      if (decl.min === undefined && decl.kind === 'int') values[0] = { value: -2_147_483_649, messageKey: 'too_small' };
      values.push({ value: decl.max === undefined ? (decl.kind === 'int' ? 2_147_483_648 : 100_000_000) : decl.max + 1, messageKey: 'too_big' });
      if (decl.kind === 'int') values.push({ value: 1.5, messageKey: 'invalid_type' });
      return values;
    }
    case 'ratio': return [
      { value: (decl.min ?? 0) - 0.01, messageKey: 'too_small' }, { value: (decl.max ?? 1) + 0.01, messageKey: 'too_big' },
      { value: 0.12345, messageKey: 'invalid_format' },
    ];
    case 'flag': return [{ value: 2, messageKey: 'invalid_value' }, { value: -1, messageKey: 'invalid_value' }];
    case 'enum': {
      const numeric = typeof decl.options?.[0]?.value === 'number';
      return [{ value: numeric ? 99 : 'no-such-option', messageKey: 'invalid_value' }];
    }
    case 'date': return [{ value: '2024-13-01', messageKey: 'invalid_date' }];
    case 'time': return [{ value: '24:00:00', messageKey: 'invalid_format' }, { value: '8:00', messageKey: 'invalid_format' }];
    case 'dateTime': return [{ value: '2024-05-01 10:00:00', messageKey: 'invalid_date' }, { value: 'tomorrow', messageKey: 'invalid_date' }];
    case 'image': return [{ value: 'javascript:alert(1)', messageKey: 'invalid_format' }, { value: `/${'x'.repeat(600)}.png`, messageKey: 'too_long' }];
    case 'images': return [{ value: ['not a url'], messageKey: 'invalid_format' }];
    // 0 is none where mall's forms write it so (`zeroIsNone`).
    case 'reference': return [...(decl.zeroIsNone ? [] : [{ value: 0, messageKey: 'too_small' }]), { value: -3, messageKey: 'too_small' }];
    case 'references': return [{ value: 'x', messageKey: decl.relation ? 'invalid_type' : 'invalid_ids' }, { value: Array.from({ length: (decl.maxCount ?? 1000) + 1 }, (_v, i) => i + 1), messageKey: decl.relation?.maxMessage ?? 'too_many_ids' }];
    case 'json': return [];
    case 'children': {
      const { min = 0, max = DEFAULT_MAX_ROWS, minMessage, maxMessage } = decl.children!;
      // Too many rows are refused as a whole, whatever the rows hold.
      const values: { value: unknown; messageKey: string }[] = [{ value: Array.from({ length: max + 1 }, () => ({})), messageKey: maxMessage ?? 'too_many_rows' }];
      if (min > 0) values.push({ value: [], messageKey: minMessage ?? 'too_few_rows' });
      return values;
    }
  }
};

/** Every entity table name plus the tables of their lists (child rows, relations), for "nothing changed" checks. */
const tablesOf = new WeakMap<readonly Entity[], string[]>();
export const dataTables = (entities: readonly Entity[]): string[] => {
  let tables = tablesOf.get(entities);
  if (!tables) tablesOf.set(entities, (tables = [...new Set(entities.flatMap((e) => [e.table, ...ownedTablesOf(e).map((t) => t.table)]))]));
  return tables;
};

/** The PostgreSQL version statement of a set of tables, compiled once. */
const pgVersions = new Map<string, CompiledQuery>();
/** Per database, each table's JSON text as last read, with the version it was read at. */
const pgRows = new WeakMap<object, Map<string, { version: string; rows: string }>>();

/**
 * Everything a refused request must leave alone: the full contents of the entity tables (so a
 * half-applied update shows, not only inserts) and the number of audit rows. Each table is kept as
 * the JSON text of its rows in id order: comparing two snapshots compares strings (a deep compare of
 * ~2,000 demo rows, twice per case, was most of the generic files' time).
 *
 * On PostgreSQL the database writes that text, and only for the tables that changed since the last
 * snapshot of this database: a table's version (its row count and the newest transaction id among
 * its row versions, `xmin`) is read first, in one statement for all of them. A committed insert or
 * update writes row versions with a newer transaction id than any before it (the requests of these
 * tests run one after another), and a delete lowers the count, so a table whose version is the one
 * its text was read at still holds exactly that text. Writing every row of every table out as JSON
 * twice per case was most of the database's CPU in the generic files.
 */
export const snapshotData = async (db: Kysely<Database>, entities: readonly Entity[]): Promise<Record<string, unknown>> => {
  const anyDb = db as unknown as AnyKysely;
  const tables = dataTables(entities);
  const lastAudit = sql<number | string | null>`(SELECT max(id) FROM sys_audit_log)`.as('sys_audit_log');
  if (dialectOf(anyDb) === 'postgres') {
    // The audit log (an entity's table too) is kept as its newest id, as below.
    const read = tables.filter((table) => table !== 'sys_audit_log');
    const versionOf = (table: string) => sql<string>`(SELECT count(*) || ':' || coalesce(max(xmin::text::bigint), 0) FROM ${sql.table(table)})`;
    const key = read.join(',');
    let query = pgVersions.get(key);
    if (!query) pgVersions.set(key, (query = anyDb.selectNoFrom([...read.map((table) => versionOf(table).as(table)), lastAudit]).compile()));
    const versions = (await anyDb.executeQuery(query)).rows[0] as Record<string, unknown>;
    let known = pgRows.get(db);
    if (!known) pgRows.set(db, (known = new Map()));
    const stale = read.filter((table) => known.get(table)?.version !== versions[table]);
    if (stale.length) {
      // Each stale table's text with the version it is read at, in one statement.
      const fresh = await anyDb.selectNoFrom(stale.flatMap((table, i) => [
        versionOf(table).as(`v${i}`),
        sql<string>`(SELECT coalesce(json_agg(x ORDER BY x.id)::text, '[]') FROM ${sql.table(table)} x)`.as(`r${i}`),
      ])).executeTakeFirstOrThrow() as Record<string, string>;
      stale.forEach((table, i) => known.set(table, { version: fresh[`v${i}`]!, rows: fresh[`r${i}`]! }));
    }
    return { ...Object.fromEntries(read.map((table) => [table, known.get(table)!.rows])), sys_audit_log: Number(versions.sys_audit_log ?? 0) };
  }
  const snapshot: Record<string, unknown> = {};
  for (const table of tables) snapshot[table] = JSON.stringify(await anyDb.selectFrom(table).selectAll().orderBy('id').execute());
  const audit = await anyDb.selectNoFrom([lastAudit]).executeTakeFirstOrThrow() as { sys_audit_log: number | string | null };
  snapshot.sys_audit_log = Number(audit.sys_audit_log ?? 0);
  return snapshot;
};

/** Id of the newest audit row (0 when none), to read the rows a request added. */
export const lastAuditId = async (db: Kysely<Database>): Promise<number> => {
  const row = await db.selectFrom('sys_audit_log').select((eb) => eb.fn.max('id').as('last')).executeTakeFirstOrThrow();
  return Number(row.last ?? 0);
};

export const auditRowsSince = async (db: Kysely<Database>, id: number) =>
  db.selectFrom('sys_audit_log').selectAll().where('id', '>', id).orderBy('id').execute();

/**
 * A field a create takes but no answer carries: a secret (answered as `<field>Set` at most) or a
 * virtual input the area keeps elsewhere (an account's `roleIds`, read through an action).
 */
export const isWriteOnly = (decl: FieldDecl): boolean =>
  decl.kind === 'secret' || Boolean(decl.virtual && !decl.serverManaged && !decl.children && !decl.relation && !decl.nameOf);

/** The keys a record answers: its fields but the write-only ones, and `<field>Set` of an optional secret. */
export const answeredFieldNames = (entity: Entity): string[] => Object.entries(entity.fields).flatMap(([name, decl]) => {
  if (decl.kind === 'secret') return decl.required ? [] : [secretSetName(name)];
  return isWriteOnly(decl) ? [] : [name];
});

/** A body without its write-only fields: what the answer echoes. */
export const answeredPart = (entity: Entity, body: Body): Body =>
  Object.fromEntries(Object.entries(body).filter(([name]) => !(Object.hasOwn(entity.fields, name) && isWriteOnly(entity.fields[name]!)))
    .map(([name, value]) => [name, Object.hasOwn(entity.fields, name) ? answeredValue(entity.fields[name]!, value) : value]));

/** A sent value as the server answers it: the picks of a reference list kept as relation rows come back as rows (RelationDecl `rows`). */
export const answeredValue = (decl: FieldDecl, value: unknown): unknown => {
  // A `joined` image list is answered as mall does, comma-joined.
  if (decl.kind === 'images' && decl.joined && Array.isArray(value)) return value.join(',');
  // A time of day is answered on 1970-01-01 (a date-time mall's lists parse), with its seconds.
  if (decl.kind === 'time' && typeof value === 'string') return `${TIME_ANSWER_DAY}T${value.length === 5 ? `${value}:00` : value}`;
  const rows = decl.relation?.rows;
  if (!rows || !Array.isArray(value)) return value;
  // The names beside a pick are read from the picked row (a product's SKU code; null where it has none).
  const named = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number';
  return value.map((pick: unknown) => ({
    id: expect.any(Number), [rows.own]: rows.ownNull ? null : expect.any(Number),
    [rows.other]: pick !== null && typeof pick === 'object' ? (pick as Record<string, unknown>)[rows.other] : pick,
    ...Object.fromEntries(Object.keys(rows.names ?? {}).map((key) => [key, expect.toSatisfy(named, `${key} is a name or null`)])),
  }));
};

/**
 * Virtual fields list answers carry too: what an area fills (`afterList`: an account's roles), the
 * counts of picks (`pickCount`) and values read from referenced records (every list answers those).
 */
export const listFilledFieldNames = (entity: Entity): string[] =>
  Object.entries(entity.fields).filter(([, d]) => d.virtual && d.serverManaged && (d.list || d.countOf || d.readFrom) && !d.nameOf && !d.children && !d.relation).map(([name]) => name);

/** Names of the fields stored in the entity's table (what list answers carry). */
export const storedFieldNames = (entity: Entity): string[] =>
  columnFields(entity).flatMap(([name, decl]) => (decl.kind !== 'secret' ? [name] : decl.required ? [] : [secretSetName(name)]));
