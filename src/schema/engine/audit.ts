/**
 * The actions an audit row names (`sys_audit_log.action`), declared once for both halves: the
 * server writes no other (server/db/audit.ts types its entries with these), and the audit log
 * names each one in the reader's language (src/resources/ums/auditLog.tsx).
 * tests/unit/ums-audit-actions.test.ts fails when one has no name in English or Chinese.
 * - The server's own: the engine's writes and the hand-written routes', named under
 *   `entity.audit.actions.<action>`.
 * - A declared action's (`ActionDecl.audit`, default its name in snake_case): named as the action
 *   is (`resources.<entity>.actions.<name>.name`), so its audit row reads like its button.
 * - `set_<field>`: a batch set or list switch, named after the field it set.
 */
import { snakeCase } from './actions';
import type { ActionDecl, Entity } from './types';

/** Actions the server writes under fixed names. Stored in rows: a name is never renamed, only added. */
export const SERVER_AUDIT_ACTIONS = [
  'create', 'update', 'delete', 'recycle', 'restore', 'purge',
  'register', 'update_password', 'update_profile', 'upload', 'seed', 'reconcile-grants',
] as const;

export type ServerAuditAction = (typeof SERVER_AUDIT_ACTIONS)[number];

/** A batch set or list switch of one field: `set_showStatus`. */
export const SET_FIELD_PREFIX = 'set_';
export type SetFieldAuditAction = `${typeof SET_FIELD_PREFIX}${string}`;

/** A declared action's audit name; only `declaredAuditAction` makes one, so a typed literal cannot pass for it. */
export type DeclaredAuditAction = string & { readonly __declaredAuditAction: true };

export type AuditAction = ServerAuditAction | SetFieldAuditAction | DeclaredAuditAction;

/** The audit rows' action of a declared action: its `audit`, default its name in snake_case (`allocMenu` → `alloc_menu`). */
export const declaredAuditAction = (decl: Pick<ActionDecl, 'audit'>, name: string): DeclaredAuditAction =>
  (decl.audit ?? snakeCase(name)) as DeclaredAuditAction;

/** Every declared action that writes an audit row, with the action it writes. */
export const declaredAuditActions = (entities: readonly Entity[]): { entity: Entity; name: string; action: string }[] =>
  entities.flatMap((entity) => Object.entries(entity.actions ?? {})
    .filter(([, decl]) => decl.writes)
    .map(([name, decl]) => ({ entity, name, action: declaredAuditAction(decl, name) })));
