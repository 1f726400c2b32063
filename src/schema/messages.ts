/**
 * Server messages areas declare beside their entities (`defineMessages`, ./engine/texts.ts): each
 * key's English and Chinese in one table in the area's own declaration files
 * (`src/schema/<area>Messages.ts`), instead of one entry in each of two shared lists. The English
 * joins MESSAGES (./api.ts), the Chinese the admin's error texts (src/i18n/errors.ts); a new
 * area adds its table here. The same for the titles of an area's menu (`src/schema/<area>Menu.ts`):
 * the seed and the English strings take the English (./builtins.ts), src/i18n/zh.ts the Chinese.
 */
import { CASHIER_MENU_TITLES } from './cashier/menu';
import { CASHIER_MESSAGES } from './cashier/messages';
import { joinTexts } from './engine/texts';
import type { AreaMessages } from './engine/texts';
import { MEMBER_MENU_TITLES } from './member/menu';
import { MEMBER_MESSAGES } from './member/messages';
import { MOLD_MENU_TITLES } from './mold/menu';
import { OMS_MENU_TITLES } from './oms/menu';
import { OMS_MESSAGES } from './oms/messages';
import { PMS_MENU_TITLES } from './pms/menu';
import { PMS_MESSAGES } from './pms/messages';
import { REFERRAL_MENU_TITLES } from './referral/menu';
import { REFERRAL_MESSAGES } from './referral/messages';
import { SHOP_MENU_TITLES } from './shop/menu';
import { SHOP_MESSAGES } from './shop/messages';
import { SMS_MENU_TITLES } from './sms/menu';
import { SMS_MESSAGES } from './sms/messages';
import { UMS_MENU_TITLES } from './ums/menu';
import { UMS_MESSAGES } from './ums/messages';
import { VIP_MENU_TITLES } from './vip/menu';
import { VIP_MESSAGES } from './vip/messages';

/** Every area's messages. */
export const AREA_MESSAGES = joinTexts(
  SHOP_MESSAGES, PMS_MESSAGES, OMS_MESSAGES, CASHIER_MESSAGES, SMS_MESSAGES, MEMBER_MESSAGES, VIP_MESSAGES, REFERRAL_MESSAGES, UMS_MESSAGES,
) satisfies AreaMessages;

/** Every area's menu titles (section and route names as in src/schema/routes.ts). */
export const AREA_MENU_TITLES = joinTexts(
  SHOP_MENU_TITLES, PMS_MENU_TITLES, OMS_MENU_TITLES, CASHIER_MENU_TITLES, SMS_MENU_TITLES, MEMBER_MENU_TITLES, VIP_MENU_TITLES, MOLD_MENU_TITLES,
  REFERRAL_MENU_TITLES, UMS_MENU_TITLES,
) satisfies AreaMessages;
