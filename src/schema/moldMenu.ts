/**
 * The Molds area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (./messageTable.ts).
 */
import { defineTexts } from './messageTable';

export const MOLD_MENU_TITLES = defineTexts({
  mold: { en: 'Die-cutting molds', zh: '刀模' },
  kmold: { en: 'Molds', zh: '模具管理' },
});
