/**
 * Rows of the UMS tables as the API shows them, read through their declarations (`recordOfRow`,
 * server/crud/row.ts): camelCase, `mall`'s field names, timestamps in one ISO form, and never a
 * password hash (a secret field is never part of a record).
 */
import type { Selectable } from 'kysely';
import type { MenuItem } from '../../../src/schema/api';
import { menu } from '../../../src/schema/ums/entities';
import { adminAccount } from '../../../src/schema/ums/admin';
import type { StoredRecordOf } from '../../crud/row';
import { recordOfRow } from '../../crud/row';
import type { Database, UmsAdminTable } from '../../db/schema';

export type AdminJson = StoredRecordOf<typeof adminAccount>;

export const adminJson = (row: Selectable<UmsAdminTable>): AdminJson => recordOfRow(adminAccount, row);

/** A menu as the sign-in answer and the role's menus carry it: a level and an icon always present. */
export const menuJson = (row: Selectable<Database['ums_menu']>): MenuItem => {
  const record = recordOfRow(menu, row);
  return { ...record, level: record.level ?? 0, icon: record.icon ?? '' };
};
