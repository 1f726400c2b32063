// Protects: every check-then-write holds the lock it checked under: a delete racing an action that adds an owned row, a restore racing a purge, and parallel deletes and purges of one record settle to one truth, and a delete or purge that removed nothing answers 404 with no audit row (SQLite and PostgreSQL).
/**
 * A gate (tests/fixtures/owns.ts) holds the first write open inside its transaction, its rows
 * locked, until the second write is seen waiting for a lock (PostgreSQL's `pg_stat_activity`;
 * SQLite runs one transaction at a time, so the second simply waits its turn). Without the
 * delete's own lock, the delete checks for money before the action's money is committed and then
 * removes the holder under it; the money table has no foreign key here, so only the lock decides.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../helpers/api';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';
import { OWNS_ACTIONS, OWNS_ENTITIES, OWNS_HOOKS, ownsTables, shutGate } from '../fixtures/owns';

describe.each(testDialects())('locks of check-then-write (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => {
    fx = await engineFixture(dialect, OWNS_ENTITIES, OWNS_HOOKS, { actions: OWNS_ACTIONS, tables: ownsTables({ moneyKey: false }) });
  });
  afterAll(async () => { await fx?.close(); });

  const post = (url: string, body?: unknown) => call(fx.app, 'POST', url, { body });
  const created = async (path: string, body: unknown): Promise<number> => {
    const answer = await call<{ id: number }>(fx.app, 'POST', `${path}/create`, { body });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data.id;
  };
  const count = async (table: string, column: string, id: number) =>
    (await fx.db.selectFrom(table).select('id').where(column, '=', id).execute()).length;
  const audits = async (table: string, id: number) => (await fx.db.selectFrom('sys_audit_log').select('action')
    .where('entity', '=', table).where('entity_id', '=', String(id)).orderBy('id').execute()).map((r) => r.action);

  /** Resolves once another connection waits for a row lock (PostgreSQL); on SQLite, after the pending requests had their turn to start. */
  const secondWaits = async (): Promise<void> => {
    if (dialect === 'sqlite') {
      await new Promise((resolve) => setImmediate(resolve));
      return;
    }
    for (let i = 0; i < 500; i++) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(fx.db);
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('the second write never waited for a lock');
  };

  /** Runs `first` up to the gate, then `second`, and lets `first` go on once `second` waits. */
  const race = async (first: () => Promise<Answer>, second: () => Promise<Answer>): Promise<[Answer, Answer]> => {
    const gate = shutGate();
    const one = first();
    await gate.entered;
    const two = second();
    try {
      await secondWaits();
    } finally {
      gate.open();
    }
    return [await one, await two];
  };

  it('a delete racing an action that adds money under the record: the delete waits for it and is refused', async () => {
    const holder = await created('/fxHolder', { name: 'Racing', lines: [{ label: 'a' }] });
    const [pay, remove] = await race(() => post(`/fxHolder/pay/${holder}`, { cents: 100 }), () => post(`/fxHolder/delete/${holder}`));
    expect(pay.status, pay.raw).toBe(200);
    expect(remove.status, remove.raw).toBe(409);
    expect(remove.body.messageKey).toBe('shop_has_orders');
    expect(await count('fx_holder', 'id', holder)).toBe(1);
    expect(await count('fx_holder_money', 'holder_id', holder)).toBe(1);
    expect(await count('fx_holder_line', 'holder_id', holder)).toBe(1);
    expect(await audits('fx_holder', holder)).toEqual(['create', 'pay']);
  });

  it('a restore racing a purge of one record: one of them wins, and the record keeps its child rows if it lives', async () => {
    const id = await created('/fxBinned', { name: 'Binned', lines: [{ label: 'a' }, { label: 'b' }] });
    expect((await post(`/fxBinned/delete/${id}`)).status).toBe(200);
    const [restore, purge] = await race(() => post(`/fxBinned/restore?ids=${id}`), () => post(`/fxBinned/purge?ids=${id}`));
    expect(restore.status, restore.raw).toBe(200);
    expect(purge.status, purge.raw).toBe(404);
    const row = await fx.db.selectFrom('fx_binned').select('delete_status').where('id', '=', id).executeTakeFirst();
    expect(Number(row?.delete_status)).toBe(0);
    expect(await count('fx_binned_line', 'binned_id', id)).toBe(2);
    expect(await audits('fx_binned', id)).toEqual(['create', 'recycle', 'restore']);
  });

  it('parallel deletes, and parallel purges, of one record: one answers 200 with one audit row, the others 404 with none', async () => {
    const holder = await created('/fxHolder', { name: 'Deleted often', lines: [{ label: 'a' }] });
    const deletes = await Promise.all(Array.from({ length: 5 }, () => post(`/fxHolder/delete/${holder}`)));
    expect(deletes.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await audits('fx_holder', holder)).toEqual(['create', 'delete']);
    const binned = await created('/fxBinned', { name: 'Purged often', lines: [{ label: 'a' }] });
    await post(`/fxBinned/delete/${binned}`);
    const purges = await Promise.all(Array.from({ length: 5 }, () => post(`/fxBinned/purge?ids=${binned}`)));
    expect(purges.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await audits('fx_binned', binned)).toEqual(['create', 'recycle', 'purge']);
  });
});
