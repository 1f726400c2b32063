/** Every declared entity, by name. The server generates routes for these; the admin, screens. */
import { balance, balanceOrder } from './cashier';
import type { Entity } from './entity';
import { prefrenceArea, subject } from './cms';
import { member, memberLevel } from './member';
import { companyAddress, order, orderMessage, orderOperateHistory, orderSetting, returnApply, returnReason } from './oms';
import { brand, productAttribute, productAttributeCategory, productCategory } from './pms';
import { product } from './product';
import { mold, shop } from './shop';
import { payRecord } from './vip';
import { distributionRecord, referralClick, referralReward, referralRelation } from './referral';
import { homeAdvertise } from './sms';
import { homeBrand, homeNewProduct, homeRecommendProduct, homeRecommendSubject } from './smsHome';
import { coupon, couponHistory } from './smsCoupon';
import { flashProductRelation, flashPromotion, flashSession } from './smsFlash';
import { auditLog, menu, resource, resourceCategory, role, userGroup } from './ums';
import { adminAccount } from './umsAdmin';

export const ENTITIES = {
  brand, productCategory, productAttributeCategory, productAttribute, subject, prefrenceArea, product,
  returnReason, orderSetting, orderOperateHistory, orderMessage, order, companyAddress, returnApply, balanceOrder, balance, memberLevel, member, homeAdvertise,
  homeBrand, homeNewProduct, homeRecommendProduct, homeRecommendSubject,
  coupon, couponHistory,
  flashPromotion, flashSession, flashProductRelation,
  shop, mold, userGroup, auditLog,
  role, menu, resourceCategory, resource, admin: adminAccount, payRecord,
  referralClick, referralRelation, distributionRecord, referralReward,
} as const satisfies Record<string, Entity>;

export type EntityName = keyof typeof ENTITIES;
export const entityList: readonly Entity[] = Object.values(ENTITIES) as unknown as readonly Entity[];
