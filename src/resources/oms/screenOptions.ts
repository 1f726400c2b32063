import type { ScreenOptionsByEntity } from '../../engine/area';
import { DeliveryCompanyCell, OrderAmountCell, OrderRowButtons, OrderStatusTabs, PayTypeCell, ShipSelectedButton } from './orderList';
import { OrderShow } from './orderShow';
import { orderSettingScreen } from './orderSetting';
import { ProductAttrCell } from './productAttr';
import { ReturnOrderCell, ReturnProductCell } from './recordLinks';

export const screenOptions: ScreenOptionsByEntity = {
  orderSetting: orderSettingScreen,
  // The generated order list, plus status tabs with counts, shipping and the row operations by status (./orderList.tsx);
  // the order's page is its own show view (./orderShow.tsx).
  order: {
    listTop: OrderStatusTabs, bulkActions: ShipSelectedButton, rowActions: OrderRowButtons, views: { show: OrderShow },
    // The payment method only where there was a payment; a listed logistics company in the reader's language;
    // the amount with what a return refunded of it.
    cells: { payType: PayTypeCell, deliveryCompany: DeliveryCompanyCell, totalAmount: OrderAmountCell },
  },
  // A return's page reads the returned line's attributes as the order's page does, never as JSON;
  // its order and product by number and name, linked to their pages.
  returnApply: { cells: { productAttr: ProductAttrCell, orderId: ReturnOrderCell, productId: ReturnProductCell } },
};
