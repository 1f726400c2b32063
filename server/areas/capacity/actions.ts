/**
 * What the user groups' declared actions do (src/schema/ums/entities.ts `userGroup.actions`):
 *
 * - `members` (`GET /userGroup/members/{groupId}`): the group's admins `[{id, username, nickName}]`.
 * - `allocMembers` (`POST /userGroup/allocMembers?groupId=1&adminIds=2,3`): the group's members
 *   become exactly these admins (empty `adminIds` empties it); an admin listed here leaves any
 *   other group, as an admin is in at most one group. member_count of every touched group is
 *   recounted; one audit row per touched group whose members changed, with its member ids before
 *   and after. Answers the member count.
 * - `capacity` (`GET /capacity/list?pageNum&pageSize&groupId&overOnly`): group members, paged,
 *   each with `items: [{key, unit, usage, quota, percent, warn, over}]` for every registered quota
 *   meter and `warn`/`over` when any item has it. `overOnly=1` keeps members past a warning
 *   threshold (which includes those over a quota).
 *
 * The engine has validated the parameters, found the group (404 otherwise) and checked that every
 * listed admin exists.
 */
import type { Kysely } from 'kysely';
import type { CapacityRow } from '../../../src/schema/ums/entities';
import { userGroup } from '../../../src/schema/ums/entities';
import type { EntityActions } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import { toCount } from '../../db/index';
import type { Database } from '../../db/schema';
import { toPage } from '../../http/envelope';
import type { AuditChange } from '../../crud/actions';
import { groupMembers, recountMembers } from './members';
import type { QuotaMeter } from './registry';
import { capacityItems, GROUP_QUOTA_SELECTION } from './registry';

/** Every member with the usage of every quota, in group then admin order; `groupId` narrows it to one group. */
const membersQuery = (db: Kysely<Database>, groupId: number | null) => {
  let query = db.selectFrom('ums_user_group_member as m')
    .innerJoin('ums_admin as a', 'a.id', 'm.admin_id')
    .innerJoin('ums_user_group as g', 'g.id', 'm.group_id')
    .select(['a.id as adminId', 'a.username', 'a.nick_name', 'g.id as groupId', 'g.name as groupName',
      ...GROUP_QUOTA_SELECTION]);
  if (groupId !== null) query = query.where('m.group_id', '=', groupId);
  return query.orderBy('g.id').orderBy('a.id');
};

type MemberRow = Awaited<ReturnType<ReturnType<typeof membersQuery>['execute']>>[number];

export const capacityActions = (meters: readonly QuotaMeter[]): EntityActions => entityActions(userGroup, {
  members: async ({ trx, record: group }) => {
    const rows = await trx.selectFrom('ums_user_group_member as m').innerJoin('ums_admin as a', 'a.id', 'm.admin_id')
      .select(['a.id', 'a.username', 'a.nick_name']).where('m.group_id', '=', group.id).orderBy('a.id').execute();
    return { data: rows.map((r) => ({ id: r.id, username: r.username, nickName: r.nick_name })) };
  },

  allocMembers: async ({ trx, record: group, params }) => {
    const db = trx;
    const groupId = group.id;
    const adminIds = params.adminIds;
    // Every group this change touches: the target and the groups the listed admins leave.
    const moving = adminIds.length
      ? await db.selectFrom('ums_user_group_member').select(['group_id', 'admin_id']).where('admin_id', 'in', [...adminIds]).execute()
      : [];
    const touched = [...new Set([groupId, ...moving.map((m) => m.group_id)])].sort((a, b) => a - b);
    const before = new Map<number, number[]>();
    for (const id of touched) before.set(id, await groupMembers(db, id));

    await db.deleteFrom('ums_user_group_member').where('group_id', '=', groupId).execute();
    if (adminIds.length) {
      await db.deleteFrom('ums_user_group_member').where('admin_id', 'in', [...adminIds]).execute();
      await db.insertInto('ums_user_group_member').values(adminIds.map((adminId) => ({ group_id: groupId, admin_id: adminId }))).execute();
    }
    let count = 0;
    const changes: AuditChange[] = [];
    for (const id of touched) {
      const memberCount = await recountMembers(db, id);
      if (id === groupId) count = memberCount;
      const after = await groupMembers(db, id);
      const was = before.get(id) ?? [];
      if (was.join(',') !== after.join(',')) changes.push({ id, before: { adminIds: was }, after: { adminIds: after } });
    }
    return { data: count, changes };
  },

  capacity: async ({ trx, params }) => {
    const db = trx;
    const { pageNum, pageSize, groupId, overOnly } = params as { pageNum: number; pageSize: number; groupId: number | null; overOnly: 0 | 1 };
    const withUsage = async (row: MemberRow): Promise<CapacityRow> => {
      const items = await capacityItems(db, meters, row.adminId, { ...row, group_id: row.groupId });
      return {
        adminId: row.adminId, username: row.username, nickName: row.nick_name, groupId: row.groupId, groupName: row.groupName,
        warnPercent: row.warn_percent, items, warn: items.some((i) => i.warn), over: items.some((i) => i.over),
      };
    };
    const offset = (pageNum - 1) * pageSize;
    if (overOnly) {
      // Who is past a threshold is known only after counting, so every member is counted (groups stay small).
      const all: CapacityRow[] = [];
      for (const row of await membersQuery(db, groupId).execute()) all.push(await withUsage(row));
      const flagged = all.filter((r) => r.warn || r.over);
      return { data: toPage(flagged.slice(offset, offset + pageSize), flagged.length, pageNum, pageSize) };
    }
    let countQuery = db.selectFrom('ums_user_group_member as m').select((eb) => eb.fn.countAll().as('n'));
    if (groupId !== null) countQuery = countQuery.where('m.group_id', '=', groupId);
    const total = toCount((await countQuery.executeTakeFirstOrThrow()).n as string | number);
    const page: CapacityRow[] = [];
    if (offset < total) for (const row of await membersQuery(db, groupId).limit(pageSize).offset(offset).execute()) page.push(await withUsage(row));
    return { data: toPage(page, total, pageNum, pageSize) };
  },
});
