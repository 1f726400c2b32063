/** The Molds area's declarations, as ../areas.ts lists them. */
import { defineSchemaArea } from '../engine/area';
import { mold } from './entities';
import { MOLD_MENU_TITLES, MOLD_SECTIONS } from './menu';
import { MOLD_RESOURCES } from './resources';

export const moldSchema = defineSchemaArea({
  name: 'mold',
  entities: { mold },
  menuTitles: MOLD_MENU_TITLES,
  resources: { Shops: MOLD_RESOURCES },
  sections: MOLD_SECTIONS,
});
