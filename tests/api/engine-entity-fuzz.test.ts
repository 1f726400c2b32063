// Protects: generated bad bodies, query strings and ids on every generated endpoint and declared action never give a 5xx or a malformed envelope, and change nothing.
/**
 * Property test: generated bad bodies (random JSON values, wrong-typed fields, extra keys, huge
 * strings) and bad query strings / path ids thrown at every generated endpoint of every entity,
 * and at every declared action (the registered entities' and a fixture's).
 * Whatever arrives, the answer is never a 5xx, every error is a well-formed envelope, and the
 * database does not change. Runs are bounded (RUNS per endpoint and input style) so the file
 * stays well under a minute per dialect; fast-check prints the seed of any failure.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import { filterOf, isTextKind, writableFields } from '../../src/schema/engine/entity';
import { NUMERIC_STRING } from '../../server/crud/lenient';
import { actionEndpointsOf, operationsOf } from '../../src/schema/engine/endpoints';
import type { Endpoint } from '../../src/schema/engine/endpoints';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import type { Body, Fixtures } from '../helpers/entity-bodies';
import { API, createdByFixtures, createFixtures, hasRoute, listPathFields, snapshotData, updatableFields } from '../helpers/entity-bodies';
import { createGadgetTable, GADGET_BUILD, gadget, insertGadget } from '../helpers/action-fixture';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture, fxVault } from '../fixtures/engine';
import { fxPlan, LIST_FIXTURE_TABLES, LIST_FIXTURES } from '../fixtures/lists';

/** Per endpoint and input style; FUZZ_RUNS raises it for a longer (nightly) hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const JSON_TYPE = { 'content-type': 'application/json' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const anyJson = fc.jsonValue({ maxDepth: 3 });
/** True when a `__proto__` or `constructor` key sits anywhere inside: the server refuses such a body as malformed JSON before any field is read. */
const hasPoisonKey = (v: unknown): boolean => v !== null && typeof v === 'object'
  && (Array.isArray(v) ? v.some(hasPoisonKey) : Object.keys(v).some((k) => k === '__proto__' || k === 'constructor' || hasPoisonKey((v as Record<string, unknown>)[k])));
/** Strings with what breaks naive servers: NUL, quotes, LIKE wildcards, escapes, RTL, emoji. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', "'; drop table pms_brand; --", '%', '_', '\\', '"', '\u202e', '😀', 'NaN', 'Infinity', '-0', '1e309', '0x10', '__proto__', 'x'.repeat(300)),
);
/** A non-object JSON body: never a valid create or update. */
const nonObject = fc.oneof(fc.constant(null), fc.array(anyJson, { maxLength: 3 }), fc.string(), fc.double(), fc.integer(), fc.boolean());

/** A value of a JSON type the field never accepts. */
const wrongTyped = (decl: FieldDecl): fc.Arbitrary<unknown> => {
  const containers = [fc.array(anyJson, { maxLength: 2 }), fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 2 })];
  if (isTextKind(decl.kind) || ['image', 'date', 'dateTime', 'secret'].includes(decl.kind)) return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), ...containers);
  // Not a string: an image list may travel as mall's comma-joined string, and "" is the empty list.
  if (decl.kind === 'images') return fc.oneof(fc.integer(), fc.boolean(), fc.dictionary(fc.string(), anyJson, { maxKeys: 2 }));
  if (decl.kind === 'json') return anyJson.filter((v) => v !== null && decl.schema?.safeParse(v).success === false);
  if (decl.kind === 'children') return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 2 }));
  if (decl.kind === 'references') {
    return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 2 }),
      fc.array(nastyString.filter((v) => !NUMERIC_STRING.test(v)), { minLength: 1, maxLength: 3 }));
  }
  // A strictly numeric string is a number to the server (mall clients send "61"), so not wrong-typed.
  return fc.oneof(nastyString.filter((v) => !NUMERIC_STRING.test(v)), fc.boolean(), ...containers);
};

const textMax = (decl: FieldDecl): number => decl.length?.[1] ?? (decl.kind === 'text' || decl.kind === 'secret' ? 500 : 1_000_000);

/**
 * A body that is bad for sure (an extra key, a wrong-typed field or an over-long string), on top
 * of a valid base with a few random overwrites; or a non-object JSON value.
 */
const badBody = (entity: Entity, base: Body, fields: [string, FieldDecl][], bodyLimit: number): fc.Arbitrary<unknown> => {
  const names = fields.map(([n]) => n);
  // Read-only keys (id, server-managed fields, immutable ones posted back unchanged) are ignored,
  // not refused: an extra key is none of them.
  const ignored = ['id', ...Object.entries(entity.fields).filter(([, d]) => d.serverManaged || d.immutable).map(([n]) => n)];
  const extraKey = fc.tuple(fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !names.includes(k) && !ignored.includes(k)), anyJson)
    .map(([k, v]) => [k, v] as [string, unknown]);
  const wrongField = fc.constantFrom(...fields).chain(([n, d]) => wrongTyped(d).map((v) => [n, v] as [string, unknown]));
  const texts = fields.filter(([, d]) => isTextKind(d.kind) || d.kind === 'secret');
  const huge = texts.length
    ? fc.constantFrom(...texts).chain(([n, d]) => fc.integer({ min: 1, max: 2000 })
      .map((extra) => [n, 'x'.repeat(textMax(d) > bodyLimit ? bodyLimit + extra : textMax(d) + extra)] as [string, unknown]))
    : extraKey;
  const overwrite = fc.tuple(fc.constantFrom(...names), fc.oneof(anyJson, nastyString));
  return fc.oneof(
    { arbitrary: nonObject, weight: 1 },
    {
      arbitrary: fc.tuple(fc.array(overwrite, { maxLength: 3 }), fc.oneof(extraKey, wrongField, huge))
        .map(([overwrites, bad]) => Object.fromEntries([...Object.entries(base), ...overwrites, bad])),
      weight: 4,
    },
  );
};

/** Path ids that name no record: not a positive number, or past every id in the test database. */
const badPathId = fc.oneof(
  fc.string({ maxLength: 12 }).filter((s) => !/^\s*\d+\s*$/.test(s)),
  fc.constantFrom('0', '00', '-1', '1.0', '1e3'),
  fc.bigInt({ min: 2_000_000_000n, max: 10n ** 15n }).map(String),
);

/** Text that can never be read as an id (so a list containing it is refused as a whole). */
const garbageId = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => /[^\d\s,]/.test(s));
const missingId = fc.integer({ min: 2_000_000_000, max: 2_147_483_647 }).map(String);

/** The batch value is valid only as a number the field allows (flags and numeric enums; for whole numbers, any number). */
const isValidBatchValue = (decl: FieldDecl, raw: string): boolean => {
  // A whole number set through its own path (a sort): only text no reading takes as a number is surely bad.
  if (decl.kind === 'int') return raw.trim() === '' || Number.isFinite(Number(raw));
  if (decl.kind !== 'flag' && decl.kind !== 'enum') throw new Error(`engine-entity-fuzz: teach isValidBatchValue the ${decl.kind} kind`);
  const allowed = decl.kind === 'flag' ? [0, 1] : (decl.options ?? []).map((o) => o.value);
  return /^-?\d+(\.\d+)?$/.test(raw) && allowed.includes(Number(raw));
};

const encode = (pairs: [string, string][]): string => new URLSearchParams(pairs).toString();

/**
 * What expectWellFormedRefusal checks, in plain code: nearly every answer passes, and a few thousand
 * expect() calls per file cost more than the requests' own checks. Where this says no, the expects
 * run and say what is wrong.
 */
const isWellFormedRefusal = (answer: Answer): boolean => {
  const body = answer.body as unknown as Record<string, unknown> | null | undefined;
  if (answer.status < 400 || answer.status >= 500 || body === null || typeof body !== 'object') return false;
  if (typeof body.code !== 'number' || typeof body.message !== 'string' || typeof body.messageKey !== 'string' || body.data !== null) return false;
  const errors = body.errors ?? [];
  return Array.isArray(errors) && errors.every((e: unknown) => e !== null && typeof e === 'object'
    && typeof (e as Record<string, unknown>).field === 'string' && typeof (e as Record<string, unknown>).messageKey === 'string'
    && typeof (e as Record<string, unknown>).message === 'string');
};

/** Every 4xx is an envelope with a code, a readable message and a stable key; field errors name a field. */
const expectWellFormedRefusal = (answer: Answer, what: string) => {
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.body, what).toMatchObject({ code: expect.any(Number), message: expect.any(String), messageKey: expect.any(String), data: null });
  for (const e of answer.body.errors ?? []) expect(e, what).toMatchObject({ field: expect.any(String), messageKey: expect.any(String), message: expect.any(String) });
};

describe.each(testDialects())('fuzzed bad input at every generated endpoint (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let fx: Fixtures;
  const existing = new Map<string, number[]>();
  const bases = new Map<string, Body>();
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true }, GADGET_BUILD);
    await createGadgetTable(t.db);
    const shop = await t.db.selectFrom('shop').select('id').orderBy('id').executeTakeFirstOrThrow();
    existing.set(gadget.name, [await insertGadget(t.db, shop.id, 'Fuzz one'), await insertGadget(t.db, shop.id, 'Fuzz two')]);
    existing.set('admin', (await t.db.selectFrom('ums_admin').select('id').orderBy('id').limit(2).execute()).map((r) => r.id));
    token = await login(t.app, DEMO.admin);
    fx = createFixtures({ app: t.app, db: t.db, token, shareTargets: true });
    for (const entity of entityList) {
      existing.set(entity.name, createdByFixtures(entity)
        ? [(await fx.create(entity, 0)).id, (await fx.create(entity, 1)).id]
        : [await fx.anyRecordId(entity)]);
      if (hasRoute('create')(entity)) bases.set(entity.name, await fx.bodyFor(entity, 0, { full: true }));
    }
  }, 60_000);
  afterAll(async () => t?.close());

  /** Runs a property over one endpoint and checks the database did not change during it. */
  const checkEndpoint = async <T>(arbitrary: fc.Arbitrary<T>, request: (input: T) => Promise<{ answer: Answer; what: string; write: boolean }>) => {
    const before = await snapshotData(t.db, entityList);
    await fc.assert(fc.asyncProperty(arbitrary, async (input) => {
      const { answer, what, write } = await request(input);
      if (answer.status < 500 && !((write || answer.status >= 400) && !isWellFormedRefusal(answer))) return;
      expect(answer.status, `${what} -> ${answer.raw.slice(0, 300)}`).toBeLessThan(500);
      if (write || answer.status >= 400) expectWellFormedRefusal(answer, `${what} -> ${answer.raw.slice(0, 300)}`);
    }), { numRuns: RUNS });
    expect(await snapshotData(t.db, entityList)).toEqual(before);
  };

  const urlWith = (route: Endpoint, values: Record<string, string>, query = ''): string =>
    API + route.url.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? '')) + (query ? `?${query}` : '');

  for (const entity of entityList) {
    for (const route of operationsOf(entity)) {
      const [operation, setField] = route.operation.split(':') as [string, string | undefined];
      const ids = () => existing.get(entity.name)!.map(String);

      if (operation === 'create' || operation === 'update') {
        it(`${route.method} ${route.url} (${entity.name} ${operation}): bad bodies are refused, never a 5xx, nothing changes`, async () => {
          const fields = operation === 'create' ? writableFields(entity) : updatableFields(entity);
          const base = operation === 'create' ? bases.get(entity.name)! : {};
          const body = badBody(entity, base, fields, t.config.bodyLimitBytes);
          const id = fc.oneof(fc.constantFrom(...ids()), badPathId);
          await checkEndpoint(fc.tuple(body, id), async ([payload, pathId]) => {
            const url = urlWith(route, { id: pathId });
            const raw = JSON.stringify(payload);
            return { answer: await call(t.app, 'POST', url, { token, body: raw, headers: JSON_TYPE }), what: `POST ${url} ${raw.slice(0, 200)}`, write: true };
          });
        });
      }

      if (operation === 'get' || operation === 'delete') {
        it(`${route.method} ${route.url} (${entity.name} ${operation}): bad or unknown path ids and junk queries, never a 5xx, nothing changes`, async () => {
          // Reads may name real ids; deletes only ids that cannot name a record.
          const id = operation === 'get' ? fc.oneof(fc.constantFrom(...ids()), badPathId, nastyString) : badPathId;
          const query = fc.array(fc.tuple(nastyString, nastyString), { maxLength: 3 });
          await checkEndpoint(fc.tuple(id, query), async ([pathId, pairs]) => {
            const url = urlWith(route, { id: pathId }, encode(pairs));
            return { answer: await call(t.app, route.method, url, { token }), what: `${route.method} ${url}`, write: operation === 'delete' };
          });
        });
      }

      if (operation === 'list') {
        it(`GET ${route.url} (${entity.name} list): random query strings and path values, never a 5xx`, async () => {
          const known = ['pageNum', 'pageSize', 'ids', 'sort', 'order', ...Object.entries(entity.fields)
            .map(([n, d]) => filterOf(n, d)?.param).filter((p): p is string => Boolean(p)), ...(entity.search ? [entity.search.param] : [])];
          const value = fc.oneof(nastyString, fc.integer().map(String), fc.double().map(String),
            fc.constantFrom(...Object.keys(entity.fields), 'asc', 'DESC', '201', '0', '2147483648'), fc.array(fc.nat(), { maxLength: 3 }).map((a) => a.join(',')));
          const pairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 8 })), value), { maxLength: 5 });
          const pathValues = fc.record(Object.fromEntries(listPathFields(entity).map((f) => [f, fc.oneof(nastyString, fc.integer().map(String))])));
          await checkEndpoint(fc.tuple(pairs, pathValues), async ([query, path]) => {
            const url = urlWith(route, path as Record<string, string>, encode(query));
            return { answer: await call(t.app, 'GET', url, { token }), what: `GET ${url}`, write: false };
          });
        });
      }

      if (operation === 'batchDelete' || operation === 'batchSet') {
        it(`POST ${route.url} (${entity.name} ${route.operation}): bad ids or values in query or form body, never a 5xx, nothing changes`, async () => {
          // A field's own toggle path (`toggle: '/update/sort/{id}'`) is a set endpoint with no batch declaration.
          const batch = entity.batch?.find((b) => b.path === route.url.slice(entity.path.length));
          const param = batch ? (batch.kind === 'set' ? (batch.param ?? batch.field) : null) : (route.param ?? null);
          const decl = setField ? entity.fields[setField]! : null;
          const someIds = fc.array(fc.oneof(fc.constantFrom(...ids()), missingId, garbageId), { maxLength: 3 });
          // Ids that change nothing: a list with garbage in it, only missing ids, or none at all.
          const badIds = fc.oneof(
            fc.tuple(someIds, garbageId).map(([list, garbage]) => [...list, garbage].join(',')),
            fc.array(missingId, { minLength: 1, maxLength: 3 }).map((list) => list.join(',')),
            fc.constantFrom('', ',', ' '),
          );
          const realIds = fc.subarray(ids(), { minLength: 1 }).map((list) => list.join(','));
          const anyValue = fc.oneof(nastyString, fc.constantFrom('0', '1', '2'));
          const badValue = nastyString.filter((v) => decl === null || !isValidBatchValue(decl, v));
          const input = param
            ? fc.oneof(fc.record({ ids: badIds, value: fc.option(anyValue) }), fc.record({ ids: realIds, value: fc.option(badValue) }))
            : fc.record({ ids: badIds, value: fc.constant(null) });
          const junk = fc.array(fc.tuple(fc.string({ maxLength: 6 }).filter((k) => k !== 'ids' && k !== param), nastyString), { maxLength: 2 });
          if (route.url.includes('{id}')) {
            // A single-id path: an id that names nothing with any value, or a real id with a bad value.
            const single = fc.oneof(fc.record({ id: badPathId, value: fc.option(anyValue) }), fc.record({ id: fc.constantFrom(...ids()), value: fc.option(badValue) }));
            await checkEndpoint(fc.tuple(single, junk, fc.boolean()), async ([{ id: pathId, value }, extra, asForm]) => {
              const pairs: [string, string][] = [...(param && value !== null ? [[param, value] as [string, string]] : []), ...extra];
              const url = urlWith(route, { id: pathId });
              const answer = asForm
                ? await call(t.app, 'POST', url, { token, body: encode(pairs), headers: FORM })
                : await call(t.app, 'POST', `${url}?${encode(pairs)}`, { token });
              return { answer, what: `POST ${url} ${asForm ? 'form' : 'query'} ${encode(pairs)}`, write: true };
            });
            return;
          }
          await checkEndpoint(fc.tuple(input, junk, fc.boolean()), async ([{ ids: idList, value }, extra, asForm]) => {
            const pairs: [string, string][] = [['ids', idList], ...(param && value !== null ? [[param, value] as [string, string]] : []), ...extra];
            const url = `${API}${route.url}`;
            const answer = asForm
              ? await call(t.app, 'POST', url, { token, body: encode(pairs), headers: FORM })
              : await call(t.app, 'POST', `${url}?${encode(pairs)}`, { token });
            return { answer, what: `POST ${url} ${asForm ? 'form' : 'query'} ${encode(pairs)}`, write: true };
          });
        });
      }
    }
  }

  /** Relation tables and the permission version the UMS actions change: a refused action leaves them alone too. */
  const RELATIONS = ['ums_role_menu_relation', 'ums_role_resource_relation', 'ums_admin_role_relation', 'ums_user_group_member'] as const;
  const everything = async () => ({
    data: await snapshotData(t.db, [...entityList, gadget as unknown as Entity]),
    relations: await Promise.all(RELATIONS.map((table) => t.db.selectFrom(table).selectAll().orderBy('id').execute())),
    version: await t.db.selectFrom('ums_permission_version').selectAll().execute(),
  });

  /** A parameter value that is wrong for sure, as query/form text (`asText`) or as a JSON value. */
  const wrongParam = (decl: FieldDecl, asText: boolean): fc.Arbitrary<unknown> => {
    if (decl.kind === 'references') return asText ? garbageId : fc.oneof(garbageId, fc.integer(), fc.boolean(), fc.array(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 }));
    if (!asText) return wrongTyped(decl);
    if (isTextKind(decl.kind)) return fc.integer({ min: 1, max: 500 }).map((extra) => 'x'.repeat(textMax(decl) + extra));
    // Text that no number, flag, enum or id reads as (an empty value would mean "not given").
    return nastyString.filter((v) => v.trim() !== '' && !NUMERIC_STRING.test(v) && !/^\d+$/.test(v));
  };

  const served = [...entityList, gadget as unknown as Entity];
  for (const entity of served) {
    for (const route of actionEndpointsOf(entity)) {
      const { name, decl } = route.action!;
      const params = Object.entries(decl.params ?? {});
      const ids = () => existing.get(entity.name)!.map(String);
      const idName = route.idParam ?? 'id';
      it(`${route.method} ${route.url} (${entity.name} action ${name}): ${decl.writes ? 'bad targets, parameters and bodies are refused, never a 5xx, nothing changes' : 'random targets and parameters, never a 5xx'}`, async () => {
        const anyValue = fc.oneof(nastyString, fc.integer().map(String), fc.array(fc.nat({ max: 5 }), { maxLength: 3 }).map((a) => a.join(',')));
        const style = fc.constantFrom('query' as const, 'form' as const, 'json' as const);
        // Some declared parameters with random values (valid or not), keyed by name.
        const someParams = fc.subarray(params.map(([p]) => p)).chain((names) => fc.tuple(...names.map((p) => anyValue.map((v) => [p, v] as [string, unknown]))));
        // What makes the request bad for sure: a target that cannot be, an unknown key, or a wrong parameter.
        const badTarget = route.ids === 'none' ? fc.constant(null)
          : decl.on === 'selection'
            ? fc.oneof(fc.tuple(fc.array(fc.constantFrom(...ids()), { maxLength: 2 }), garbageId).map(([list, g]) => [...list, g].join(',')), fc.constantFrom('', ','), missingId)
            : fc.oneof(badPathId, missingId);
        const unknownKey = fc.tuple(fc.string({ minLength: 1, maxLength: 10 }).filter((k) => k !== idName && !Object.hasOwn(decl.params ?? {}, k) && k.trim() !== ''), anyValue);
        const flaw = fc.oneof(
          ...(route.ids === 'none' ? [] : [badTarget.map((target) => ({ target, extra: null as [string, unknown] | null, wrong: null as [string, unknown, unknown] | null }))]),
          unknownKey.map((extra) => ({ target: null, extra, wrong: null })),
          ...params.map(([p, d]) => fc.tuple(wrongParam(d, true), wrongParam(d, false))
            .map(([text, typed]) => ({ target: null, extra: null, wrong: [p, text, typed] as [string, unknown, unknown] }))),
        );
        const input = decl.writes
          ? fc.record({ flaw, some: someParams, style, real: route.ids === 'none' ? fc.constant('') : fc.constantFrom(...ids()) })
          : fc.record({ flaw: fc.constant({ target: null, extra: null as [string, unknown] | null, wrong: null as [string, unknown, unknown] | null }), some: someParams, style, real: route.ids === 'none' ? fc.constant('') : fc.oneof(fc.constantFrom(...ids()), badPathId) });
        const before = await everything();
        await fc.assert(fc.asyncProperty(input, async ({ flaw: bad, some, style: how, real }) => {
          const target = bad.target ?? real;
          // A wrong parameter as text in a query or form, as a typed value in JSON.
          const wrong: [string, unknown][] = bad.wrong ? [[bad.wrong[0], how === 'json' && route.method === 'POST' ? bad.wrong[2] : bad.wrong[1]]] : [];
          const values: [string, unknown][] = [...some, ...(bad.extra ? [bad.extra] : []), ...wrong];
          // Items one by one: an object inside a list (`[{"toString":null}]`) has no text of its own to join.
          const asText = (v: unknown): string => (Array.isArray(v) ? v.map(asText).join(',') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
          const pairs: [string, string][] = values.map(([k, v]) => [k, asText(v)]);
          let url = route.ids === 'path' ? urlWith(route, { [idName]: String(target) }) : `${API}${route.url}`;
          if (route.ids === 'query') pairs.unshift([idName, String(target)]);
          let answer: Answer;
          if (route.method === 'GET' || how === 'query') {
            url += pairs.length ? `?${encode(pairs)}` : '';
            answer = await call(t.app, route.method, url, { token });
          } else if (how === 'form') {
            answer = await call(t.app, 'POST', url, { token, body: encode(pairs), headers: FORM });
          } else {
            // JSON: the target id stays in the query (as the admin sends it); parameters typed as generated.
            if (route.ids === 'query') url += `?${encode([[idName, String(target)]])}`;
            answer = await call(t.app, 'POST', url, { token, body: JSON.stringify(Object.fromEntries(values)), headers: JSON_TYPE });
          }
          if (answer.status < 500 && !((decl.writes || answer.status >= 400) && !isWellFormedRefusal(answer))) return;
          const what = `${route.method} ${url} ${how} ${JSON.stringify(values).slice(0, 200)} -> ${answer.raw.slice(0, 300)}`;
          expect(answer.status, what).toBeLessThan(500);
          if (decl.writes || answer.status >= 400) expectWellFormedRefusal(answer, what);
        }), { numRuns: RUNS });
        expect(await everything()).toEqual(before);
      });
    }
  }
});

/**
 * Child rows that are bad for sure, inside an otherwise valid body: a list that is not a list, a
 * row that is not an object, a row with a wrong-typed or unknown field among valid rows, or more
 * rows than the most. Whatever arrives, a well-formed refusal that names the list (or a row of it)
 * and changes nothing (the fixture plan of tests/fixtures/lists.ts, through the engine alone).
 */
describe.each(testDialects())('fuzzed bad child rows (%s)', (dialect) => {
  let fx: EngineFixture;
  let planId: number;
  const list = fxPlan.fields.tiers;
  const rowFields = Object.entries(list.children.fields).filter(([, d]) => !d.serverManaged) as [string, FieldDecl][];
  beforeAll(async () => {
    fx = await engineFixture(dialect, LIST_FIXTURES);
    planId = (await call<{ id: number }>(fx.app, 'POST', '/fxPlan/create', { body: { shopId: 1, name: 'Fuzz', tiers: [{ count: 1, price: 1 }] } })).body.data.id;
  });
  afterAll(async () => { await fx?.close(); });

  const validRow = fc.record({ count: fc.integer({ min: 1, max: 1000 }), price: fc.integer({ min: 0, max: 999 }) });
  const badRow = fc.oneof(
    nonObject.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
    fc.tuple(validRow, fc.constantFrom(...rowFields)).chain(([row, [name, decl]]) => wrongTyped(decl).map((v) => ({ ...row, [name]: v }))),
    fc.tuple(validRow, fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !rowFields.some(([n]) => n === k) && k !== 'id'), anyJson)
      .map(([row, key, value]) => ({ ...row, [key]: value })),
    fc.tuple(validRow, fc.constantFrom('\u0000', '\uD800')).map(([row, bad]) => ({ ...row, note: `a${bad}b` })),
  );
  const badList = fc.oneof(
    fc.tuple(fc.array(validRow, { maxLength: 1 }), badRow, fc.array(validRow, { maxLength: 1 })).map(([before, bad, after]) => [...before, bad, ...after]),
    fc.array(validRow, { minLength: (list.children.max ?? 0) + 1, maxLength: (list.children.max ?? 0) + 3 }),
    wrongTyped(list),
  ).filter((tiers) => !hasPoisonKey(tiers)); // account-bad-input.test.ts covers those: no field errors to name the list

  it('create and update refuse them as a whole, name the list, never a 5xx, nothing changes', async () => {
    const snapshot = async () => Object.fromEntries(await Promise.all(LIST_FIXTURE_TABLES.map(async (table) =>
      [table, await fx.db.selectFrom(table).selectAll().orderBy('id').execute()] as const)));
    const before = await snapshot();
    await fc.assert(fc.asyncProperty(badList, fc.boolean(), async (tiers, update) => {
      const url = update ? `/fxPlan/update/${planId}` : '/fxPlan/create';
      const body = JSON.stringify({ ...(update ? {} : { shopId: 1 }), name: 'Changed', tiers });
      const answer = await call(fx.app, 'POST', url, { body, headers: JSON_TYPE });
      const what = `POST ${url} ${body.slice(0, 200)} -> ${answer.raw.slice(0, 300)}`;
      expectWellFormedRefusal(answer, what);
      expect(answer.body.errors?.length, what).toBeGreaterThan(0);
      for (const e of answer.body.errors ?? []) expect(e.field, what).toMatch(/^tiers(\.\d+(\..*)?)?$/s);
    }), { numRuns: RUNS * 4 });
    expect(await snapshot()).toEqual(before);
  });
});

/**
 * Bad bodies at an entity with secret fields (the fixture vault of tests/fixtures/engine.ts): a
 * wrong-typed, over-long or extra value beside valid secrets. Whatever arrives, a well-formed
 * refusal, and neither the table nor a stored secret changes.
 */
describe.each(testDialects())('fuzzed bad bodies with secret fields (%s)', (dialect) => {
  let fx: EngineFixture;
  let id: number;
  const valid = { name: 'Vault', apiKey: 'key-Fuzz1234', pin: 'pin-Fuzz-98765' };
  beforeAll(async () => {
    fx = await engineFixture(dialect, [fxVault]);
    id = (await call<{ id: number }>(fx.app, 'POST', '/fxVault/create', { body: valid })).body.data.id;
  });
  afterAll(async () => { await fx?.close(); });

  it('create and update refuse them, never a 5xx, nothing changes', async () => {
    const fields = writableFields(fxVault);
    const snapshot = async () => fx.db.selectFrom('fx_vault').selectAll().orderBy('id').execute();
    const before = await snapshot();
    await fc.assert(fc.asyncProperty(badBody(fxVault, valid, fields, 1024 * 1024), fc.boolean(), async (body, update) => {
      const url = update ? `/fxVault/update/${id}` : '/fxVault/create';
      const answer = await call(fx.app, 'POST', url, { body: JSON.stringify(body), headers: JSON_TYPE });
      expectWellFormedRefusal(answer, `POST ${url} ${JSON.stringify(body).slice(0, 200)} -> ${answer.raw.slice(0, 300)}`);
    }), { numRuns: RUNS * 4 });
    expect(await snapshot()).toEqual(before);
  });
});
