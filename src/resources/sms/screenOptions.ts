import type { ScreenOptionsByEntity } from '../../engine/area';
import { CouponCategories, CouponCategoryNames, CouponHistoryButton, CouponProductNames, CouponProducts, CouponScopeCell } from './coupon';
import { flashPromotionScreen } from './flashSale';

export const screenOptions: ScreenOptionsByEntity = {
  // The coupon's picks only for the scope that names them, the categories over two levels, its
  // history per row, and its scope as what it applies to ("3 products"; on its page, their names) (./coupon.tsx).
  coupon: {
    inputs: { productCategoryRelationList: CouponCategories, productRelationList: CouponProducts },
    cells: { useType: CouponScopeCell, productCategoryRelationList: CouponCategoryNames, productRelationList: CouponProductNames },
    rowActions: CouponHistoryButton,
  },
  // The flash sale list: "set sessions" per sale and the way to the session list (./flashSale.tsx).
  flashPromotion: flashPromotionScreen,
};
