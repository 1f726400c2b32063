import type { ScreenOptionsByEntity } from '../../engine/area';
import { moldScreen } from './mold';

export const screenOptions: ScreenOptionsByEntity = { mold: moldScreen };
