import type { ScreenOptionsByEntity } from '../../engine/area';
import { orderSettingScreen } from './orderSetting';

export const screenOptions: ScreenOptionsByEntity = { orderSetting: orderSettingScreen };
