/** Order settings are one record (`mall`: id 1), edited in place at `/oms/orderSetting`. */
import type { EntityScreenOptions } from '../../engine/screenOptions';

export const orderSettingScreen: EntityScreenOptions = { singleRecordId: 1 };
