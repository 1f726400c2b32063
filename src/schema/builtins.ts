/**
 * Built-in records: the roles, menus, resources and resource categories the server seeds
 * (server/db/seed), with the English texts it writes. They are data (an administrator may rename
 * them), so the admin shows their translation only while a record still holds its seeded text;
 * a renamed record shows what was typed. Declared once: the seed writes these texts and the admin
 * reads them (src/i18n/builtins.ts).
 */
import { DEMO_ROLES, RESOURCE_CATEGORIES, SEED_ROLES } from './resources';
import { AREA_MENU_TITLES } from './messages';
import { textsOf } from './engine/texts';

/**
 * English menu titles written into ums_menu.title, by menu `name` (a route or section name): each
 * area's own (src/schema/<area>Menu.ts, joined in ./messages.ts). The admin's English `menu.*`
 * strings are these (src/i18n/en.ts), so the two cannot disagree.
 */
export const SEEDED_MENU_TITLES = textsOf(AREA_MENU_TITLES, 'en') satisfies Record<string, string>;

/** The same titles, looked up by any name (a route or section may have none). */
export const MENU_TITLES: Readonly<Record<string, string>> = SEEDED_MENU_TITLES;

/** A kind of built-in record: the field that names one across renames, and its seeded texts. */
export type BuiltinKind = {
  /** `code` of a role, `name` of a menu, `url` of a resource, `name` of a resource category. */
  readonly keyField: string;
  /** The fields shown translated, each with its seeded English text, by the key field's value. */
  readonly texts: Readonly<Record<string, Readonly<Record<string, string>>>>;
};

export type BuiltinEntityName = 'role' | 'menu' | 'resource' | 'resourceCategory';

const ROLES = [...Object.values(SEED_ROLES), ...Object.values(DEMO_ROLES)];

export const BUILTIN_RECORDS: Readonly<Record<BuiltinEntityName, BuiltinKind>> = {
  role: {
    keyField: 'code',
    texts: Object.fromEntries(ROLES.map((r) => [r.code, { name: r.name, description: r.description }])),
  },
  menu: {
    keyField: 'name',
    texts: Object.fromEntries(Object.entries(MENU_TITLES).map(([name, title]) => [name, { title }])),
  },
  resource: {
    keyField: 'url',
    // The seed writes a resource's name as its description too.
    texts: Object.fromEntries(RESOURCE_CATEGORIES.flatMap((c) => c.resources.map((r) => [r.url, { name: r.name, description: r.name }]))),
  },
  resourceCategory: {
    keyField: 'name',
    texts: Object.fromEntries(RESOURCE_CATEGORIES.map((c) => [c.name, { name: c.name }])),
  },
};
