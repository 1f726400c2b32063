/**
 * Rows of the UMS tables as the API shows them: camelCase, `mall`'s field names, timestamps in
 * one ISO form, and never a password hash.
 */
import type { Selectable } from 'kysely';
import type { MenuItem } from '../../../src/schema/api';
import type { Database, UmsAdminTable } from '../../db/schema';
import { toApiTime } from '../../db/time';

export type AdminJson = {
  id: number;
  username: string;
  icon: string | null;
  email: string | null;
  nickName: string | null;
  note: string | null;
  createTime: string | null;
  loginTime: string | null;
  status: number;
  inviteCode: string | null;
  referrerId: number | null;
};

export const adminJson = (row: Selectable<UmsAdminTable>): AdminJson => ({
  id: row.id,
  username: row.username,
  icon: row.icon,
  email: row.email,
  nickName: row.nick_name,
  note: row.note,
  createTime: toApiTime(row.create_time),
  loginTime: toApiTime(row.login_time),
  status: row.status,
  inviteCode: row.invite_code,
  referrerId: row.referrer_id,
});

export const menuJson = (row: Selectable<Database['ums_menu']>): MenuItem => ({
  id: row.id,
  parentId: row.parent_id,
  createTime: toApiTime(row.create_time),
  title: row.title,
  level: row.level ?? 0,
  sort: row.sort,
  name: row.name,
  icon: row.icon ?? '',
  hidden: row.hidden ? 1 : 0,
});
