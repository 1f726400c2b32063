/**
 * The one rule for showing a built-in record's text (src/schema/builtins.ts) in the chosen
 * language: a seeded role, menu, resource or resource category that still holds its seeded
 * English text shows the translation; any other text (a renamed record, a record made in the
 * admin) shows as stored. List cells, pickers, the allocation screens, the side menu and the
 * breadcrumb all go through `builtinText`.
 */
import type { BuiltinEntityName, BuiltinKind } from '../schema/builtins';
import { BUILTIN_RECORDS } from '../schema/builtins';

type Translate = (key: string, options?: { readonly _?: string }) => string;
type RecordLike = Readonly<Record<string, unknown>>;

const isBuiltinEntity = (entity: string): entity is BuiltinEntityName => Object.hasOwn(BUILTIN_RECORDS, entity);

/** Menus reuse the route titles (`menu.<name>`); the others have `builtin.<entity>.<key>.<field>`. */
const builtinMessageKey = (entity: BuiltinEntityName, key: string, field: string): string =>
  entity === 'menu' ? `menu.${key}` : `builtin.${entity}.${key}.${field}`;

/** The English messages are the seeded texts themselves (menus are in `menu`). */
export const builtinEn = {
  role: BUILTIN_RECORDS.role.texts,
  resource: BUILTIN_RECORDS.resource.texts,
  resourceCategory: BUILTIN_RECORDS.resourceCategory.texts,
};

/** Whether a field of an entity can hold a built-in text (list cells and pickers check this once). */
export const isBuiltinField = (entity: string, field: string): boolean =>
  isBuiltinEntity(entity) && Object.values(BUILTIN_RECORDS[entity].texts).some((texts) => field in texts);

const seedKeyOf = (kind: BuiltinKind, record: RecordLike, field: string, text: string): string | undefined => {
  const own = record[kind.keyField];
  if (typeof own === 'string' && own !== '') return own;
  // A record shown without its key (a role name in /admin/info) is known by its seeded text.
  return Object.keys(kind.texts).find((key) => kind.texts[key]?.[field] === text);
};

/** The text to show for `record[field]`: its translation while it is the seeded text, else as stored. */
export const builtinText = (translate: Translate, entity: string, record: RecordLike | undefined, field: string): string => {
  const stored = record?.[field];
  const text = stored === null || stored === undefined ? '' : String(stored);
  if (!record || !isBuiltinEntity(entity)) return text;
  const kind = BUILTIN_RECORDS[entity];
  const key = seedKeyOf(kind, record, field, text);
  if (key === undefined || kind.texts[key]?.[field] !== text) return text;
  return translate(builtinMessageKey(entity, key, field), { _: text });
};

/** A menu entry's title (side menu, bottom bar, home, breadcrumb): a menu row without a title reads as its route. */
export const menuTitleText = (translate: Translate, name: string, title: string | undefined): string =>
  title ? builtinText(translate, 'menu', { name, title }, 'title') : translate(`menu.${name}`, { _: name });
