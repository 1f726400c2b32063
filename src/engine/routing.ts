/**
 * Where an entity's screens live: paths come from the route table (`src/schema/routes.ts`) by
 * the route names the declaration's `menu` gives, so no screen hard-codes a URL.
 */
import type { Identifier } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import { ALL_ROUTES } from '../schema/routes';

export const routePath = (name: string): string => {
  const route = ALL_ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`No route named "${name}" in src/schema/routes.ts`);
  return route.path;
};

export type EntityPaths = { readonly list: string; readonly create?: string; readonly edit?: string };

export const entityPaths = (entity: Entity): EntityPaths => ({
  list: routePath(entity.menu.route),
  ...(entity.menu.create ? { create: routePath(entity.menu.create) } : {}),
  ...(entity.menu.edit ? { edit: routePath(entity.menu.edit) } : {}),
});

export type QueryValues = Readonly<Record<string, string | number | null | undefined>>;

/** `path?a=1&b=2`, leaving out empty values. */
export const withQuery = (path: string, query: QueryValues = {}): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

/** `mall`'s edit links carry the id in the query string: `/pms/updateBrand?id=3`. */
export const editPath = (entity: Entity, id: Identifier): string | null => {
  const { edit } = entityPaths(entity);
  return edit ? withQuery(edit, { id }) : null;
};

/**
 * Deep links of records edited in dialogs: `#edit=<id>`, `#create`, `#show=<id>` after the list's
 * URL. The hash, not the query: react-admin keeps the list's page, sort and filters in the query
 * and remembers them per list, where a dialog must not be remembered.
 */
export type DialogLink = { readonly mode: 'create' } | { readonly mode: 'edit' | 'show'; readonly id: Identifier };

const idOf = (raw: string): Identifier => (/^\d+$/.test(raw) ? Number(raw) : raw);

export const parseDialogHash = (hash: string): DialogLink | null => {
  const text = decodeURIComponent(hash.replace(/^#/, ''));
  if (text === 'create') return { mode: 'create' };
  const match = /^(edit|show)=(.+)$/.exec(text);
  return match ? { mode: match[1] as 'edit' | 'show', id: idOf(match[2] as string) } : null;
};

export const dialogHash = (link: DialogLink | null): string => {
  if (!link) return '';
  return link.mode === 'create' ? '#create' : `#${link.mode}=${encodeURIComponent(String(link.id))}`;
};
