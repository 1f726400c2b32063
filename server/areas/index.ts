/**
 * The server's one registry of areas. An area is a folder here (hooks, routes, quota meters);
 * adding one is one line below. Order is the order routes register in.
 */
import type { Entity } from '../../src/schema/engine/entity';
import type { EntityHooks } from '../crud/hooks';
import { accountArea } from './account';
import type { HookDeps, QuotaMeter, ServerArea } from './area';
import { capacityArea } from './capacity';
import { cashierArea } from './cashier';
import { homeArea } from './home';
import { memberArea } from './member';
import { moldArea } from './mold';
import { omsArea } from './oms';
import { pmsArea } from './pms';
import { portalArea } from './portal';
import { shopArea } from './shop';
import { smsArea } from './sms';
import { umsArea } from './ums';
import { uploadsArea } from './uploads';
import { referralArea } from './referral';
import { vipArea } from './vip';

// Quota meters list in this order (the capacity list's columns: shops, products, molds, storage).
export const AREAS: readonly ServerArea[] = [accountArea, umsArea, shopArea, pmsArea, omsArea, moldArea, capacityArea, uploadsArea, vipArea, memberArea, referralArea, cashierArea, homeArea, smsArea, portalArea];

/**
 * Every area's hooks by entity name. Hooks made from the settings are made with `deps`; without
 * them (seeds writing entities whose rules need no settings) such an area gives none, so a write
 * that needs them must come with the settings.
 */
export const collectHooks = (areas: readonly ServerArea[], deps?: HookDeps): Readonly<Record<string, EntityHooks<Entity>>> => {
  // The engine's view: one entity's hooks are also hooks of `Entity` (server/crud/hooks.ts).
  const hooks: Record<string, EntityHooks<Entity>> = {};
  for (const area of areas) {
    const given = typeof area.hooks === 'function' ? (deps ? area.hooks(deps) : {}) : area.hooks ?? {};
    for (const [entity, entityHooks] of Object.entries(given)) {
      if (hooks[entity]) throw new Error(`${area.name}: hooks for ${entity} are already given by another area`);
      hooks[entity] = entityHooks;
    }
  }
  return hooks;
};

/** Every area's hooks that need no settings, for the seeds (the app collects all of them with its settings). */
export const ENTITY_HOOKS = collectHooks(AREAS);

/** Entities served by areas' own routes that declared ones may reference (the admin accounts). */
export const REFERENCE_TARGETS = AREAS.flatMap((area) => area.referenceTargets ?? []);

/** Every area's scheduled jobs (server/main.ts runs them with server/jobs' JOBS). */
export const AREA_JOBS = AREAS.flatMap((area) => area.jobs ?? []);

/**
 * The areas with demo records, in the order they are written: each after the areas it names in
 * `after`, otherwise in AREAS order. An unknown name or a cycle stops the seed.
 */
export const demoOrder = (areas: readonly ServerArea[]): ServerArea[] => {
  const withDemo = areas.filter((area) => area.demo);
  const done = new Set<string>();
  const ordered: ServerArea[] = [];
  const visit = (area: ServerArea, path: readonly string[]): void => {
    if (done.has(area.name)) return;
    if (path.includes(area.name)) throw new Error(`demo seeds: ${[...path, area.name].join(' -> ')} is a cycle`);
    for (const name of area.demo?.after ?? []) {
      const first = areas.find((a) => a.name === name);
      if (!first) throw new Error(`${area.name}: its demo follows ${name}, which is no area`);
      if (first.demo) visit(first, [...path, area.name]);
    }
    done.add(area.name);
    ordered.push(area);
  };
  for (const area of withDemo) visit(area, []);
  return ordered;
};

/** Every area's quota meters, for the create guard, the upload route and the capacity list. */
export const QUOTA_METERS: readonly QuotaMeter[] = AREAS.flatMap((area) => area.meters ?? []);
