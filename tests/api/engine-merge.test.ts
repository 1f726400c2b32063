// Protects: a merge moves or re-points every declared reference to the merged record, or refuses with a named reason, in one transaction; a reference to a mergeable entity (a field or a foreign key) declared without a merge rule fails here and refuses every merge.
/**
 * Merging two records (`merge` on the entity, server/crud/merge.ts): on a fixture buyer with a
 * ticket that moves (and refreshes its copy of the name), a visit log that is only re-pointed,
 * a dispute that refuses the merge, and hand tables named in `merge.others` (one unique per buyer
 * and product, whose duplicate row the merge drops). The app's own
 * declarations are checked against the foreign keys of both databases: a new table or field that
 * refers to a member without a rule fails the first test. If this fails, a merge can leave rows
 * pointing at a record it removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, int, reference, text } from '../../src/schema/engine/entity';
import { referencesTo } from '../../src/schema/engine/merge';
import { member } from '../../src/schema/member/entities';
import { mergeProblems, mergeReferences } from '../../server/crud/merge';
import { foreignKeysOf } from '../../server/crud/owns';
import { isHttpError } from '../../server/http/errors';
import type { EngineFixture } from '../fixtures/engine';
import { createTableFor, engineFixture } from '../fixtures/engine';
import { testDialects } from '../helpers/test-db';

const fxBuyer = defineEntity({
  name: 'fxBuyer', path: '/fxBuyer', table: 'fx_buyer', tenant: null, display: 'name', menu: { route: 'fxBuyer' },
  merge: { others: [
    { table: 'fx_buyer_note', column: 'buyer_id', rule: { policy: 'repoint' } },
    // One row per buyer and product (a unique index): the kept buyer's row of a product both had stays.
    { table: 'fx_buyer_mark', column: 'buyer_id', rule: { policy: 'repoint', unique: ['product_id'] } },
  ] },
  fields: { name: text({ required: true, length: [1, 40] }) },
});
const fxTicket = defineEntity({
  name: 'fxTicket', path: '/fxTicket', table: 'fx_ticket', tenant: null, display: 'id', menu: { route: 'fxTicket' },
  fields: {
    buyerId: reference('fxBuyer', 'name', { onMerge: { policy: 'move', copy: { buyerName: 'name' } } }),
    buyerName: text({ length: [0, 40] }),
  },
});
const fxVisit = defineEntity({
  name: 'fxVisit', path: '/fxVisit', table: 'fx_visit', tenant: null, display: 'id', menu: { route: 'fxVisit' },
  fields: { buyerId: int({ refersTo: { entity: 'fxBuyer' }, onMerge: { policy: 'repoint' } }), buyerName: text({ length: [0, 40] }) },
});
const fxDispute = defineEntity({
  name: 'fxDispute', path: '/fxDispute', table: 'fx_dispute', tenant: null, display: 'id', menu: { route: 'fxDispute' },
  fields: { buyerName: text({ length: [0, 40], refersTo: { entity: 'fxBuyer', by: 'name' }, onMerge: { policy: 'refuse', messageKey: 'wrong_state' } }) },
});
/** A reference added later, without a rule. */
const fxLoose = defineEntity({
  name: 'fxLoose', path: '/fxLoose', table: 'fx_loose', tenant: null, display: 'id', menu: { route: 'fxLoose' },
  fields: { buyerId: reference('fxBuyer', 'name') },
});
const ENTITIES: readonly Entity[] = [fxBuyer, fxTicket, fxVisit, fxDispute];

describe.each(testDialects())('merges (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => {
    fx = await engineFixture(dialect, [...ENTITIES, fxLoose], {}, {
      tables: async (db) => {
        for (const entity of [...ENTITIES, fxLoose]) await createTableFor(db, entity);
        await db.schema.createTable('fx_buyer_note').addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('buyer_id', 'integer', (c) => c.references('fx_buyer.id')).execute();
        await db.schema.createTable('fx_buyer_mark').addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('buyer_id', 'integer', (c) => c.notNull().references('fx_buyer.id')).addColumn('product_id', 'integer', (c) => c.notNull()).execute();
        await db.schema.createIndex('fx_buyer_mark_line').on('fx_buyer_mark').columns(['buyer_id', 'product_id']).unique().execute();
      },
    });
  }, 60_000);
  afterAll(async () => { await fx?.close(); });

  it("every reference to a member the app declares has a merge rule, and every foreign key into its table is declared", async () => {
    expect(mergeProblems(entityList, await foreignKeysOf(fx.db))).toEqual([]);
    const names = referencesTo(entityList, member).map((ref) => `${ref.name}:${ref.rule?.policy}`);
    expect(names).toEqual(expect.arrayContaining(['order.memberId:move', 'couponHistory.memberId:move', 'returnApply.memberUsername:move']));
  });

  it('finds a reference without a rule and a foreign key no declaration names', async () => {
    const keys = await foreignKeysOf(fx.db);
    expect(mergeProblems(ENTITIES, keys)).toEqual([]);
    expect(mergeProblems([...ENTITIES, fxLoose], keys)).toEqual(['fxBuyer: fxLoose.buyerId has no merge rule']);
    const withoutOthers = { ...fxBuyer, merge: {} } as Entity;
    expect(mergeProblems([withoutOthers, ...ENTITIES.slice(1)], keys).sort()).toEqual([
      'fxBuyer: fx_buyer_mark.buyer_id is a foreign key no declaration names', 'fxBuyer: fx_buyer_note.buyer_id is a foreign key no declaration names',
    ]);
  });

  const buyer = async (name: string) => Number((await fx.db.insertInto('fx_buyer').values({ name }).returning('id').executeTakeFirstOrThrow()).id);
  const merge = (entities: readonly Entity[], keptId: number, mergedId: number) => fx.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('fx_buyer').selectAll().where('id', 'in', [keptId, mergedId]).execute();
    return mergeReferences(trx, { entities, target: fxBuyer, kept: rows.find((r) => r.id === keptId)!, merged: rows.find((r) => r.id === mergedId)! });
  });
  const snapshot = async () => Promise.all(['fx_ticket', 'fx_visit', 'fx_dispute', 'fx_buyer_note', 'fx_loose'].map((table) => fx.db.selectFrom(table).selectAll().orderBy('id').execute()));

  it('moves (with the copies), re-points and names what it moved; a refusing reference refuses the whole merge, nothing changed', async () => {
    const [kept, gone] = [await buyer('Kept'), await buyer('Gone')];
    await fx.db.insertInto('fx_ticket').values([{ buyer_id: gone, buyer_name: 'Gone' }, { buyer_id: gone, buyer_name: 'Gone' }, { buyer_id: kept, buyer_name: 'Kept' }]).execute();
    await fx.db.insertInto('fx_visit').values({ buyer_id: gone, buyer_name: 'Gone then' }).execute();
    await fx.db.insertInto('fx_buyer_note').values({ id: 1, buyer_id: gone }).execute();
    // Both marked product 7; only the removed one marked product 8.
    await fx.db.insertInto('fx_buyer_mark').values([{ id: 1, buyer_id: kept, product_id: 7 }, { id: 2, buyer_id: gone, product_id: 7 }, { id: 3, buyer_id: gone, product_id: 8 }]).execute();
    expect(await merge(ENTITIES, kept, gone)).toEqual({ 'fxTicket.buyerId': 2, 'fxVisit.buyerId': 1, 'fx_buyer_note.buyer_id': 1, 'fx_buyer_mark.buyer_id': 1 });
    expect(await fx.db.selectFrom('fx_buyer_mark').select(['id', 'buyer_id', 'product_id']).orderBy('id').execute())
      .toEqual([{ id: 1, buyer_id: kept, product_id: 7 }, { id: 3, buyer_id: kept, product_id: 8 }]);
    expect(await fx.db.selectFrom('fx_ticket').select(['buyer_id', 'buyer_name']).execute()).toEqual(Array(3).fill({ buyer_id: kept, buyer_name: 'Kept' }));
    // Re-pointed: the visit keeps the name it recorded then.
    expect(await fx.db.selectFrom('fx_visit').select(['buyer_id', 'buyer_name']).execute()).toEqual([{ buyer_id: kept, buyer_name: 'Gone then' }]);
    expect(await fx.db.selectFrom('fx_buyer_note').select('buyer_id').execute()).toEqual([{ buyer_id: kept }]);

    const [other, disputed] = [await buyer('Other'), await buyer('Disputed')];
    await fx.db.insertInto('fx_ticket').values({ buyer_id: disputed, buyer_name: 'Disputed' }).execute();
    await fx.db.insertInto('fx_dispute').values({ buyer_name: 'Disputed' }).execute();
    const before = await snapshot();
    const refusal = await merge(ENTITIES, other, disputed).catch((error: unknown) => error);
    expect(isHttpError(refusal) && refusal.problem).toMatchObject({ status: 409, messageKey: 'wrong_state' });
    expect(await snapshot()).toEqual(before);
  });

  it('a reference declared without a rule refuses every merge, naming it (merge_unruled), nothing changed', async () => {
    const [kept, gone] = [await buyer('Kept 2'), await buyer('Gone 2')];
    await fx.db.insertInto('fx_ticket').values({ buyer_id: gone, buyer_name: 'Gone 2' }).execute();
    await fx.db.insertInto('fx_loose').values({ buyer_id: gone }).execute();
    const before = await snapshot();
    const refusal = await merge([...ENTITIES, fxLoose], kept, gone).catch((error: unknown) => error);
    expect(isHttpError(refusal) && refusal.problem).toMatchObject({ status: 409, messageKey: 'merge_unruled', params: { reference: 'fxLoose.buyerId' } });
    expect(await snapshot()).toEqual(before);
  });
});
