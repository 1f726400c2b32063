// Protects: money fields of every declared entity go through the one money helper
// (src/schema/engine/money.ts): the API's decimals are stored as exact integer cents and read back
// unchanged, a value that is not a whole number of cents (0.1 + 0.2) is refused with a field
// error and stores nothing, and list filters on money compare in cents. SQLite and PostgreSQL.
import type { AnyKysely } from '../../server/db/index';
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { columnOf } from '../../src/schema/engine/entity';
import { toCents } from '../../src/schema/engine/money';
import { call } from '../helpers/api';
import { hasRoute, routeOf, urlOf } from '../helpers/entity-bodies';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

const moneyCases = entityList.filter(hasRoute('create')).flatMap((entity) =>
  Object.entries(entity.fields).filter(([, decl]) => decl.kind === 'money' && !decl.virtual && !decl.serverManaged)
    .map(([field, decl]) => ({ entity: entity as Entity, field, decl })));

// Amounts a float `x * 100` has to round right; every one is a whole number of cents.
const AMOUNTS = [0.07, 1.15, 4.35, 19.99, 1234.56, 99_999_999.99];

describe.each(testDialects())('money fields (%s)', (dialect) => {
  const s = apiSuite(dialect);

  const table = (): AnyKysely => s.db as unknown as AnyKysely;

  it('has at least one money field to check', () => {
    expect(moneyCases.length).toBeGreaterThan(0);
  });

  it.each(moneyCases.map((c) => [`${c.entity.name}.${c.field}`, c] as const))('%s stores exact cents and reads the decimal back', async (_label, { entity, field, decl }) => {
    for (const amount of AMOUNTS.filter((a) => a <= (decl.max ?? Infinity) && a >= (decl.min ?? 0))) {
      const created = await s.fx.create(entity, 0, { [field]: amount });
      expect(created[field]).toBe(amount);
      const row = await table().selectFrom(entity.table).select(columnOf(field, decl)).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(Number(Object.values(row)[0])).toBe(toCents(amount));
      expect((await s.fx.get(entity, created.id))[field]).toBe(amount);
    }
  });

  it.each(moneyCases.map((c) => [`${c.entity.name}.${c.field}`, c] as const))('%s refuses a fraction of a cent and stores nothing', async (_label, { entity, field }) => {
    const before = await table().selectFrom(entity.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const body = { ...(await s.fx.bodyFor(entity, 0, { full: true })), [field]: 0.1 + 0.2 };
    const answer = await call(s.app, 'POST', urlOf(routeOf(entity, 'create')!), { token: s.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field, messageKey: 'invalid_format' })]);
    const after = await table().selectFrom(entity.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
