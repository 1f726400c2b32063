// Protects: the `ratio` field kind (a share between 0 and 1 with at most four decimals, stored as whole ten-thousandths): exact storage and read-back, out-of-range and too-precise values refused by field with nothing stored, range filters compared in ten-thousandths, and `multiplyCents` of an amount by a stored ratio rounding half-up. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, ratio, text } from '../../src/schema/engine/entity';
import { multiplyCents, toCents } from '../../src/schema/engine/money';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const share = defineEntity({
  name: 'fxShare', path: '/fxShare', table: 'fx_share', tenant: null, display: 'name',
  menu: { route: 'fxShare' },
  fields: {
    name: text({ required: true, length: [1, 40], list: true }),
    share: ratio({ required: true, list: true, filter: { param: 'share', op: 'eq', range: true } }),
    capped: ratio({ max: 0.5 }),
  },
});

type Share = { id: number; name: string; share: number; capped: number | null };

describe.each(testDialects())('ratio fields (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [share] as unknown as Entity[]); });
  afterAll(async () => { await fx?.close(); });

  const count = async () => Number((await fx.db.selectFrom('fx_share').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('stores whole ten-thousandths and reads the decimal back', async () => {
    for (const value of [0, 0.1, 0.125, 0.3333, 0.07, 1]) {
      const created = await call<Share>(fx.app, 'POST', '/fxShare/create', { body: { name: `s${value}`, share: value } });
      expect(created.status, created.raw).toBe(200);
      expect(created.body.data.share).toBe(value);
      const row = await fx.db.selectFrom('fx_share').select('share').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
      expect(Number(row.share)).toBe(Math.round(value * 10_000));
      expect((await call<Share>(fx.app, 'GET', `/fxShare/${created.body.data.id}`)).body.data.share).toBe(value);
    }
  });

  it('refuses values outside 0..1 (or the declared max), more than four decimals and text by field, storing nothing', async () => {
    const before = await count();
    for (const [body, expected] of [
      [{ share: -0.01 }, 'share:too_small'], [{ share: 1.0001 }, 'share:too_big'], [{ share: 0.12345 }, 'share:invalid_format'],
      [{ share: 'lots' }, 'share:invalid_type'], [{ share: 0.2, capped: 0.6 }, 'capped:too_big'], [{}, 'share:required'],
    ] as const) {
      const answer = await call(fx.app, 'POST', '/fxShare/create', { body: { name: 'bad', ...body } });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`), JSON.stringify(body)).toEqual([expected]);
    }
    expect(await count()).toBe(before);
  });

  it('compares range filters in ten-thousandths', async () => {
    const page = await call<{ list: Share[] }>(fx.app, 'GET', '/fxShare/list?shareFrom=0.1&shareTo=0.3333&pageSize=50');
    expect(page.status, page.raw).toBe(200);
    expect(page.body.data.list.map((r) => r.share).sort()).toEqual([0.1, 0.125, 0.3333]);
  });

  it('multiplies an amount by a stored ratio half-up in whole cents', async () => {
    const created = await call<Share>(fx.app, 'POST', '/fxShare/create', { body: { name: 'reward', share: 0.125 } });
    expect(multiplyCents(toCents(60), created.body.data.share)).toBe(750);
    expect(multiplyCents(toCents(0.2), created.body.data.share)).toBe(3); // 2.5 cents → 3
    expect(multiplyCents(toCents(123.45), 0.1)).toBe(1235);
  });
});
