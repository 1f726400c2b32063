// Protects: declared range filters (`filter: { range: true }`): every ranged field of every
// declared entity answers `<param>From`/`<param>To` on its list, inclusive at both ends, days as
// whole UTC days for times, refusing a reversed or malformed bound with a field error naming the
// parameter; the audit log's createTime range; the parameters in OpenAPI. SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/schema/api';
import { entityList } from '../../src/schema/entities';
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import { rangeOf } from '../../src/schema/engine/entity';
import { auditLog } from '../../src/schema/ums/entities';
import { call } from '../helpers/api';
import type { ApiRecord } from '../helpers/entity-bodies';
import { hasRoute, listUrlFor } from '../helpers/entity-bodies';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

type RangeCase = { entity: Entity; field: string; decl: FieldDecl; from: string; to: string };

const ranged = (entities: readonly Entity[]): RangeCase[] => entities.flatMap((entity) =>
  Object.entries(entity.fields).flatMap(([field, decl]) => {
    const range = rangeOf(field, decl);
    return range ? [{ entity, field, decl, ...range }] : [];
  }));

// Fields a client writes get records with growing values from the fixtures.
const writableCases = ranged(entityList.filter(hasRoute('create'))).filter((c) => !c.decl.serverManaged);

describe.each(testDialects())('range filters (%s)', (dialect) => {
  const s = apiSuite(dialect);

  it('are declared on at least one writable field and on the audit log', () => {
    expect(writableCases.length).toBeGreaterThan(0);
    expect(rangeOf('createTime', auditLog.fields.createTime)).toEqual({ from: 'createTimeFrom', to: 'createTimeTo' });
  });

  describe.each(writableCases.map((c) => [`${c.entity.name}.${c.field}`, c] as const))('%s', (_label, c) => {
    let records: ApiRecord[] = [];
    /** The ids of our three records a list answers, in variant order. */
    const listed = async (query: string): Promise<number[]> => {
      const ids = records.map((r) => r.id);
      const answer = await call<Page<ApiRecord>>(s.app, 'GET', listUrlFor(c.entity, records[0]!, `ids=${ids.join(',')}&pageSize=50&${query}`), { token: s.token });
      expect(answer.status, answer.raw).toBe(200);
      return ids.filter((id) => answer.body.data.list.some((row) => row.id === id));
    };
    const refused = async (query: string) => {
      const answer = await call(s.app, 'GET', listUrlFor(c.entity, records[0]!, query), { token: s.token });
      expect(answer.status, answer.raw).toBe(400);
      return answer.body.errors ?? [];
    };
    const valueOf = (i: number) => encodeURIComponent(String(records[i]![c.field]));
    const dayOf = (i: number) => String(records[i]![c.field]).slice(0, 10);

    beforeAll(async () => {
      records = [];
      for (const variant of [0, 1, 2]) records.push(await s.fx.create(c.entity, variant));
      const values = records.map((r) => r[c.field] as string | number);
      expect(values[0]! < values[1]! && values[1]! < values[2]!, `fixture values grow: ${values.join(', ')}`).toBe(true);
    });

    it('includes both ends', async () => {
      const [a, b, z] = records.map((r) => r.id);
      expect(await listed(`${c.from}=${valueOf(1)}`)).toEqual([b, z]);
      expect(await listed(`${c.to}=${valueOf(1)}`)).toEqual([a, b]);
      expect(await listed(`${c.from}=${valueOf(1)}&${c.to}=${valueOf(1)}`)).toEqual([b]);
      expect(await listed(`${c.from}=${valueOf(0)}&${c.to}=${valueOf(2)}`)).toEqual([a, b, z]);
    });

    it.runIf(c.decl.kind === 'dateTime' || c.decl.kind === 'date')('takes days as whole days', async () => {
      const [a, b, z] = records.map((r) => r.id);
      expect(await listed(`${c.from}=${dayOf(1)}&${c.to}=${dayOf(1)}`)).toEqual([b]);
      expect(await listed(`${c.to}=${dayOf(0)}`)).toEqual([a]);
      expect(await listed(`${c.from}=${dayOf(2)}`)).toEqual([z]);
    });

    it('refuses a reversed range, naming the end parameter', async () => {
      expect(await refused(`${c.from}=${valueOf(2)}&${c.to}=${valueOf(0)}`)).toEqual([expect.objectContaining({ field: c.to, messageKey: 'range_reversed' })]);
    });

    it('refuses malformed bounds with a field error per parameter', async () => {
      const errors = await refused(`${c.from}=abc&${c.to}=2031-02-30`);
      expect(errors.map((e) => e.field).sort()).toEqual([c.from, c.to].sort());
      expect(errors.every((e) => ['invalid_date', 'invalid_type'].includes(e.messageKey))).toBe(true);
      expect((await refused(`${c.from}=${'1'.repeat(41)}`))[0]).toMatchObject({ field: c.from, messageKey: 'too_long' });
    });
  });

  it('filters the audit log by a createTime range of days', async () => {
    const url = (query: string) => `/api/auditLog/list?pageSize=1&${query}`;
    const total = async (query: string) => {
      const answer = await call<Page<ApiRecord>>(s.app, 'GET', url(query), { token: s.token });
      expect(answer.status, answer.raw).toBe(200);
      return answer.body.data.total;
    };
    const all = await total('');
    expect(all).toBeGreaterThan(0);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect(await total(`createTimeFrom=${day(-1)}&createTimeTo=${day(1)}`)).toBe(all);
    expect(await total('createTimeTo=2000-01-01')).toBe(0);
    expect(await total(`createTimeFrom=${day(2)}`)).toBe(0);
  });

  it('documents both parameters of every range in OpenAPI', async () => {
    const answer = await call<never>(s.app, 'GET', '/api/docs/json');
    const doc = JSON.parse(answer.raw) as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    for (const c of ranged(entityList)) {
      const list = Object.entries(doc.paths).find(([path]) => path.startsWith(`${c.entity.path}/list`))?.[1]?.get;
      const names = (list?.parameters ?? []).map((p) => p.name);
      expect(names, c.entity.name).toEqual(expect.arrayContaining([c.from, c.to]));
    }
  });
});
