/**
 * The ledger of built-in roles' grants (server/auth/builtin-grants.ts): which resource and menu
 * grants the declarations gave each built-in role and the server applied. Each start compares it
 * with the declarations: a newly declared grant is given once, a grant the declarations dropped is
 * taken back once, and what an administrator changed by hand is left alone.
 *
 * On an existing database the ledger starts with the grants built-in roles still hold from
 * declarations since narrowed (listed below, as they shipped), so the next start takes exactly
 * those back; the grants declared today are recorded by that start itself.
 */
import type { AnyKysely } from '../index';

/** Grants built-in roles were once seeded with and no longer are (by role code, resource URL). */
const RETIRED_RESOURCE_GRANTS: Readonly<Record<string, readonly string[]>> = {
  // Replaced by own-record patterns: /shop/*, /payRecord/*, /vip/**, /rms/link, /rms/click/*, ...
  seller: ['/shop/**', '/pay/**', '/referral/**', '/rms/**'],
};

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('ums_builtin_grant')
    .addColumn('role_code', 'varchar(100)', (c) => c.notNull())
    // 'resource' (name = the resource URL) or 'menu' (name = the menu name).
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('ums_builtin_grant_pk', ['role_code', 'kind', 'name'])
    .execute();
  for (const [code, urls] of Object.entries(RETIRED_RESOURCE_GRANTS)) {
    const held = await db.selectFrom('ums_role_resource_relation as rr')
      .innerJoin('ums_role as r', 'r.id', 'rr.role_id')
      .innerJoin('ums_resource as s', 's.id', 'rr.resource_id')
      .where('r.code', '=', code).where('s.url', 'in', urls)
      .select('s.url').distinct().execute();
    if (held.length) {
      await db.insertInto('ums_builtin_grant').values(held.map((h) => ({ role_code: code, kind: 'resource', name: h.url as string }))).execute();
    }
  }
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('ums_builtin_grant').execute();
};
