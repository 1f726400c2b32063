import type { ScreenOptionsByEntity } from '../../engine/area';
import { CouponCategories, CouponHistoryButton, CouponProducts } from './coupon';
import { flashPromotionScreen } from './flash';

export const screenOptions: ScreenOptionsByEntity = {
  // The coupon's picks only for the scope that names them, the categories over two levels, and its history per row (./coupon.tsx).
  coupon: {
    inputs: { productCategoryRelationList: CouponCategories, productRelationList: CouponProducts },
    rowActions: CouponHistoryButton,
  },
  // The flash sale list: "set sessions" per sale and the way to the session list (./flash.tsx).
  flashPromotion: flashPromotionScreen,
};
