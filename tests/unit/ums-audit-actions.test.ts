// Protects: every action the server writes into the audit log has a name in English and Chinese (the server's own, every declared action's, every field a batch or switch sets), and every table it names reads as a name.
/**
 * The server writes only the actions src/schema/engine/audit.ts lists (server/db/audit.ts types its
 * entries with them, so a new literal does not compile until it is listed), the declared actions'
 * audit names, and `set_<field>` for the fields batch sets and list switches write. Each is
 * resolved here the way the audit log screen resolves it (src/resources/ums/auditActions.ts), and
 * the message it lands on must exist, non-empty, in both languages: a new action without a name
 * fails here instead of showing as `confirm_receipt` in someone's audit log.
 */
import { describe, expect, it } from 'vitest';
import { entityEn } from '../../src/i18n/entities/en';
import { entityZh } from '../../src/i18n/entities/zh';
import type { Tree } from '../../src/i18n/merge';
import { deepMerge } from '../../src/i18n/merge';
import { AREAS } from '../../src/resources';
import { auditActionName } from '../../src/resources/ums/auditActions';
import { declaredAuditActions, SERVER_AUDIT_ACTIONS, SET_FIELD_PREFIX } from '../../src/schema/engine/audit';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';

type Dict = { [key: string]: string | Dict };

/** The engine's strings with every area's, one language (as the admin merges them). */
const dictionary = (lang: 'en' | 'zh'): Dict =>
  AREAS.flatMap((area) => (area.strings ? [area.strings[lang] as Tree] : []))
    .reduce<Tree>(deepMerge, (lang === 'en' ? entityEn : entityZh) as Tree) as Dict;

const DICTS = { en: dictionary('en'), zh: dictionary('zh') } as const;

/** A message by its dotted key; undefined when absent. Keys may hold a dash (`reconcile-grants`), never a dot. */
const messageAt = (dict: Dict, key: string): string | undefined => {
  let node: string | Dict | undefined = dict;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** Fields written by `set_<field>`: a batch set and a list switch (`toggle`) of each entity. */
const setFields = (entity: Entity): string[] => [...new Set([
  ...(entity.batch ?? []).flatMap((b) => (b.kind === 'set' ? [b.field] : [])),
  ...Object.entries(entity.fields).filter(([, decl]) => decl.toggle).map(([field]) => field),
])];

/** Every (table, action) the server writes: its own actions on any table, the declared ones on their entity's. */
const written: { table: string; action: string }[] = [
  ...SERVER_AUDIT_ACTIONS.map((action) => ({ table: 'system', action })),
  ...declaredAuditActions(entityList).map(({ entity, action }) => ({ table: entity.table, action })),
  ...entityList.flatMap((entity) => setFields(entity).map((field) => ({ table: entity.table, action: `${SET_FIELD_PREFIX}${field}` }))),
];

describe('audit log action names', () => {
  it('finds what the server writes: its own actions, the declared ones and the fields sets write', () => {
    // The list is not empty by accident: the ones this test was written against are among them.
    const actions = new Set(written.map((w) => w.action));
    for (const action of ['create', 'reconcile-grants', 'update_roles', 'confirm_receipt', 'close', 'bind', 'set_status']) expect(actions, action).toContain(action);
  });

  it.each(['en', 'zh'] as const)('names every one of them in %s', (lang) => {
    const missing: string[] = [];
    for (const { table, action } of written) {
      const name = auditActionName(entityList, table, action);
      if (!name) { missing.push(`${table} ${action}: no name`); continue; }
      for (const key of [name.key, ...(name.fieldKey ? [name.fieldKey] : [])]) {
        const text = messageAt(DICTS[lang], key);
        if (!text?.trim()) missing.push(`${table} ${action}: ${key}`);
      }
      // A set names its field: the field's label, never the bare `set_` code.
      if (action.startsWith(SET_FIELD_PREFIX)) expect(name.fieldKey, `${table} ${action}`).toBeDefined();
    }
    expect(missing).toEqual([]);
  });

  it('names a declared action as its own entity does, not as a namesake elsewhere', () => {
    const returns = entityList.find((e) => e.name === 'returnApply')!;
    const payRecords = entityList.find((e) => e.name === 'payRecord')!;
    expect(auditActionName(entityList, returns.table, 'confirm')?.key).toBe('resources.returnApply.actions.confirm.name');
    expect(auditActionName(entityList, payRecords.table, 'confirm')?.key).toBe('resources.payRecord.actions.confirm.name');
    // The server's own `create` on a brand is "Create", whatever other entity declares a `create` action.
    expect(auditActionName(entityList, 'pms_brand', 'create')?.key).toBe('entity.audit.actions.create');
    expect(auditActionName(entityList, 'pms_brand', 'no_such_action')).toBeUndefined();
  });
});
