/** Referral: the generated click, relation, distribution and reward lists, and the invite link screen `/rms/link`. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const referralArea = defineArea({
  name: 'referral',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
  screens: {
    link: () => import('./InviteLinkScreen').then((m) => ({ default: m.InviteLinkScreen })),
  },
});
