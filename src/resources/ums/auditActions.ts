/**
 * What an audit row's action is called (src/schema/engine/audit.ts lists what the server writes): the
 * i18n key of its name and the key of the field a `set_<field>` row set. No React, so the audit
 * log screen and tests/unit/ums-audit-actions.test.ts resolve names the same way.
 */
import type { Entity } from '../../schema/engine/entity';
import type { ServerAuditAction } from '../../schema/engine/audit';
import { declaredAuditActions, SERVER_AUDIT_ACTIONS, SET_FIELD_PREFIX } from '../../schema/engine/audit';
import { actionLabelKey, fieldLabelKey } from '../../engine/labels';

/** The message key of an action's name, and for `set_<field>` the key of the field's label (`%{field}`). */
type AuditActionName = { readonly key: string; readonly fieldKey?: string };

const isServerAction = (action: string): action is ServerAuditAction => (SERVER_AUDIT_ACTIONS as readonly string[]).includes(action);

/**
 * In this order: a field set by a batch or a switch ("Set Shown"); a declared action of the row's
 * own table, named as its button is (a return's `confirm` is not a pay record's); one of the
 * server's own actions ("Create"); a declared action of another table (an action that wrote on
 * another table than its entity's). Undefined when the action is none of these.
 */
export const auditActionName = (entities: readonly Entity[], table: string, action: string): AuditActionName | undefined => {
  const own = entities.find((e) => e.table === table);
  if (action.startsWith(SET_FIELD_PREFIX)) {
    const field = action.slice(SET_FIELD_PREFIX.length);
    return { key: 'entity.audit.set_field', ...(own?.fields[field] ? { fieldKey: fieldLabelKey(own, field) } : {}) };
  }
  const declared = declaredAuditActions(entities).filter((d) => d.action === action);
  const onTable = declared.find((d) => d.entity.table === table);
  if (onTable) return { key: actionLabelKey(onTable.entity, onTable.name) };
  if (isServerAction(action)) return { key: `entity.audit.actions.${action}` };
  const elsewhere = declared[0];
  return elsewhere ? { key: actionLabelKey(elsewhere.entity, elsewhere.name) } : undefined;
};
