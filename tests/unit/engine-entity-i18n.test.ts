// Protects: every declared field, enum option, section and column-comparison filter is labelled in English and Chinese with identical keys and kept placeholders.
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import { entityEn } from '../../src/i18n/entities/en';
import { entityZh } from '../../src/i18n/entities/zh';
import type { Tree } from '../../src/i18n/merge';
import { deepMerge } from '../../src/i18n/merge';
import { AREAS } from '../../src/resources';
import type { Entity } from '../../src/schema/engine/entity';
import { actionParamsEntity, secretFields } from '../../src/schema/engine/entity';
import * as priceCheckSchema from '../../src/schema/sms/priceCheck';
import * as shopSchema from '../../src/schema/shop/entities';
import * as umsSchema from '../../src/schema/ums/entities';

type Dict = { [key: string]: string | Dict };

const flatten = (dict: Dict, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(dict)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
};

/** The engine's strings with every area's (`src/resources/<area>/strings.ts`), one language. */
const dictionary = (lang: 'en' | 'zh'): Dict =>
  AREAS.flatMap((area) => (area.strings ? [area.strings[lang] as Tree] : []))
    .reduce<Tree>(deepMerge, (lang === 'en' ? entityEn : entityZh) as Tree) as Dict;

const en = flatten(dictionary('en'));
const zh = flatten(dictionary('zh'));

const isEntity = (value: unknown): value is Entity =>
  typeof value === 'object' && value !== null && 'fields' in value && 'path' in value && 'name' in value;

/**
 * Every entity the admin labels: the registered ones (the admin accounts among them),
 * any ums/shop declaration not registered yet (labels land before registration, so they must
 * be complete and must not count as extra meanwhile), and the price check's parameters (a form of fields, no table).
 */
const labelled: readonly Entity[] = [...entityList, ...([...Object.values(umsSchema), ...Object.values(shopSchema), ...Object.values(priceCheckSchema)] as unknown[]).filter(isEntity)]
  .filter((entity, i, all) => all.findIndex((e) => e.name === entity.name) === i);

/**
 * Every key the declarations imply: entity name, field labels, enum labels, section titles, the
 * column-comparison filters' labels, and for each declared action its name and its parameters'
 * labels (the parameters are fields of `<entity>.actions.<action>`, src/schema/engine/entity.ts actionParamsEntity).
 */
const declaredKeys = (entities: readonly Entity[] = labelled): string[] => entities.flatMap((entity) => {
  const base = `resources.${entity.name}`;
  return [
    `${base}.name`,
    ...Object.entries(entity.fields).flatMap(([field, decl]) => [
      `${base}.fields.${field}`,
      ...(decl.options ?? []).map((o) => `${base}.enums.${field}.${o.label}`),
      ...(decl.section ? [`${base}.sections.${decl.section}`] : []),
      // A child list's rows are labelled like an entity of their own: `<entity>.children.<list>.fields.<field>`.
      ...Object.entries(decl.children?.fields ?? {}).flatMap(([child, childDecl]) => [
        `${base}.children.${field}.fields.${child}`,
        ...(childDecl.options ?? []).map((o) => `${base}.children.${field}.enums.${child}.${o.label}`),
      ]),
    ]),
    ...Object.keys(entity.actions ?? {}).flatMap((action) => declaredKeys([actionParamsEntity(entity, action)])),
    // An action's own done and confirm texts, where it declares them.
    ...Object.entries(entity.actions ?? {}).flatMap(([action, decl]) => [
      ...(decl.doneMessage ? [`${base}.actions.${action}.done`] : []), ...(decl.confirmMessage ? [`${base}.actions.${action}.confirm`] : []),
    ]),
    // A column-comparison filter is labelled by its query parameter.
    ...Object.keys(entity.compareFilters ?? {}).map((param) => `${base}.filters.${param}`),
  ];
});

const placeholders = (text: string): string[] =>
  [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1] as string).filter((p) => p !== 'smart_count').sort();

describe('entity i18n', () => {
  it.each(['en', 'zh'] as const)('has a %s label for every declared field, enum option and section', (lang) => {
    const dict = lang === 'en' ? en : zh;
    const missing = declaredKeys().filter((key) => !dict.get(key));
    expect(missing).toEqual([]);
  });

  it('has each key in one area only (a second area would silently overwrite the first)', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const area of AREAS) {
      for (const key of flatten((area.strings?.en ?? {}) as Dict).keys()) {
        const owner = owners.get(key);
        if (owner) clashes.push(`${key}: ${owner} and ${area.name}`);
        owners.set(key, area.name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('has identical key sets in English and Chinese', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('labels no field or enum option that is not declared', () => {
    const declared = new Set(declaredKeys());
    // A secret field may word its own "set" / "not set" hint (src/engine/inputs.tsx SecretInput).
    const secretHints = new Set(labelled.flatMap((entity) => secretFields(entity)
      .flatMap(([field]) => ['set', 'not_set'].map((state) => `resources.${entity.name}.secrets.${field}.${state}`))));
    // A history's notes written as message keys (HistoryDecl notes) are worded under the history entity.
    const historyNotes = new Set(labelled.flatMap((entity) => {
      const history = entity.states?.history;
      return history?.notes ? Object.keys(history.notes).map((key) => `resources.${history.entity}.notes.${key}`) : [];
    }));
    const extra = [...en.keys()].filter((key) => key.startsWith('resources.') && !declared.has(key) && !secretHints.has(key) && !historyNotes.has(key));
    expect(extra).toEqual([]);
  });

  it('keeps Chinese strings single-form and the placeholders of the English ones', () => {
    for (const [key, text] of zh) {
      expect(text, key).not.toContain('||||');
      expect(placeholders(text), key).toEqual(placeholders(en.get(key) ?? ''));
    }
  });
});
