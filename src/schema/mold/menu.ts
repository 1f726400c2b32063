/**
 * The Molds area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { r } from '../engine/routes';
import type { SectionDecl } from '../engine/routes';
import { defineTexts } from '../engine/texts';

export const MOLD_MENU_TITLES = defineTexts({
  mold: { en: 'Die-cutting molds', zh: '刀模' },
  kmold: { en: 'Molds', zh: '模具管理' },
});

/** Its menu section and routes (../routes.ts joins every area's). */
export const MOLD_SECTIONS = [
  { ...r('mold', '/mold', 'mold', 60), seller: 'all', children: [
    r('kmold', '/mold/kmold', 'mold', 10),
  ] },
] as const satisfies readonly SectionDecl[];
