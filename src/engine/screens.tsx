/**
 * Route glue for the shell: every declared entity's screens by route name (`routes.ts`). The
 * shell mounts `entityScreens(options)[route.name]` at `route.path` and puts `entityResources()`
 * (./resources.tsx, light) among `<Admin>`'s children.
 */
import type { ComponentType } from 'react';
import { screenEntityList } from '../schema/screenEntities';
import { EntityList } from './EntityList';
import { EntityCreate, EntityEdit, EntitySingleRecord } from './EntityPages';
import type { ScreenOptionsByEntity } from './area';
import type { EntityScreenOptions } from './screenOptions';
import { withTreeScreens } from './tree';

const named = (component: ComponentType, name: string): ComponentType => Object.assign(component, { displayName: name });

const buildScreens = (optionsByEntity: ScreenOptionsByEntity): Record<string, ComponentType> => {
  const screens: Record<string, ComponentType> = {};
  for (const entity of screenEntityList) {
    const options: EntityScreenOptions = withTreeScreens(entity, optionsByEntity[entity.name as keyof ScreenOptionsByEntity] ?? {});
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

/**
 * Screen components by route name, with the areas' options by entity name (src/resources/index.ts
 * collects them); built once, so the components keep their identity across renders.
 */
export const entityScreens = (optionsByEntity: ScreenOptionsByEntity): Readonly<Record<string, ComponentType>> => {
  screens ??= buildScreens(optionsByEntity);
  return screens;
};

export { entityResources } from './resources';

