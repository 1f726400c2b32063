/** The Members area's declarations, as ../areas.ts lists them. */
import { defineSchemaArea } from '../engine/area';
import { member, memberLevel } from './entities';
import { pointsHistory, pointsRule } from './points';
import { MEMBER_MENU_TITLES, MEMBER_SECTIONS } from './menu';
import { MEMBER_MESSAGES } from './messages';
import { MEMBER_RESOURCES } from './resources';

export const memberSchema = defineSchemaArea({
  name: 'member',
  entities: { memberLevel, member, pointsRule, pointsHistory },
  messages: MEMBER_MESSAGES,
  menuTitles: MEMBER_MENU_TITLES,
  resources: { Members: MEMBER_RESOURCES },
  sections: MEMBER_SECTIONS,
});
