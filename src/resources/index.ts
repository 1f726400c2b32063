/**
 * The browser's one registry of areas. An area is a folder here (its strings, screen options, custom views
 * and screens of its own); adding one is one line below. Light on purpose: the shell imports it at start
 * and every screen behind it loads lazily.
 */
import type { BrowserArea, LazyScreen, ScreenOptionsByEntity } from '../engine/area';
import type { RouteName } from '../schema/routes';
import { cashierArea } from './cashier';
import { homeArea } from './home';
import { memberArea } from './member';
import { moldArea } from './mold';
import { omsArea } from './oms';
import { pmsArea } from './pms';
import { referralArea } from './referral';
import { shopArea } from './shop';
import { smsArea } from './sms';
import { umsArea } from './ums';
import { vipArea } from './vip';

export const AREAS: readonly BrowserArea[] = [pmsArea, omsArea, smsArea, memberArea, shopArea, moldArea, umsArea, vipArea, referralArea, cashierArea, homeArea];

/** Every area's screens of its own, by route name. */
export const AREA_SCREENS: Readonly<Partial<Record<RouteName, LazyScreen>>> = Object.assign({}, ...AREAS.map((area) => area.screens ?? {}));

/** Every area's screen options by entity name, loaded together with the entity screens. */
export const loadScreenOptions = async (): Promise<ScreenOptionsByEntity> =>
  Object.assign({}, ...await Promise.all(AREAS.map((area) => area.screenOptions?.() ?? {})));
