// Protects: an entity's `listAt` (a list served outside its own path, as `mall`'s member list `GET /admin/listMember`): the list answers there with filters, search and paging, `{path}/list` does not exist (nor is it read as a record id), and the other routes stay under the entity's path. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, text } from '../../src/schema/engine/entity';
import { endpointOf } from '../../src/schema/engine/endpoints';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const lead = defineEntity({
  name: 'fxLead', path: '/fxLead', table: 'fx_lead', tenant: null, display: 'name',
  menu: { route: 'fxLead' },
  listAt: '/fxDesk/listLead',
  search: { param: 'keyword', fields: ['name'] },
  fields: {
    name: text({ required: true, length: [1, 40], list: true }),
    city: text({ length: [0, 40], list: true, filter: { param: 'city', op: 'eq' } }),
  },
});

describe('listAt in the endpoint table', () => {
  it('puts the list at the declared path and every other route under the entity path', () => {
    expect(endpointOf(lead, 'list')?.url).toBe('/fxDesk/listLead');
    expect(endpointOf(lead, 'create')?.url).toBe('/fxLead/create');
    expect(endpointOf(lead, 'get')?.url).toBe('/fxLead/{id}');
  });
});

describe.each(testDialects())('a list served outside the entity path (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => {
    fx = await engineFixture(dialect, [lead]);
    for (const [name, city] of [['Ada', 'Paris'], ['Bao', 'Shanghai'], ['Cyd', 'Paris']]) {
      const answer = await call(fx.app, 'POST', '/fxLead/create', { body: { name, city } });
      expect(answer.status).toBe(200);
    }
  });
  afterAll(async () => { await fx?.close(); });

  it('answers a page there, with its filters, search and paging', async () => {
    const all = await call<{ total: number; list: { name: string }[] }>(fx.app, 'GET', '/fxDesk/listLead?pageNum=1&pageSize=2');
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list).toHaveLength(2);
    const paris = await call<{ list: { name: string }[] }>(fx.app, 'GET', '/fxDesk/listLead?city=Paris&keyword=Cy');
    expect(paris.body.data.list.map((r) => r.name)).toEqual(['Cyd']);
    const bad = await call(fx.app, 'GET', '/fxDesk/listLead?pageSize=abc');
    expect(bad.status).toBe(400);
  });

  it('has no list under its own path, and does not read "list" as an id', async () => {
    const answer = await call(fx.app, 'GET', '/fxLead/list');
    expect(answer.status).toBe(400);
    expect(answer.body.code).not.toBe(200);
    const one = await call<{ name: string }>(fx.app, 'GET', '/fxLead/1');
    expect(one.body.data.name).toBe('Ada');
  });
});
