/**
 * Route glue for the shell: every declared entity's screens by route name (`routes.ts`), and
 * the react-admin resources they use. The shell mounts `entityScreens()[route.name]` at
 * `route.path` and puts `entityResources()` among `<Admin>`'s children.
 */
import type { ComponentType, ReactElement } from 'react';
import { Resource } from 'react-admin';
import type { Entity } from '../../schema/entity';
import type { EntityName } from '../../schema/entities';
import { entityList } from '../../schema/entities';
import { orderSettingScreen } from '../oms/orderSetting';
import { productAttributeScreen } from '../pms/productAttribute';
import { productAttributeCategoryScreen } from '../pms/productAttributeCategory';
import { productCategoryScreen } from '../pms/productCategory';
import { EntityList } from './EntityList';
import { EntityCreate, EntityEdit, EntitySingleRecord } from './EntityPages';
import type { EntityScreenOptions } from './screenOptions';

/** The few screen additions beyond the declarations, beside the engine in their area folders. */
export const SCREEN_OPTIONS: Readonly<Partial<Record<EntityName, EntityScreenOptions>>> = {
  productCategory: productCategoryScreen,
  productAttributeCategory: productAttributeCategoryScreen,
  productAttribute: productAttributeScreen,
  orderSetting: orderSettingScreen,
};

export const screenOptionsOf = (entity: Entity): EntityScreenOptions =>
  SCREEN_OPTIONS[entity.name as EntityName] ?? {};

const named = (component: ComponentType, name: string): ComponentType => Object.assign(component, { displayName: name });

const buildScreens = (): Record<string, ComponentType> => {
  const screens: Record<string, ComponentType> = {};
  for (const entity of entityList) {
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

/**
 * `<Resource>`s without views: react-admin then knows each entity (labels, record
 * representation for references) without adding `/<name>` routes; the screens live at the
 * route table's paths.
 */
export const entityResources = (): ReactElement[] =>
  entityList.map((entity) => <Resource key={entity.name} name={entity.name} recordRepresentation={entity.display} />);

