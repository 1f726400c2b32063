/** Every declared entity, by name. The server generates routes for these; the admin, screens. */
import { balance, balanceOrder } from './cashier/entities';
import type { Entity } from './engine/entity';
import { prefrenceArea, subject } from './sms/topics';
import { member, memberLevel } from './member/entities';
import { companyAddress, order, orderMessage, orderOperateHistory, orderSetting, returnApply, returnReason } from './oms/entities';
import { brand, productAttribute, productAttributeCategory, productCategory } from './pms/entities';
import { product } from './pms/product';
import { mold, shop } from './shop/entities';
import { payRecord } from './vip/entities';
import { distributionRecord, referralClick, referralReward, referralRelation } from './referral/entities';
import { homeAdvertise } from './sms/advertise';
import { homeBrand, homeNewProduct, homeRecommendProduct, homeRecommendSubject } from './sms/recommend';
import { coupon, couponHistory } from './sms/coupon';
import { flashProductRelation, flashPromotion, flashSession } from './sms/flash';
import { auditLog, menu, resource, resourceCategory, role, userGroup } from './ums/entities';
import { adminAccount } from './ums/admin';

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
