/** Referral: the generated click and relation lists, and the invite link screen `/rms/link`. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const referralArea = defineArea({
  name: 'referral',
  strings,
  screens: {
    link: () => import('./InviteLinkScreen').then((m) => ({ default: m.InviteLinkScreen })),
  },
});
