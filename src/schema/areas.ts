/**
 * Every area's declarations, listed once (each area's folder has its own `index.ts`). The entity
 * registry (./entities.ts), the message table and menu titles (./messages.ts), the route table
 * (./routes.ts) and the permission categories (./resources.ts) are all derived from this list, so a
 * new area adds one line here. The order is the entities' order and, within a menu section or a
 * permission category, the order of the areas' routes and resources.
 */
import { cashierSchema } from './cashier';
import { homeSchema } from './home';
import { memberSchema } from './member';
import { moldSchema } from './mold';
import { omsSchema } from './oms';
import { pmsSchema } from './pms';
import { portalSchema } from './portal';
import { referralSchema } from './referral';
import { shopSchema } from './shop';
import { smsSchema } from './sms';
import { umsSchema } from './ums';
import { vipSchema } from './vip';

export const SCHEMA_AREAS = [
  pmsSchema, omsSchema, cashierSchema, memberSchema, smsSchema, shopSchema, moldSchema, umsSchema, vipSchema, referralSchema, homeSchema, portalSchema,
] as const;
