/**
 * Route glue for the shell: every declared entity's screens by route name (`routes.ts`). The
 * shell mounts `entityScreens()[route.name]` at `route.path` and puts `entityResources()`
 * (./resources.tsx, light) among `<Admin>`'s children.
 */
import type { ComponentType } from 'react';
import type { Entity } from '../../schema/entity';
import { screenEntityList } from '../../schema/screenEntities';
import { moldScreen } from '../mold/mold';
import { orderSettingScreen } from '../oms/orderSetting';
import { productAttributeScreen } from '../pms/productAttribute';
import { productAttributeCategoryScreen } from '../pms/productAttributeCategory';
import { productCategoryScreen } from '../pms/productCategory';
import { adminScreen } from '../ums/admin';
import { auditLogScreen } from '../ums/auditLog';
import { userGroupScreen } from '../ums/group';
import { menuScreen } from '../ums/menu';
import { resourceCategoryScreen, resourceScreen } from '../ums/resource';
import { roleScreen } from '../ums/role';
import { EntityList } from './EntityList';
import { EntityCreate, EntityEdit, EntitySingleRecord } from './EntityPages';
import type { EntityScreenOptions } from './screenOptions';

/**
 * The few screen additions beyond the declarations, beside the engine in their area folders,
 * by entity name (an entity not registered yet simply has no screen).
 */
export const SCREEN_OPTIONS: Readonly<Partial<Record<string, EntityScreenOptions>>> = {
  productCategory: productCategoryScreen,
  productAttributeCategory: productAttributeCategoryScreen,
  productAttribute: productAttributeScreen,
  orderSetting: orderSettingScreen,
  admin: adminScreen,
  role: roleScreen,
  menu: menuScreen,
  resource: resourceScreen,
  resourceCategory: resourceCategoryScreen,
  userGroup: userGroupScreen,
  auditLog: auditLogScreen,
  mold: moldScreen,
};

export const screenOptionsOf = (entity: Entity): EntityScreenOptions =>
  SCREEN_OPTIONS[entity.name] ?? {};

const named = (component: ComponentType, name: string): ComponentType => Object.assign(component, { displayName: name });

const buildScreens = (): Record<string, ComponentType> => {
  const screens: Record<string, ComponentType> = {};
  for (const entity of screenEntityList) {
    const options = screenOptionsOf(entity);
    const { route, create, edit } = entity.menu;
    if (options.singleRecordId !== undefined) {
      screens[route] = named(() => <EntitySingleRecord entity={entity} options={options} />, `${entity.name}Settings`);
      continue;
    }
    screens[route] = named(() => <EntityList entity={entity} options={options} />, `${entity.name}List`);
    if (create) screens[create] = named(() => <EntityCreate entity={entity} options={options} />, `${entity.name}Create`);
    if (edit) screens[edit] = named(() => <EntityEdit entity={entity} options={options} />, `${entity.name}Edit`);
  }
  return screens;
};

let screens: Record<string, ComponentType> | null = null;

/** Screen components by route name; built once, so the components keep their identity across renders. */
export const entityScreens = (): Readonly<Record<string, ComponentType>> => {
  screens ??= buildScreens();
  return screens;
};

export { entityResources } from './resources';

