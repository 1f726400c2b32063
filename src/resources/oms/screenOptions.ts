import type { ScreenOptionsByEntity } from '../../engine/area';
import { OrderStatusTabs, ShipRowButton, ShipSelectedButton } from './orderList';
import { orderSettingScreen } from './orderSetting';

export const screenOptions: ScreenOptionsByEntity = {
  orderSetting: orderSettingScreen,
  // The generated order list, plus status tabs with counts and shipping (./orderList.tsx).
  order: { listTop: OrderStatusTabs, bulkActions: ShipSelectedButton, rowActions: ShipRowButton },
};
