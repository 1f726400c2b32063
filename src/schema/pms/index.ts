/** The Products area's declarations, as ../areas.ts lists them. */
import { defineSchemaArea } from '../engine/area';
import { brand, productAttribute, productAttributeCategory, productCategory } from './entities';
import { product } from './product';
import { feightTemplate } from './freight';
import { PMS_MENU_TITLES, PMS_SECTIONS } from './menu';
import { PMS_MESSAGES } from './messages';
import { PMS_CONTENT_RESOURCES, PMS_RESOURCES } from './resources';

export const pmsSchema = defineSchemaArea({
  name: 'pms',
  entities: { brand, productCategory, productAttributeCategory, productAttribute, feightTemplate, product },
  messages: PMS_MESSAGES,
  menuTitles: PMS_MENU_TITLES,
  resources: { Products: PMS_RESOURCES, Content: PMS_CONTENT_RESOURCES },
  sections: PMS_SECTIONS,
});
