import type { ScreenOptionsByEntity } from '../../engine/area';
import { distributionScreen, rewardScreen } from './distribution';

export const screenOptions: ScreenOptionsByEntity = {
  distributionRecord: distributionScreen,
  referralReward: rewardScreen,
};
