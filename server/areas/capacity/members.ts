/**
 * User-group membership bookkeeping shared by the membership routes and by anything that removes
 * an admin: member_count is recounted from the member table (never incremented), so it is true
 * whatever happened before.
 */
import type { Kysely, Transaction } from 'kysely';
import { toCount } from '../../db/index';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The admin ids of a group, ascending. */
export const groupMembers = async (db: Db, groupId: number): Promise<number[]> =>
  (await db.selectFrom('ums_user_group_member').select('admin_id').where('group_id', '=', groupId).orderBy('admin_id').execute())
    .map((r) => r.admin_id);

/** Sets member_count of the group to its real number of members and answers it. */
export const recountMembers = async (trx: Db, groupId: number): Promise<number> => {
  const row = await trx.selectFrom('ums_user_group_member').select((eb) => eb.fn.countAll().as('n')).where('group_id', '=', groupId).executeTakeFirstOrThrow();
  const count = toCount(row.n as string | number);
  await trx.updateTable('ums_user_group').set({ member_count: count }).where('id', '=', groupId).execute();
  return count;
};

/**
 * Takes an admin out of its group (call it in the transaction that deletes the account: the
 * foreign key would drop the membership row but leave member_count behind). Answers the group left.
 */
export const leaveGroups = async (trx: Db, adminId: number): Promise<number | null> => {
  const membership = await trx.selectFrom('ums_user_group_member').select('group_id').where('admin_id', '=', adminId).executeTakeFirst();
  if (!membership) return null;
  await trx.deleteFrom('ums_user_group_member').where('admin_id', '=', adminId).execute();
  await recountMembers(trx, membership.group_id);
  return membership.group_id;
};
