/** The Referral area's declarations, as ../areas.ts lists them. */
import { defineSchemaArea } from '../engine/area';
import { distributionRecord, referralClick, referralReward, referralRelation } from './entities';
import { REFERRAL_MENU_TITLES, REFERRAL_SECTIONS } from './menu';
import { REFERRAL_MESSAGES } from './messages';
import { REFERRAL_RESOURCES } from './resources';

export const referralSchema = defineSchemaArea({
  name: 'referral',
  entities: { referralClick, referralRelation, distributionRecord, referralReward },
  messages: REFERRAL_MESSAGES,
  menuTitles: REFERRAL_MENU_TITLES,
  resources: { 'Payments and referral': REFERRAL_RESOURCES },
  sections: REFERRAL_SECTIONS,
});
