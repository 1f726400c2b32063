/** Order settings are one record (`mall`: id 1), edited in place at `/oms/orderSetting`. */
import type { orderSetting } from '../../schema/oms/entities';
import type { ScreenOptionsOf } from '../../engine/screenOptions';

export const orderSettingScreen: ScreenOptionsOf<typeof orderSetting> = { singleRecordId: 1 };
