/** The Shops area's declarations, as ../areas.ts lists them. */
import { defineSchemaArea } from '../engine/area';
import { shop } from './entities';
import { SHOP_MENU_TITLES, SHOP_SECTIONS } from './menu';
import { SHOP_MESSAGES } from './messages';
import { SHOP_RESOURCES } from './resources';

export const shopSchema = defineSchemaArea({
  name: 'shop',
  entities: { shop },
  messages: SHOP_MESSAGES,
  menuTitles: SHOP_MENU_TITLES,
  resources: { Shops: SHOP_RESOURCES },
  sections: SHOP_SECTIONS,
});
