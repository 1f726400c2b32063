// Protects: every generated write rolls back whole when its audit row cannot be written (no change without its audit row).
/**
 * The audit row is written in the same transaction as the change it records: when the audit
 * insert fails (a trigger makes sys_audit_log refuse rows), every generated write of every
 * entity is rolled back whole, so no change ever exists without its audit row. If this fails, a
 * crash between the change and its audit row would leave an unaudited change behind.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { operationsOf } from '../../src/schema/engine/endpoints';
import { call } from '../helpers/api';
import type { ApiRecord, Body } from '../helpers/entity-bodies';
import { createdByFixtures, hasRoute, snapshotData, updatableFields, urlOf } from '../helpers/entity-bodies';
import type { TestDialect } from '../helpers/test-db';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

/** Makes every insert into sys_audit_log fail until `restore` runs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw DDL on any dialect
const breakAuditLog = async (db: Kysely<any>, dialect: TestDialect): Promise<() => Promise<void>> => {
  if (dialect === 'sqlite') {
    await sql`create trigger audit_down before insert on sys_audit_log begin select raise(abort, 'audit log unavailable'); end`.execute(db);
    return async () => { await sql`drop trigger audit_down`.execute(db); };
  }
  await sql`create function audit_down() returns trigger language plpgsql as $$ begin raise exception 'audit log unavailable'; end $$`.execute(db);
  await sql`create trigger audit_down before insert on sys_audit_log for each row execute function audit_down()`.execute(db);
  return async () => {
    await sql`drop trigger audit_down on sys_audit_log`.execute(db);
    await sql`drop function audit_down()`.execute(db);
  };
};

describe.each(testDialects())('audit rows share the transaction of the change (%s)', (dialect) => {
  const s = apiSuite(dialect);
  const records = new Map<string, ApiRecord[]>();
  const bodies = new Map<string, Body>();
  beforeAll(async () => {
    for (const entity of entityList) {
      records.set(entity.name, createdByFixtures(entity)
        ? [await s.fx.create(entity, 0), await s.fx.create(entity, 1)]
        : [await s.fx.get(entity, await s.fx.anyRecordId(entity))]);
      if (hasRoute('create')(entity)) bodies.set(entity.name, await s.fx.bodyFor(entity, 0, { full: true }));
    }
  });

  /** A valid request for every write route of the entity (it would succeed with a working audit log). */
  const writes = async (entity: Entity) => {
    const [first, second] = records.get(entity.name)!;
    const ids = [first!.id, (second ?? first)!.id].join(',');
    const requests: { url: string; body?: unknown }[] = [];
    for (const route of operationsOf(entity)) {
      const [operation, field] = route.operation.split(':');
      // A create the generic caller (staff) may not make (a VIP application is a seller's) is left to the entity's own tests.
      if (operation === 'create' && createdByFixtures(entity)) requests.push({ url: urlOf(route), body: bodies.get(entity.name) });
      if (operation === 'update') {
        for (const [name, decl] of updatableFields(entity)) {
          const value = await s.fx.otherValue(entity, name, decl, first![name]);
          if (value === null) continue;
          requests.push({ url: urlOf(route, { id: first!.id }), body: { [name]: value } });
          break;
        }
      }
      if (operation === 'delete') requests.push({ url: urlOf(route, { id: first!.id }) });
      if (operation === 'batchDelete') requests.push({ url: `${urlOf(route)}?ids=${ids}` });
      if (operation === 'batchSet') {
        const value = await s.fx.otherValue(entity, field!, entity.fields[field!]!, first![field!]);
        const param = entity.batch?.find((b) => b.kind === 'set' && b.field === field);
        // A single-id path (`/role/updateStatus/{id}`) takes the first record's id; `ids` is then ignored.
        requests.push({ url: `${urlOf(route, { id: first!.id })}?ids=${ids}&${(param?.kind === 'set' && param.param) || field}=${value}` });
      }
    }
    return requests;
  };

  it('every generated write fails as a whole (500, nothing stored) when its audit row cannot be written', async () => {
    const planned = new Map<string, { url: string; body?: unknown }[]>();
    for (const entity of entityList) planned.set(entity.name, await writes(entity));
    const before = await snapshotData(s.db, entityList);
    const restore = await breakAuditLog(s.db, dialect);
    try {
      let tried = 0;
      for (const entity of entityList) {
        for (const request of planned.get(entity.name)!) {
          const answer = await call(s.app, 'POST', request.url, { token: s.token, body: request.body });
          expect(answer.status, `${request.url} ${answer.raw}`).toBe(500);
          expect(answer.body).toEqual({ code: 500, message: 'Something went wrong on the server', data: null, messageKey: 'internal' });
          tried += 1;
        }
      }
      expect(tried).toBeGreaterThanOrEqual(entityList.length);
      expect(await snapshotData(s.db, entityList)).toEqual(before);
    } finally {
      await restore();
    }
    // With the audit log back, the same requests go through: the failure above was the audit row's.
    for (const entity of entityList) {
      for (const request of planned.get(entity.name)!.filter((r) => r.body !== undefined)) {
        expect((await call(s.app, 'POST', request.url, { token: s.token, body: request.body })).status, request.url).toBe(200);
      }
    }
  });
});
