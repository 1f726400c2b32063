/**
 * User-group membership and the capacity warning list (the user groups themselves are a declared
 * entity, src/schema/ums.ts):
 *
 * - `GET /userGroup/members/{groupId}`: the group's admins `[{id, username, nickName}]`.
 * - `POST /userGroup/allocMembers?groupId=1&adminIds=2,3`: the group's members become exactly
 *   these admins (empty `adminIds` empties it); an admin listed here leaves any other group, as
 *   an admin is in at most one group. member_count of every touched group is recounted; one
 *   audit row per touched group with its member ids before and after. Answers the member count.
 * - `GET /capacity/list?pageNum&pageSize&groupId&overOnly`: group members, paged, each with
 *   `items: [{key, unit, usage, quota, percent, warn, over}]` for every registered area and
 *   `warn`/`over` when any item has it. `overOnly=1` keeps members past a warning threshold
 *   (which includes those over a quota).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FieldError, MessageKey } from '../../../src/schema/api';
import { PAGE_SIZE } from '../../../src/schema/rules';
import { requireAuth } from '../../auth/guard';
import { parseIds } from '../../crud/ids';
import { audit } from '../../db/audit';
import { toCount } from '../../db/index';
import type { Database } from '../../db/schema';
import { formatMessage, ok, toPage } from '../../http/envelope';
import { notFound, validationFailed } from '../../http/errors';
import type { QuotaMeter, CapacityItem } from './registry';
import { groupMembers, recountMembers } from './members';
import { capacityItems } from './registry';

export type CapacityRouteDeps = { db: Kysely<Database>; areas: readonly QuotaMeter[] };

export type CapacityRow = {
  adminId: number;
  username: string;
  nickName: string | null;
  groupId: number;
  groupName: string;
  warnPercent: number;
  items: CapacityItem[];
  warn: boolean;
  over: boolean;
};

const fieldError = (field: string, messageKey: MessageKey, params?: Record<string, number>): FieldError =>
  ({ field, messageKey, message: formatMessage(messageKey, params), ...(params ? { params } : {}) });

const single = (value: unknown): string | undefined => {
  const raw = Array.isArray(value) ? value[value.length - 1] : value;
  return raw === undefined || raw === null ? undefined : String(raw);
};

/** Query and (form or JSON) body parameters together, as `mall` binds `@RequestParam`. */
const paramsOf = (request: FastifyRequest): Record<string, unknown> => ({
  ...(request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body as Record<string, unknown> : {}),
  ...(request.query as Record<string, unknown>),
});

/** Strict parameter reading: every problem becomes a field error; unknown parameters are refused. */
const paramReader = (params: Record<string, unknown>, known: readonly string[]) => {
  const errors: FieldError[] = [];
  for (const name of Object.keys(params)) if (!known.includes(name)) errors.push(fieldError(name, 'unknown_field'));
  const id = (name: string, required: boolean): number | null => {
    const raw = single(params[name]);
    if (raw === undefined || raw === '') {
      if (required) errors.push(fieldError(name, 'required'));
      return null;
    }
    const ids = /^\d{1,10}$/.test(raw) ? parseIds(raw) : null;
    if (!ids || ids.length !== 1) { errors.push(fieldError(name, 'invalid_type')); return null; }
    return ids[0]!;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = single(params[name]);
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d{1,10}$/.test(raw)) { errors.push(fieldError(name, 'invalid_type')); return fallback; }
    const value = Number(raw);
    if (value < min || value > max) {
      errors.push(name === 'pageSize' && value > max ? fieldError(name, 'page_size_too_big', { max }) : fieldError(name, 'out_of_range', { min, max }));
      return fallback;
    }
    return value;
  };
  const flag = (name: string): boolean => {
    const raw = single(params[name]);
    if (raw === undefined || raw === '') return false;
    if (!['0', '1', 'true', 'false'].includes(raw)) { errors.push(fieldError(name, 'invalid_value')); return false; }
    return raw === '1' || raw === 'true';
  };
  const ids = (name: string): number[] => {
    const raw = params[name];
    if (raw === undefined || raw === null) { errors.push(fieldError(name, 'required')); return []; }
    const parsed = parseIds(raw);
    if (parsed === null) { errors.push(fieldError(name, 'invalid_ids')); return []; }
    return parsed;
  };
  const done = (): void => { if (errors.length) throw validationFailed(errors); };
  return { id, int, flag, ids, done };
};

export const registerCapacityRoutes = (app: FastifyInstance, deps: CapacityRouteDeps): void => {
  const { db, areas } = deps;

  app.get('/userGroup/members/:groupId', {
    config: { openapi: { summary: 'Admins of a user group: id, username, nickName', tags: ['userGroup'], query: null, body: null } },
  }, async (request) => {
    const read = paramReader({ ...(request.query as Record<string, unknown>), ...(request.params as Record<string, unknown>) }, ['groupId']);
    const groupId = read.id('groupId', true)!;
    read.done();
    const group = await db.selectFrom('ums_user_group').select('id').where('id', '=', groupId).executeTakeFirst();
    if (!group) throw notFound();
    const rows = await db.selectFrom('ums_user_group_member as m').innerJoin('ums_admin as a', 'a.id', 'm.admin_id')
      .select(['a.id', 'a.username', 'a.nick_name']).where('m.group_id', '=', groupId).orderBy('a.id').execute();
    return ok(rows.map((r) => ({ id: r.id, username: r.username, nickName: r.nick_name })));
  });

  app.post('/userGroup/allocMembers', {
    config: { openapi: {
      summary: 'Replace the members of a user group (an admin moves from any previous group); answers the member count',
      tags: ['userGroup'],
      query: { type: 'object', properties: { groupId: { type: 'integer', minimum: 1 }, adminIds: { type: 'string', example: '2,3' } }, required: ['groupId', 'adminIds'] },
      body: null,
    } },
  }, async (request) => {
    const auth = requireAuth(request);
    const read = paramReader(paramsOf(request), ['groupId', 'adminIds']);
    const groupId = read.id('groupId', true);
    const adminIds = read.ids('adminIds');
    read.done();
    const count = await db.transaction().execute(async (trx) => {
      const group = await trx.selectFrom('ums_user_group').select('id').where('id', '=', groupId!).executeTakeFirst();
      if (!group) throw notFound();
      if (adminIds.length) {
        const found = await trx.selectFrom('ums_admin').select('id').where('id', 'in', adminIds).execute();
        if (found.length !== adminIds.length) throw validationFailed([fieldError('adminIds', 'invalid_reference')]);
      }
      // Every group this change touches: the target and the groups the listed admins leave.
      const moving = adminIds.length
        ? await trx.selectFrom('ums_user_group_member').select(['group_id', 'admin_id']).where('admin_id', 'in', adminIds).execute()
        : [];
      const touched = [...new Set([groupId!, ...moving.map((m) => m.group_id)])].sort((a, b) => a - b);
      const before = new Map<number, number[]>();
      for (const id of touched) before.set(id, await groupMembers(trx, id));

      await trx.deleteFrom('ums_user_group_member').where('group_id', '=', groupId!).execute();
      if (adminIds.length) {
        await trx.deleteFrom('ums_user_group_member').where('admin_id', 'in', adminIds).execute();
        await trx.insertInto('ums_user_group_member').values(adminIds.map((adminId) => ({ group_id: groupId!, admin_id: adminId }))).execute();
      }
      let targetCount = 0;
      for (const id of touched) {
        const memberCount = await recountMembers(trx, id);
        if (id === groupId) targetCount = memberCount;
        const after = await groupMembers(trx, id);
        const was = before.get(id) ?? [];
        if (was.join(',') === after.join(',')) continue;
        await audit(trx, {
          adminId: auth.adminId, action: 'alloc_members', entity: 'ums_user_group', entityId: id,
          before: { adminIds: was }, after: { adminIds: after }, ip: request.ip,
        });
      }
      return targetCount;
    });
    return ok(count);
  });

  app.get('/capacity/list', {
    config: { openapi: {
      summary: 'Each user-group member with usage, quota, percent and warn/over flags for every registered area',
      tags: ['capacity'],
      query: { type: 'object', properties: {
        pageNum: { type: 'integer', minimum: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: PAGE_SIZE.max },
        groupId: { type: 'integer', minimum: 1 }, overOnly: { type: 'integer', enum: [0, 1] },
      } },
      body: null,
    } },
  }, async (request) => {
    const read = paramReader(request.query as Record<string, unknown>, ['pageNum', 'pageSize', 'groupId', 'overOnly']);
    const pageNum = read.int('pageNum', 1, 1, 1_000_000);
    const pageSize = read.int('pageSize', PAGE_SIZE.default, 1, PAGE_SIZE.max);
    const groupId = read.id('groupId', false);
    const overOnly = read.flag('overOnly');
    read.done();

    let members = db.selectFrom('ums_user_group_member as m')
      .innerJoin('ums_admin as a', 'a.id', 'm.admin_id')
      .innerJoin('ums_user_group as g', 'g.id', 'm.group_id')
      .select(['a.id as adminId', 'a.username', 'a.nick_name', 'g.id as groupId', 'g.name as groupName',
        'g.quota_shops', 'g.quota_products', 'g.quota_molds', 'g.quota_storage_mb', 'g.warn_percent']);
    if (groupId !== null) members = members.where('m.group_id', '=', groupId);
    members = members.orderBy('g.id').orderBy('a.id');

    const withUsage = async (row: Awaited<ReturnType<typeof members.execute>>[number]): Promise<CapacityRow> => {
      const items = await capacityItems(db, areas, row.adminId, { ...row, group_id: row.groupId });
      return {
        adminId: row.adminId, username: row.username, nickName: row.nick_name, groupId: row.groupId, groupName: row.groupName,
        warnPercent: row.warn_percent, items, warn: items.some((i) => i.warn), over: items.some((i) => i.over),
      };
    };
    const offset = (pageNum - 1) * pageSize;
    if (overOnly) {
      // Who is past a threshold is known only after counting, so every member is counted (groups stay small).
      const all: CapacityRow[] = [];
      for (const row of await members.execute()) all.push(await withUsage(row));
      const flagged = all.filter((r) => r.warn || r.over);
      return ok(toPage(flagged.slice(offset, offset + pageSize), flagged.length, pageNum, pageSize));
    }
    let countQuery = db.selectFrom('ums_user_group_member as m').select((eb) => eb.fn.countAll().as('n'));
    if (groupId !== null) countQuery = countQuery.where('m.group_id', '=', groupId);
    const total = toCount((await countQuery.executeTakeFirstOrThrow()).n as string | number);
    const page: CapacityRow[] = [];
    if (offset < total) for (const row of await members.limit(pageSize).offset(offset).execute()) page.push(await withUsage(row));
    return ok(toPage(page, total, pageNum, pageSize));
  });
};
