/**
 * Server messages areas declare beside their entities (`defineMessages`, ./messageTable.ts): each
 * key's English and Chinese in one table in the area's own declaration files
 * (`src/schema/<area>Messages.ts`), instead of one entry in each of two shared lists. The English
 * joins MESSAGES (./api.ts), the Chinese the admin's error texts (src/i18n/errors.ts); a new
 * area adds its table here. The same for the titles of an area's menu (`src/schema/<area>Menu.ts`):
 * the seed and the English strings take the English (./builtins.ts), src/i18n/zh.ts the Chinese.
 */
import { CASHIER_MENU_TITLES } from './cashierMenu';
import { CASHIER_MESSAGES } from './cashierMessages';
import { joinTexts } from './messageTable';
import type { AreaMessages } from './messageTable';
import { MEMBER_MENU_TITLES } from './memberMenu';
import { MEMBER_MESSAGES } from './memberMessages';
import { MOLD_MENU_TITLES } from './moldMenu';
import { OMS_MENU_TITLES } from './omsMenu';
import { OMS_MESSAGES } from './omsMessages';
import { PMS_MENU_TITLES } from './pmsMenu';
import { PMS_MESSAGES } from './pmsMessages';
import { REFERRAL_MENU_TITLES } from './referralMenu';
import { REFERRAL_MESSAGES } from './referralMessages';
import { SHOP_MENU_TITLES } from './shopMenu';
import { SHOP_MESSAGES } from './shopMessages';
import { SMS_MENU_TITLES } from './smsMenu';
import { SMS_MESSAGES } from './smsMessages';
import { UMS_MENU_TITLES } from './umsMenu';
import { UMS_MESSAGES } from './umsMessages';
import { VIP_MENU_TITLES } from './vipMenu';
import { VIP_MESSAGES } from './vipMessages';

/** Every area's messages. */
export const AREA_MESSAGES = joinTexts(
  SHOP_MESSAGES, PMS_MESSAGES, OMS_MESSAGES, CASHIER_MESSAGES, SMS_MESSAGES, MEMBER_MESSAGES, VIP_MESSAGES, REFERRAL_MESSAGES, UMS_MESSAGES,
) satisfies AreaMessages;

/** Every area's menu titles (section and route names as in src/schema/routes.ts). */
export const AREA_MENU_TITLES = joinTexts(
  SHOP_MENU_TITLES, PMS_MENU_TITLES, OMS_MENU_TITLES, CASHIER_MENU_TITLES, SMS_MENU_TITLES, MEMBER_MENU_TITLES, VIP_MENU_TITLES, MOLD_MENU_TITLES,
  REFERRAL_MENU_TITLES, UMS_MENU_TITLES,
) satisfies AreaMessages;
