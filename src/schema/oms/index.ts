/** The Orders area's declarations, as ../areas.ts lists them. */
import { defineSchemaArea } from '../engine/area';
import { companyAddress, order, orderMessage, orderOperateHistory, orderSetting, returnApply, returnReason } from './entities';
import { OMS_MENU_TITLES, OMS_SECTIONS } from './menu';
import { OMS_MESSAGES } from './messages';
import { OMS_RESOURCES } from './resources';

export const omsSchema = defineSchemaArea({
  name: 'oms',
  entities: { returnReason, orderSetting, orderOperateHistory, orderMessage, order, companyAddress, returnApply },
  messages: OMS_MESSAGES,
  menuTitles: OMS_MENU_TITLES,
  resources: { Orders: OMS_RESOURCES },
  sections: OMS_SECTIONS,
});
