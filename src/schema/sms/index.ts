/** The Marketing area's declarations, as ../areas.ts lists them. */
import { defineSchemaArea } from '../engine/area';
import { homeAdvertise } from './advertise';
import { coupon, couponHistory } from './coupon';
import { flashProductRelation, flashPromotion, flashSession } from './flash';
import { homeBrand, homeNewProduct, homeRecommendProduct, homeRecommendSubject } from './recommend';
import { prefrenceArea, subject } from './topics';
import { SMS_MENU_TITLES, SMS_SECTIONS } from './menu';
import { SMS_MESSAGES } from './messages';
import { SMS_RESOURCES } from './resources';

export const smsSchema = defineSchemaArea({
  name: 'sms',
  entities: { subject, prefrenceArea, homeAdvertise, homeBrand, homeNewProduct, homeRecommendProduct, homeRecommendSubject, coupon, couponHistory, flashPromotion, flashSession, flashProductRelation },
  messages: SMS_MESSAGES,
  menuTitles: SMS_MENU_TITLES,
  resources: { Marketing: SMS_RESOURCES },
  sections: SMS_SECTIONS,
});
