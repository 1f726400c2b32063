/** Which declared route or section a URL path shows (for the breadcrumb and the active menu entry). */
import type { RouteDecl, SectionDecl } from '../schema/routes';
import { ALL_ROUTES, SECTIONS } from '../schema/routes';

type RouteMatch = { readonly route?: RouteDecl; readonly section?: SectionDecl };

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export const matchPath = (pathname: string): RouteMatch => {
  const path = trimSlash(pathname);
  const route = ALL_ROUTES.find((r) => r.path === path);
  if (route) return { route, section: SECTIONS.find((s) => s.name === route.section) };
  const section = SECTIONS.find((s) => s.path === path);
  return section ? { section } : {};
};
