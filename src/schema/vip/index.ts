/** The VIP payments area's declarations, as ../areas.ts lists them. */
import { defineSchemaArea } from '../engine/area';
import { payRecord } from './entities';
import { VIP_MENU_TITLES, VIP_SECTIONS } from './menu';
import { VIP_MESSAGES } from './messages';
import { VIP_RESOURCES } from './resources';

export const vipSchema = defineSchemaArea({
  name: 'vip',
  entities: { payRecord },
  messages: VIP_MESSAGES,
  menuTitles: VIP_MENU_TITLES,
  resources: { 'Payments and referral': VIP_RESOURCES },
  sections: VIP_SECTIONS,
});
