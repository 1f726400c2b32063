// Protects: area hooks made from the settings (`hooks: ({ config }) => …`, server/areas/area.ts): the app makes them with its own settings, so a rule that depends on the operator's configuration refuses or admits a write by it, on a fixture entity written by the admin; without settings (the seeds' collection) such an area gives no hooks, and two areas giving one entity's hooks still stop the start. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, text } from '../../src/schema/engine/entity';
import { defineArea } from '../../server/areas/area';
import type { AreaHooks } from '../../server/areas/area';
import { collectHooks } from '../../server/areas/index';
import type { ValidateContext } from '../../server/crud/hooks';
import type { AnyKysely } from '../../server/db/index';
import { idColumn } from '../../server/db/migrations/columns';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const memo = defineEntity({
  name: 'fxMemo', path: '/fxMemo', table: 'test_fx_memo', tenant: null, display: 'body',
  menu: { route: 'auditLog' },
  fields: { body: text({ required: true, length: [1, 100], list: true }) },
});

/** A rule by the settings: a memo may name a bank account only when the operator has set one (VIP_BANK_ACCOUNT). */
const settingsArea = defineArea({
  name: 'fx-settings',
  hooks: ({ config }) => ({
    fxMemo: {
      validate: ({ record }: ValidateContext) => (String(record.body).startsWith('bank:') && !config.vipPayment.bankAccount
        ? [{ field: 'body', messageKey: 'channel_unavailable' }] : []),
    },
  }) as unknown as AreaHooks,
});


describe('collectHooks with and without settings', () => {
  it('makes settings hooks only with settings, and still refuses two areas hooking one entity', () => {
    expect(Object.keys(collectHooks([settingsArea]))).toEqual([]);
    const config = { vipPayment: { bankAccount: 'X' } } as never;
    expect(Object.keys(collectHooks([settingsArea], { config }))).toEqual(['fxMemo']);
    expect(() => collectHooks([settingsArea, { ...settingsArea, name: 'twice' }], { config })).toThrow(/already given/);
  });
});

describe.each(testDialects())('area hooks made from the settings (%s)', (dialect) => {
  const apps: TestApp[] = [];
  let unset: TestApp;
  let set: TestApp;

  beforeAll(async () => {
    const make = async (bankAccount: string | null) => {
      const probe = await createTestApp(dialect, { vipPayment: { paypalAccount: null, blockchainNetwork: null, walletAddress: null, bankAccount } },
        { demo: true }, { entities: [memo as unknown as Entity], areas: [settingsArea] });
      const any = probe.db as unknown as AnyKysely;
      await any.schema.createTable('test_fx_memo').addColumn('id', 'integer', idColumn(any)).addColumn('body', 'varchar(100)', (c) => c.notNull()).execute();
      apps.push(probe);
      return probe;
    };
    unset = await make(null);
    set = await make('ACME Bank 001');
  });
  afterAll(async () => { for (const t of apps) await t.close(); });

  it('refuses by the settings of the app that runs the rule, changing nothing', async () => {
    const refused = await call(unset.app, 'POST', '/api/fxMemo/create', { token: await login(unset.app, DEMO.admin), body: { body: 'bank: pay here' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => `${e.field}:${e.messageKey}`)).toEqual(['body:channel_unavailable']);
    expect(await (unset.db as unknown as AnyKysely).selectFrom('test_fx_memo').select('id').execute()).toHaveLength(0);
    const admitted = await call(set.app, 'POST', '/api/fxMemo/create', { token: await login(set.app, DEMO.admin), body: { body: 'bank: pay here' } });
    expect(admitted.body).toMatchObject({ code: 200, data: { body: 'bank: pay here' } });
  });
});
