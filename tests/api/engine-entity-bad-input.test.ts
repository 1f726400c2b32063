// Protects: every generated endpoint of every entity refuses bad input with a field-named envelope error and leaves the database unchanged.
/**
 * Every generated endpoint of every declared entity refuses bad input with a clear envelope
 * error naming the field, and the database is unchanged afterwards (entity tables, relation
 * rows and the audit log). If this fails, bad input can reach the database, or a client sees a
 * 5xx or an error it cannot attach to a field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import { columnOf, filterOf, isTextKind, writableFields } from '../../src/schema/engine/entity';
import type { Answer } from '../helpers/api';
import { call } from '../helpers/api';
import type { ApiRecord, Body } from '../helpers/entity-bodies';
import {
  API, createdByFixtures, hasRoute, listPathFields, listUrlFor, outOfRangeOf, routeOf, snapshotData, updatableFields, urlOf, wrongTypeOf,
} from '../helpers/entity-bodies';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const BAD_PATH_IDS = ['abc', '0', '-1', '1.5', '1e3', ' 1', '2147483648', '99999999999', '0x10'];

const NUMERIC = new Set(['int', 'money', 'flag', 'reference', 'enum']);

/** Batch values the field never takes: not a number it allows (flags 0/1, an enum's options). */
const badBatchValues = (decl: FieldDecl): string[] => {
  const allowed = decl.kind === 'flag' ? [0, 1] : (decl.options ?? []).map((o) => o.value);
  const numbers = allowed.filter((v): v is number => typeof v === 'number');
  const candidates = ['2', '-1', '1.5', 'x', '1e0', '%00', String(Math.max(0, ...numbers) + 1)];
  return candidates.filter((v) => !(/^-?\d+(\.\d+)?$/.test(v) && allowed.includes(Number(v))));
};

const sameList = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/** A 400 validation envelope whose field errors name exactly `fields` (with these keys, when given). */
const expectRefused = (answer: Answer, fields: string[], messageKeys?: string[]) => {
  // The same checks in plain code first: nearly every answer passes, and the expects below (run
  // where this says no, to say what is wrong) cost more than the request itself.
  const found = answer.body?.errors ?? [];
  if (answer.status === 400 && answer.body?.code === 404 && answer.body.data === null && Array.isArray(found)
    && sameList([...new Set(found.map((e) => e.field))], fields)
    && (!messageKeys || sameList(found.map((e) => e.messageKey).slice(0, messageKeys.length), messageKeys))
    && found.every((e) => typeof e.message === 'string' && e.message.length > 0)) return;
  expect(answer.status, answer.raw).toBe(400);
  expect(answer.body).toMatchObject({ code: 404, data: null });
  const errors = answer.body.errors ?? [];
  // One field may carry two findings (zod checks an array's size even on a string): the fields named count.
  expect([...new Set(errors.map((e) => e.field))], answer.raw).toEqual(fields);
  if (messageKeys) expect(errors.map((e) => e.messageKey).slice(0, messageKeys.length), answer.raw).toEqual(messageKeys);
  for (const e of errors) expect(e.message.length, answer.raw).toBeGreaterThan(0);
};

describe.each(testDialects())('generated endpoints refuse bad input and change nothing (%s)', (dialect) => {
  const s = apiSuite(dialect, { shareTargets: true });
  /** Two records per entity: bad requests aim at real ids, so a wrongly accepted one would show. */
  const records = new Map<string, ApiRecord[]>();
  beforeAll(async () => {
    for (const entity of entityList) {
      records.set(entity.name, createdByFixtures(entity)
        ? [await s.fx.create(entity, 0), await s.fx.create(entity, 1)]
        : [await s.fx.get(entity, await s.fx.anyRecordId(entity))]);
    }
  });

  const send = (method: 'GET' | 'POST', url: string, body?: unknown, headers?: Record<string, string>) =>
    call(s.app, method, url, { token: s.token, body, headers });

  /** Runs the requests and checks that nothing in the database changed. */
  const unchanged = async (requests: () => Promise<void>) => {
    const before = await snapshotData(s.db, entityList);
    await requests();
    expect(await snapshotData(s.db, entityList)).toEqual(before);
  };

  const idsOf = (entity: Entity) => records.get(entity.name)!.map((r) => r.id);

  for (const entity of entityList) {
    describe(entity.name, () => {
      const create = routeOf(entity, 'create');
      if (create) {
        let base: Body;
        beforeAll(async () => {
          base = await s.fx.bodyFor(entity, 0, { full: true });
        });

        it('create refuses a value of the wrong type in each field, naming it', async () => {
          await unchanged(async () => {
            for (const [name, decl] of writableFields(entity)) {
              const answer = await send('POST', urlOf(create), { ...base, [name]: wrongTypeOf(decl) });
              expectRefused(answer, [name]);
              expect(['invalid_type', 'invalid_value'], answer.raw).toContain(answer.body.errors![0]!.messageKey);
            }
          });
        });

        it('create refuses out-of-range values and over-long strings, naming the field and the rule', async () => {
          await unchanged(async () => {
            for (const [name, decl] of writableFields(entity)) {
              for (const { value, messageKey } of outOfRangeOf(decl)) {
                expectRefused(await send('POST', urlOf(create), { ...base, [name]: value }), [name], [messageKey]);
              }
            }
          });
        });

        // `id` and server-managed fields posted back by mall clients are ignored, not refused (engine-mall-compat.test.ts).
        it('create refuses unknown fields: shopId and any other key', async () => {
          await unchanged(async () => {
            // A declared shopId (shop-owned entities) is a field like any other; tenancy-*.test.ts tests its scope.
            for (const key of [...(entity.fields.shopId ? [] : ['shopId']), 'shop_id', 'unknownField']) {
              expectRefused(await send('POST', urlOf(create), { ...base, [key]: 1 }), [key], ['unknown_field']);
            }
          });
        });

        it('create refuses a body without each required field', async () => {
          const required = writableFields(entity).filter(([, d]) => d.required && d.default === undefined).map(([n]) => n);
          expect(required.length).toBeGreaterThan(0);
          await unchanged(async () => {
            for (const name of required) {
              const { [name]: _dropped, ...rest } = base;
              // A shop left out is filled in where the caller's shop is known; this caller (the super
              // admin, no DEFAULT_SHOP_ID) may write every shop, so it is told to choose one.
              // A field with its own "missing" message (an account's roles) answers that one.
              const missing = entity.fields[name]!.requiredMessage ?? 'required';
              const leftOut = entity.tenant && entity.tenant !== 'id' && columnOf(name, entity.fields[name]!) === entity.tenant ? 'choose_shop' : missing;
              expectRefused(await send('POST', urlOf(create), rest), [name], [leftOut]);
              expectRefused(await send('POST', urlOf(create), { ...base, [name]: null }), [name], [missing]);
            }
          });
        });

        it('create refuses non-object, malformed, oversized and non-JSON bodies', async () => {
          await unchanged(async () => {
            for (const raw of ['[]', '[1,2]', '"text"', '42', 'true', 'null']) {
              // `createMany` takes an array of records: each non-object row is refused by its index.
              const fields = entity.createMany && raw === '[1,2]' ? ['0._', '1._'] : ['_'];
              expectRefused(await send('POST', urlOf(create), raw, JSON_TYPE), fields);
            }
            for (const raw of ['{"name":', "{'a':1}", '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}']) {
              const answer = await send('POST', urlOf(create), raw, JSON_TYPE);
              expect(answer.status, raw).toBe(400);
              expect(answer.body).toMatchObject({ code: 404, messageKey: 'malformed_json' });
            }
            const huge = await send('POST', urlOf(create), JSON.stringify({ ...base, pad: 'x'.repeat(s.t.config.bodyLimitBytes) }), JSON_TYPE);
            expect(huge.status).toBe(413);
            expect(huge.body).toMatchObject({ messageKey: 'body_too_large' });
            const plain = await send('POST', urlOf(create), 'name=x', { 'content-type': 'text/plain' });
            expect(plain.status).toBe(415);
          });
        });

        const textFields = writableFields(entity).filter(([, d]) => isTextKind(d.kind) || d.kind === 'image');
        if (textFields.length) {
          it('create refuses NUL characters in text (PostgreSQL cannot store them)', async () => {
            await unchanged(async () => {
              for (const [name, decl] of textFields) {
                const value = decl.kind === 'image' ? '/ab\u0000cd.png' : 'ab\u0000cd';
                expectRefused(await send('POST', urlOf(create), { ...base, [name]: value }), [name], ['invalid_format']);
              }
            });
          });
        }

        const references = writableFields(entity).filter(([, d]) => d.kind === 'reference');
        if (references.length) {
          it('create refuses references to missing records, even beyond the id range', async () => {
            await unchanged(async () => {
              for (const [name, decl] of references) {
                // A reference may name its own refusal (`invalidMessage`), the same for missing as for another shop's.
                const messageKey = (decl.kind === 'reference' && decl.invalidMessage) || 'invalid_reference';
                for (const id of [2_000_000_000, 3_000_000_000, Number.MAX_SAFE_INTEGER]) {
                  expectRefused(await send('POST', urlOf(create), { ...base, [name]: id }), [name], [messageKey]);
                }
              }
            });
          });
        }
      }

      const update = routeOf(entity, 'update');
      if (update) {
        it('update refuses wrong types, out-of-range values, over-long strings and nulled required fields, naming the field', async () => {
          const url = urlOf(update, { id: idsOf(entity)[0] });
          await unchanged(async () => {
            for (const [name, decl] of updatableFields(entity)) {
              const wrong = await send('POST', url, { [name]: wrongTypeOf(decl) });
              expectRefused(wrong, [name]);
              for (const { value, messageKey } of outOfRangeOf(decl)) expectRefused(await send('POST', url, { [name]: value }), [name], [messageKey]);
              // A secret's null keeps the stored one (tests/api/engine-entity-secrets.test.ts).
              if (decl.required && decl.kind !== 'secret') expectRefused(await send('POST', url, { [name]: null }), [name], ['required']);
              if (isTextKind(decl.kind)) expectRefused(await send('POST', url, { [name]: 'ab\u0000cd' }), [name], ['invalid_format']);
              if (decl.kind === 'image') expectRefused(await send('POST', url, { [name]: '/ab\u0000cd.png' }), [name], ['invalid_format']);
            }
          });
        });

        it('update refuses shopId, unknown fields and a change of an immutable field', async () => {
          const url = urlOf(update, { id: idsOf(entity)[0] });
          const current = records.get(entity.name)![0]!;
          const immutable = Object.entries(entity.fields).filter(([, d]) => d.immutable && !d.serverManaged && !d.virtual).map(([n]) => n);
          await unchanged(async () => {
            for (const key of [...(entity.fields.shopId ? [] : ['shopId']), 'unknownField']) {
              expectRefused(await send('POST', url, { [key]: 1 }), [key], ['unknown_field']);
            }
            // Posted back unchanged, an immutable field is ignored (engine-mall-compat.test.ts); changed, it is refused.
            for (const key of immutable) {
              expectRefused(await send('POST', url, { [key]: current[key] === 1 ? 0 : 1 }), [key], ['unknown_field']);
            }
            for (const raw of ['[]', '"text"', '7', 'null']) expectRefused(await send('POST', url, raw, JSON_TYPE), ['_']);
          });
        });
      }

      const byId = (['get', 'update', 'delete'] as const).map((op) => routeOf(entity, op)).filter((r) => r !== undefined);
      if (byId.length) {
        it(`refuses bad path ids on ${byId.map((r) => r.operation).join(', ')} (${BAD_PATH_IDS.join(' ')}), naming id`, async () => {
          await unchanged(async () => {
            for (const route of byId) {
              for (const id of BAD_PATH_IDS) {
                const answer = await send(route.method, urlOf(route, { id }), route.operation === 'update' ? {} : undefined);
                expectRefused(answer, ['id'], ['invalid_type']);
              }
            }
          });
        });
      }

      const batches = (entity.batch ?? []).map((b) => ({ batch: b, route: routeOf(entity, b.kind === 'delete' ? 'batchDelete' : `batchSet:${b.field}`)! }));
      for (const { batch, route } of batches) {
        const param = batch.kind === 'set' ? (batch.param ?? batch.field) : null;
        if (batch.kind === 'set' && batch.path.includes('{id}')) {
          it(`${batch.path} refuses a malformed path id and a missing or bad ${param}`, async () => {
            const [id] = idsOf(entity);
            await unchanged(async () => {
              for (const bad of ['0', '-1', 'x', '1.5', '2147483648']) {
                expectRefused(await send('POST', `${urlOf(route, { id: bad })}?${param}=1`), ['id'], ['invalid_type']);
              }
              const url = urlOf(route, { id });
              for (const query of ['', `${param}=`]) {
                expectRefused(await send('POST', `${url}?${query}`), [param!], ['select_batch_type']);
                expect((await send('POST', url, query, FORM)).body.errors?.[0]?.messageKey).toBe('select_batch_type');
              }
              for (const bad of badBatchValues(entity.fields[batch.field]!)) expectRefused(await send('POST', `${url}?${param}=${bad}`), [param!]);
            });
          });
          continue;
        }
        it(`${batch.path} refuses empty, missing and malformed ids${param ? ` and a missing or bad ${param}` : ''}`, async () => {
          const [id] = idsOf(entity);
          // A valid value, so only the ids are wrong in the first cases.
          const value = batch.kind === 'set'
            ? `&${param}=${await s.fx.otherValue(entity, batch.field, entity.fields[batch.field]!, records.get(entity.name)![0]![batch.field])}`
            : '';
          const url = urlOf(route);
          await unchanged(async () => {
            for (const query of ['ids=', '', 'ids=,', 'ids=%20']) {
              expectRefused(await send('POST', `${url}?${query}${value}`), ['ids'], ['select_record']);
              expect((await send('POST', url, `${query}${value}`, FORM)).body.errors?.[0]?.messageKey).toBe('select_record');
            }
            const many = Array.from({ length: 1001 }, (_v, i) => i + 1).join(',');
            for (const query of [`ids=${id},x`, 'ids=0', 'ids=-1', `ids=${id}.5`, 'ids=2147483648', `ids=${many}`, `ids=${id}&ids=abc`]) {
              expectRefused(await send('POST', `${url}?${query}${value}`), ['ids'], ['invalid_ids']);
            }
            if (param) {
              for (const query of [`ids=${id}`, `ids=${id}&${param}=`]) {
                expectRefused(await send('POST', `${url}?${query}`), [param], ['select_batch_type']);
                expect((await send('POST', url, query, FORM)).body.errors?.[0]?.messageKey).toBe('select_batch_type');
              }
              for (const bad of badBatchValues(entity.fields[(batch as { field: string }).field]!)) {
                expectRefused(await send('POST', `${url}?ids=${id}&${param}=${bad}`), [param]);
              }
            }
          });
        });
      }

      const list = routeOf(entity, 'list');
      if (list) {
        it('list refuses bad paging, unknown parameters, bad sort and bad ids, naming the parameter', async () => {
          const record = records.get(entity.name)![0]!;
          const cases: [string, string, string][] = [
            ['pageSize=201', 'pageSize', 'page_size_too_big'], ['pageSize=0', 'pageSize', 'out_of_range'],
            ['pageSize=1.5', 'pageSize', 'invalid_type'], ['pageSize=abc', 'pageSize', 'invalid_type'],
            ['pageNum=-1', 'pageNum', 'out_of_range'], ['pageNum=abc', 'pageNum', 'invalid_type'], ['pageNum=1000001', 'pageNum', 'out_of_range'],
            ['unknownParam=1', 'unknownParam', 'unknown_field'],
            ...(entity.fields.shopId?.filter ? [] : [['shopId=1', 'shopId', 'unknown_field'] as [string, string, string]]),
            ['sort=nope', 'sort', 'invalid_value'], ['order=up', 'order', 'invalid_value'],
            ['ids=1,x', 'ids', 'invalid_ids'], ['ids=0', 'ids', 'invalid_ids'],
          ];
          await unchanged(async () => {
            for (const [query, field, key] of cases) expectRefused(await send('GET', listUrlFor(entity, record, query)), [field], [key]);
          });
        });

        const filters = Object.entries(entity.fields).map(([name, decl]) => ({ name, decl, filter: filterOf(name, decl) }))
          .filter((f) => f.filter && !f.decl.virtual);
        const searchParam = entity.search?.param;
        if (filters.length || searchParam) {
          it(`list refuses bad values of ${[...filters.map((f) => f.filter!.param), ...(searchParam ? [searchParam] : [])].join(', ')}, naming the parameter`, async () => {
            const record = records.get(entity.name)![0]!;
            await unchanged(async () => {
              for (const { name, decl, filter } of filters) {
                const param = filter!.param;
                const inPath = listPathFields(entity).includes(param);
                const urlWith = (value: string) => (inPath
                  ? listUrlFor(entity, { ...record, [name]: value })
                  : listUrlFor(entity, record, `${param}=${encodeURIComponent(value)}`));
                const bad = NUMERIC.has(decl.kind)
                  ? ['abc', '1.5.2', '0x10', '99999999999', '1e10', ...(decl.kind === 'money' ? ['0.001'] : ['1.5'])]
                  : ['a\u0000b', 'x'.repeat(201)];
                for (const value of bad) {
                  const answer = await send('GET', urlWith(value));
                  expectRefused(answer, [param]);
                }
              }
              if (searchParam) {
                for (const value of ['a\u0000b', 'x'.repeat(201)]) {
                  expectRefused(await send('GET', listUrlFor(entity, record, `${searchParam}=${encodeURIComponent(value)}`)), [searchParam]);
                }
              }
            });
          });
        }
      }
    });
  }

  it('a path segment longer than the router allows or a broken %-escape is an envelope error, not Fastify\'s bare JSON', async () => {
    await unchanged(async () => {
      for (const entity of entityList) {
        for (const route of [routeOf(entity, 'get'), routeOf(entity, 'update'), routeOf(entity, 'list')]) {
          if (!route || !route.url.includes('{')) continue;
          for (const segment of ['9'.repeat(300), '%zz', '%E0%A4%A']) {
            const url = API + route.url.replace(/\{\w+\}/, segment);
            const answer = await send(route.method, url, route.method === 'POST' ? {} : undefined);
            expect(answer.status, url).toBeGreaterThanOrEqual(400);
            expect(answer.status, url).toBeLessThan(500);
            expect(answer.body, url).toMatchObject({ code: 404, messageKey: 'validation_failed', data: null });
          }
        }
      }
    });
  });

  it('every generated route answers 401 without a token or with a forged one, and changes nothing', async () => {
    const forged = `${s.token.slice(0, -4)}AAAA`;
    // Valid bodies (made first: references are created through the API), so only the token is wrong.
    const bodies = new Map<string, Body>();
    for (const entity of entityList.filter(hasRoute('create'))) bodies.set(entity.name, await s.fx.bodyFor(entity, 0));
    await unchanged(async () => {
      for (const entity of entityList) {
        const [first, second] = records.get(entity.name)!;
        const body = bodies.get(entity.name);
        for (const route of [routeOf(entity, 'list'), routeOf(entity, 'get'), routeOf(entity, 'create'), routeOf(entity, 'update'),
          routeOf(entity, 'delete'), routeOf(entity, 'batchDelete'), ...(entity.batch ?? []).filter((b) => b.kind === 'set')
            .map((b) => routeOf(entity, `batchSet:${(b as { field: string }).field}`))]) {
          if (!route) continue;
          const url = `${urlOf(route, { ...first, id: first!.id })}?ids=${first!.id},${second?.id ?? first!.id}&${route.operation.split(':')[1] ?? 'x'}=1`;
          const payload = route.operation === 'create' ? body : route.operation === 'update' ? {} : undefined;
          // No header, a forged signature, the token without its scheme, an empty bearer, basic auth.
          for (const authorization of [undefined, `Bearer ${forged}`, s.token, 'Bearer ', 'Basic YWRtaW46YWRtaW4xMjM=']) {
            const answer = await call(s.app, route.method, url, { body: payload, headers: authorization ? { authorization } : {} });
            expect(answer.status, `${route.method} ${url} ${authorization}`).toBe(401);
            expect(answer.body).toMatchObject({ code: 401, messageKey: 'unauthorized', data: null });
          }
        }
      }
    });
  });
});
