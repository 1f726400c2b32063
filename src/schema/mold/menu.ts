/**
 * The Molds area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { defineTexts } from '../engine/texts';

export const MOLD_MENU_TITLES = defineTexts({
  mold: { en: 'Die-cutting molds', zh: '刀模' },
  kmold: { en: 'Molds', zh: '模具管理' },
});
