// Protects: the engine's `validate` hook: an area rule over other rows runs inside the write's transaction on create, update and batch set, refuses with field-named errors changing nothing, and reads the rows it depends on under a lock, so two parallel charges that together exceed an account's limit cannot both pass. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, flag, money, reference, text } from '../../src/schema/engine/entity';
import { fromCents, sumCents, toCents } from '../../src/schema/engine/money';
import type { EntityHooks, RuleError } from '../../server/crud/hooks';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture, fixtureDb } from '../fixtures/engine';

const account = defineEntity({
  name: 'fxAccount', path: '/fxAccount', table: 'fx_account', tenant: null, display: 'name',
  menu: { route: 'fxAccount' },
  fields: {
    name: text({ required: true, length: [1, 40], list: true }),
    balanceLimit: money({ required: true, min: 0, list: true }),
  },
});

const charge = defineEntity({
  name: 'fxCharge', path: '/fxCharge', table: 'fx_charge', tenant: null, display: 'id',
  menu: { route: 'fxCharge' },
  fields: {
    accountId: reference('fxAccount', 'name', { required: true, list: true }),
    amount: money({ required: true, min: 0.01, list: true }),
    // Only counting charges use up the limit: switching one on is a write the rule must see too.
    counts: flag({ default: 1, list: true }),
  },
  batch: [{ kind: 'set', path: '/update/counts', field: 'counts' }],
});

/** Between reading the total and answering: time for a parallel write to slip in if nothing stops it. */
const RACE_WINDOW_MS = 150;

/** The charges of an account that count may not exceed its limit. */
const hooks: Record<string, EntityHooks> = {
  fxCharge: {
    validate: async ({ trx, record, before, lock }): Promise<RuleError[]> => {
      if (!record.counts) return [];
      const accountRow = await lock(fixtureDb(trx).selectFrom('fx_account').select('balance_limit').where('id', '=', record.accountId as number))
        .executeTakeFirst() as { balance_limit: number } | undefined;
      if (!accountRow) return [];
      const others = await fixtureDb(trx).selectFrom('fx_charge').select('amount')
        .where('account_id', '=', record.accountId as number).where('counts', '=', 1)
        .where('id', '<>', before?.id ?? 0).execute() as { amount: number }[];
      const used = sumCents(others.map((row) => Number(row.amount)));
      await new Promise((resolve) => setTimeout(resolve, RACE_WINDOW_MS));
      const remaining = Number(accountRow.balance_limit) - used;
      return toCents(record.amount as number) > remaining ? [{ field: 'amount', messageKey: 'too_big', params: { max: fromCents(remaining) } }] : [];
    },
  },
};

type Row = { id: number; accountId: number; amount: number; counts: number };

describe.each(testDialects())('validate hook (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [account, charge] as unknown as Entity[], hooks); });
  afterAll(async () => { await fx?.close(); });

  const newAccount = async (balanceLimit: number): Promise<number> => {
    const answer = await call<{ id: number }>(fx.app, 'POST', '/fxAccount/create', { body: { name: 'Acct', balanceLimit } });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data.id;
  };
  const charges = async () => fx.db.selectFrom('fx_charge').selectAll().orderBy('id').execute();
  const addCharge = (accountId: number, amount: number) => call<Row>(fx.app, 'POST', '/fxCharge/create', { body: { accountId, amount } });

  it('lets exactly one of two parallel charges through when together they exceed the limit', async () => {
    const accountId = await newAccount(100);
    const answers = await Promise.all([addCharge(accountId, 60), addCharge(accountId, 60)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'amount', messageKey: 'too_big', params: { max: 40 } })]);
    const stored = (await charges()).filter((row) => Number(row.account_id) === accountId);
    expect(stored.map((row) => Number(row.amount))).toEqual([6000]);
  });

  it('refuses an update and a batch switch that would break the rule, changing nothing', async () => {
    const accountId = await newAccount(50);
    const first = (await addCharge(accountId, 30)).body.data;
    const second = await call<Row>(fx.app, 'POST', '/fxCharge/create', { body: { accountId, amount: 30, counts: 0 } });
    expect(second.status, second.raw).toBe(200);
    const before = await charges();

    const update = await call(fx.app, 'POST', `/fxCharge/update/${first.id}`, { body: { amount: 51 } });
    expect(update.status).toBe(400);
    expect(update.body.errors).toEqual([expect.objectContaining({ field: 'amount', messageKey: 'too_big' })]);
    const switched = await call(fx.app, 'POST', `/fxCharge/update/counts?ids=${second.body.data.id}&counts=1`);
    expect(switched.status).toBe(400);
    expect(switched.body.errors).toEqual([expect.objectContaining({ field: 'amount', params: { max: 20 } })]);
    expect(await charges()).toEqual(before);

    // Within the limit, the same writes pass: the rule sees the record as it will be.
    expect((await call(fx.app, 'POST', `/fxCharge/update/${first.id}`, { body: { amount: 50 } })).status).toBe(200);
    expect((await call(fx.app, 'POST', `/fxCharge/update/${first.id}`, { body: { amount: 20 } })).status).toBe(200);
    expect((await call(fx.app, 'POST', `/fxCharge/update/counts?ids=${second.body.data.id}&counts=1`)).status).toBe(200);
  });
});
