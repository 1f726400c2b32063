// Protects: the engine's declared unique combinations with a condition (an entity's `unique`): one pending application per member and one open booking per seat, refused with 409 `not_unique` on the named field on create, update and batch set, exactly one winner among parallel creates (the partial unique index), rows outside the condition free to repeat, refusals changing nothing. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { dateTime, defineEntity, enumeration, int, text } from '../../src/schema/engine/entity';
import { call } from '../helpers/api';
import { uniqueIndexes } from '../helpers/db-indexes';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const PENDING = 0;
const APPROVED = 1;

/** One pending application per member (the spec's "Have repeated submit application"). */
const application = defineEntity({
  name: 'fxApplication', path: '/fxApplication', table: 'fx_application', tenant: null, display: 'id',
  menu: { route: 'fxApplication' },
  fields: {
    memberId: int({ required: true, min: 1, list: true }),
    status: enumeration([{ value: PENDING, label: 'pending' }, { value: APPROVED, label: 'approved' }, { value: 2, label: 'rejected' }],
      { default: PENDING, list: true }),
    note: text({ length: [0, 40] }),
  },
  unique: [{ fields: ['memberId'], where: { status: PENDING } }],
  batch: [{ kind: 'set', path: '/update/status', field: 'status' }],
});

/** One open booking per seat of a room: two fields together, the condition an empty column. */
const booking = defineEntity({
  name: 'fxBooking', path: '/fxBooking', table: 'fx_booking', tenant: null, display: 'id',
  menu: { route: 'fxBooking' },
  fields: {
    room: int({ required: true, min: 1, list: true }),
    seat: int({ required: true, min: 1, list: true }),
    releasedAt: dateTime({ list: true }),
  },
  unique: [{ fields: ['room', 'seat'], where: { releasedAt: null } }],
});

const PARALLEL = 12;

describe.each(testDialects())('unique with a condition (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [application, booking] as unknown as Entity[]); });
  afterAll(async () => { await fx?.close(); });

  let nextMember = 1;
  const member = () => nextMember++;
  const apply = (memberId: number, body: Record<string, unknown> = {}) =>
    call<{ id: number }>(fx.app, 'POST', '/fxApplication/create', { body: { memberId, ...body } });
  const rows = async () => fx.db.selectFrom('fx_application').selectAll().orderBy('id').execute();
  const expectNotUnique = (answer: { status: number; body: { errors?: unknown } }, field: string) => {
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field, messageKey: 'not_unique' })]);
  };

  it('is backed by a partial unique index', async () => {
    expect(await uniqueIndexes(fx.db as never, 'fx_application')).toContainEqual({ columns: ['member_id'], partial: true });
    expect(await uniqueIndexes(fx.db as never, 'fx_booking')).toContainEqual({ columns: ['room', 'seat'], partial: true });
  });

  it('refuses a second pending application of a member, storing nothing; others are free', async () => {
    const memberId = member();
    expect((await apply(memberId)).status).toBe(200);
    const before = await rows();
    expectNotUnique(await apply(memberId, { note: 'again' }), 'memberId');
    expect(await rows()).toEqual(before);
    // Outside the condition the value repeats freely; another member is another value.
    expect((await apply(memberId, { status: APPROVED })).status).toBe(200);
    expect((await apply(memberId, { status: 2 })).status).toBe(200);
    expect((await apply(member())).status).toBe(200);
  });

  it('refuses an update or a batch switch that makes a second pending one, changing nothing', async () => {
    const memberId = member();
    const pending = (await apply(memberId)).body.data;
    const approved = (await apply(memberId, { status: APPROVED })).body.data;
    const other = (await apply(memberId, { status: APPROVED })).body.data;
    const before = await rows();
    expectNotUnique(await call(fx.app, 'POST', `/fxApplication/update/${approved.id}`, { body: { status: PENDING } }), 'memberId');
    expectNotUnique(await call(fx.app, 'POST', `/fxApplication/update/status?ids=${approved.id}&status=${PENDING}`), 'memberId');
    expect(await rows()).toEqual(before);
    // Two rows of one member switched together would clash with each other.
    expect((await call(fx.app, 'POST', `/fxApplication/update/status?ids=${pending.id}&status=${APPROVED}`)).status).toBe(200);
    const snapshot = await rows();
    expectNotUnique(await call(fx.app, 'POST', `/fxApplication/update/status?ids=${approved.id},${other.id}&status=${PENDING}`), 'memberId');
    expect(await rows()).toEqual(snapshot);
    // Once the pending one is decided, the member may apply again; a record may keep its own value.
    expect((await apply(memberId)).status).toBe(200);
    const mine = (await rows()).at(-1)!;
    expect((await call(fx.app, 'POST', `/fxApplication/update/${Number(mine.id)}`, { body: { note: 'still pending', status: PENDING } })).status).toBe(200);
  });

  it(`lets exactly one of ${PARALLEL} parallel pending applications of a member through`, async () => {
    const memberId = member();
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => apply(memberId)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expectNotUnique(answer, 'memberId');
    expect((await rows()).filter((r) => Number(r.member_id) === memberId)).toHaveLength(1);
  });

  // Last: it drops the index. What remains is the engine's own check in the write's transaction.
  it('refuses the same without the index (a table made before the rule), on create, update and batch set', async () => {
    await fx.db.schema.dropIndex('fx_application_member_id_key').execute();
    expect((await uniqueIndexes(fx.db as never, 'fx_application')).filter((index) => index.columns.includes('member_id'))).toEqual([]);
    const memberId = member();
    expect((await apply(memberId)).status).toBe(200);
    const approved = (await apply(memberId, { status: APPROVED })).body.data;
    const other = (await apply(memberId, { status: APPROVED })).body.data;
    const before = await rows();
    expectNotUnique(await apply(memberId), 'memberId');
    expectNotUnique(await call(fx.app, 'POST', `/fxApplication/update/${approved.id}`, { body: { status: PENDING } }), 'memberId');
    expectNotUnique(await call(fx.app, 'POST', `/fxApplication/update/status?ids=${approved.id},${other.id}&status=${PENDING}`), 'memberId');
    expect(await rows()).toEqual(before);
  });

  it('keeps a combination of two fields unique while a column is empty', async () => {
    const book = (body: Record<string, unknown>) => call<{ id: number }>(fx.app, 'POST', '/fxBooking/create', { body });
    const first = await book({ room: 1, seat: 1 });
    expect(first.status).toBe(200);
    expect((await book({ room: 1, seat: 2 })).status).toBe(200);
    expect((await book({ room: 2, seat: 1 })).status).toBe(200);
    expectNotUnique(await book({ room: 1, seat: 1 }), 'seat');
    expect((await call(fx.app, 'POST', `/fxBooking/update/${first.body.data.id}`, { body: { releasedAt: '2024-05-01T00:00:00.000Z' } })).status).toBe(200);
    expect((await book({ room: 1, seat: 1 })).status).toBe(200);
    expect((await book({ room: 1, seat: 1, releasedAt: '2024-05-02T00:00:00.000Z' })).status).toBe(200);
  });
});
