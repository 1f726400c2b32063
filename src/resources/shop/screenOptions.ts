import type { ScreenOptionsByEntity } from '../../engine/area';
import { ShopCreate } from './ShopCreate';

export const screenOptions: ScreenOptionsByEntity = {
  shop: {
    views: { create: ShopCreate },
    // The list stays readable: company details and settings are a click away (columns button).
    hiddenColumns: ['companyName', 'autoApprove', 'inviteCode'],
  },
};
