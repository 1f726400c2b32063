/** The upload storage quota, counted from the recorded sizes of an admin's uploads. */
import { toCount } from '../../db/index';
import type { QuotaMeter } from '../area';
import { UPLOAD_TARGET } from '../capacity/registry';

const BYTES_PER_MB = 1024 * 1024;

/** Upload storage: the recorded sizes of the admin's uploads, in MB. */
export const storageMeter: QuotaMeter = {
  key: 'storage', unit: 'MB', quota: 'quotaStorageMb', guards: [UPLOAD_TARGET], tables: ['sys_upload'],
  count: async (db, adminId) => {
    const row = await db.selectFrom('sys_upload').select((eb) => eb.fn.sum<number | string | null>('size_bytes').as('bytes'))
      .where('admin_id', '=', adminId).executeTakeFirst();
    return toCount(row?.bytes) / BYTES_PER_MB;
  },
};
