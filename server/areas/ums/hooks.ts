/**
 * Permissions-area rules the declarations cannot state. Every change to roles, menus or
 * resources bumps the permission version first thing in its transaction: the bump both tells
 * every server process to reload, and (a row lock on PostgreSQL, the one writer on SQLite)
 * serialises permission changes, so the checks below read data no concurrent change can undo.
 */
import type { Kysely } from 'kysely';
import { SEED_ROLES } from '../../../src/schema/resources';
import { assertSuperAdmin, heldBy } from '../../auth/ceiling';
import { bumpPermissionVersion } from '../../auth/permissions';
import type { Database } from '../../db/schema';
import { formatMessage } from '../../http/envelope';
import { deleteRefused, forbidden, validationFailed } from '../../http/errors';
import type { AnyDb, EntityHooks, HookActor } from '../../crud/hooks';
import { MAX_ID } from '../../crud/ids';

const typed = (trx: AnyDb): Kysely<Database> => trx as unknown as Kysely<Database>;

const bump = (trx: AnyDb): Promise<void> => bumpPermissionVersion(typed(trx));

const BUILT_IN_ROLES: readonly string[] = [SEED_ROLES.superAdmin.code, SEED_ROLES.seller.code];

const isSuperAdminRole = (record: Record<string, unknown> | null): boolean => record?.code === SEED_ROLES.superAdmin.code;

/** Only a super admin changes the super admin role (its menus, name or status). */
const guardSuperAdminRole = async (trx: AnyDb, actor: HookActor | undefined, record: Record<string, unknown> | null): Promise<void> => {
  if (isSuperAdminRole(record)) assertSuperAdmin(await heldBy(typed(trx), actor?.adminId ?? null));
};

export const roleHooks: EntityHooks = {
  beforeWrite: async ({ trx, before, input, actor }, row) => {
    await bump(trx);
    await guardSuperAdminRole(trx, actor, before);
    // Disabling it would leave nobody able to manage permissions.
    if (isSuperAdminRole(before) && input.status === 0) throw forbidden('protected_role');
    return row;
  },
  beforeDelete: async (trx, _entity, records) => {
    await bump(trx);
    // Registration assigns the seller role and the super admin role is the way back in: keep both.
    if (records.some((r) => BUILT_IN_ROLES.includes(String(r.code)))) throw forbidden('protected_role');
  },
  beforeSetField: async ({ trx, records, field, value, actor }) => {
    await bump(trx);
    for (const record of records) await guardSuperAdminRole(trx, actor, record);
    if (field === 'status' && value === 0 && records.some(isSuperAdminRole)) throw forbidden('protected_role');
  },
};

const invalidParent = () => validationFailed([{ field: 'parentId', messageKey: 'invalid_reference', message: formatMessage('invalid_reference') }]);

/** Recomputes the levels below a menu whose level changed (parent.level + 1, all the way down). */
const relevelChildren = async (trx: AnyDb, parentId: number, parentLevel: number): Promise<void> => {
  const children = await typed(trx).selectFrom('ums_menu').select(['id', 'level']).where('parent_id', '=', parentId).execute();
  for (const child of children) {
    if (Number(child.level) === parentLevel + 1) continue;
    await typed(trx).updateTable('ums_menu').set({ level: parentLevel + 1 }).where('id', '=', child.id).execute();
    await relevelChildren(trx, child.id, parentLevel + 1);
  }
};

export const menuHooks: EntityHooks = {
  // The level follows the parent: 0 at the root, parent.level + 1 below it. A missing parent,
  // the menu itself or one of its descendants as parent is refused (the tree must stay a tree).
  beforeWrite: async ({ trx, input, before }, row) => {
    await bump(trx);
    if (before && !('parentId' in input)) return row;
    const parentId = Number(input.parentId ?? 0);
    if (parentId === 0) return { ...row, parent_id: 0, level: 0 };
    if (parentId > MAX_ID) throw invalidParent();
    let cursor: number = parentId;
    let parentLevel: number | null = null;
    for (let depth = 0; cursor !== 0; depth += 1) {
      if (before && cursor === before.id) throw invalidParent();
      const node = await typed(trx).selectFrom('ums_menu').select(['parent_id', 'level']).where('id', '=', cursor).executeTakeFirst();
      if (!node || depth > 100) throw invalidParent();
      parentLevel ??= Number(node.level);
      cursor = Number(node.parent_id);
    }
    return { ...row, parent_id: parentId, level: (parentLevel ?? 0) + 1 };
  },
  afterWrite: async ({ trx, before }, record) => {
    if (before && before.level !== record.level) await relevelChildren(trx, record.id, Number(record.level));
  },
  beforeDelete: async (trx, _entity, records) => {
    await bump(trx);
    const child = await typed(trx).selectFrom('ums_menu').select('id')
      .where('parent_id', 'in', records.map((r) => r.id)).limit(1).executeTakeFirst();
    if (child) throw deleteRefused('menu_has_children');
  },
  beforeSetField: async ({ trx }) => {
    await bump(trx);
  },
};

export const resourceHooks: EntityHooks = {
  // A new URL on an existing resource grants it to every role holding the resource, the
  // caller's own included: only a super admin may widen what a resource covers.
  beforeWrite: async ({ trx, input, before, actor }, row) => {
    await bump(trx);
    if (before && 'url' in input && input.url !== before.url) assertSuperAdmin(await heldBy(typed(trx), actor?.adminId ?? null));
    return row;
  },
  beforeDelete: async (trx) => {
    await bump(trx);
  },
};
