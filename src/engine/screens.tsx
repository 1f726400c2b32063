/**
 * Route glue for the shell: every declared entity's screens by route name (`routes.ts`). The
 * shell mounts `entityScreens(options)[route.name]` at `route.path` and puts `entityResources()`
 * (./resources.tsx, light) among `<Admin>`'s children.
 */
import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import type { Entity } from '../schema/engine/entity';
import { screenEntityList } from '../schema/screenEntities';
import { EntityList } from './EntityList';
import { EntityCreate, EntityEdit, EntitySingleRecord } from './EntityPages';
import { EntityShow, historyOf } from './EntityShow';
import type { ScreenOptionsByEntity } from './area';
import { parseDialogHash } from './routing';
import type { EntityScreenOptions } from './screenOptions';
import { withTreeScreens } from './tree';

type ScreenProps = { readonly entity: Entity; readonly options: EntityScreenOptions };

/**
 * The list's route: the list, or with `#show=<id>` the record's show view (an area's override
 * of either where it gives one).
 */
const ListRoute = ({ entity, options }: ScreenProps) => {
  const link = parseDialogHash(useLocation().hash);
  if (link?.mode === 'show') {
    const Show = options.views?.show ?? EntityShow;
    return <Show key={String(link.id)} entity={entity} options={options} id={link.id} />;
  }
  const List = options.views?.list ?? EntityList;
  return <List entity={entity} options={options} />;
};

/** Overrides the engine cannot place stop the start, as declarations it cannot carry out do. */
const checkViews = (entity: Entity, options: EntityScreenOptions): void => {
  const { views = {} } = options;
  if (views.create && !entity.menu.create) throw new Error(`${entity.name}: a create view needs a create route (menu.create)`);
  if (views.edit && !entity.menu.edit) throw new Error(`${entity.name}: an edit view needs an edit route (menu.edit)`);
  historyOf(entity);
};

const named = (component: ComponentType, name: string): ComponentType => Object.assign(component, { displayName: name });

/** The screens of one entity by route name: list (and show), create, edit; an area's views replace theirs. */
export const entityRouteScreens = (entity: Entity, options: EntityScreenOptions): Record<string, ComponentType> => {
  const { route, create, edit } = entity.menu;
  checkViews(entity, options);
  if (options.singleRecordId !== undefined) {
    return { [route]: named(() => <EntitySingleRecord entity={entity} options={options} />, `${entity.name}Settings`) };
  }
  const Create = options.views?.create ?? EntityCreate;
  const Edit = options.views?.edit ?? EntityEdit;
  return {
    [route]: named(() => <ListRoute entity={entity} options={options} />, `${entity.name}List`),
    ...(create ? { [create]: named(() => <Create entity={entity} options={options} />, `${entity.name}Create`) } : {}),
    ...(edit ? { [edit]: named(() => <Edit entity={entity} options={options} />, `${entity.name}Edit`) } : {}),
  };
};

const buildScreens = (optionsByEntity: ScreenOptionsByEntity): Record<string, ComponentType> => {
  const screens: Record<string, ComponentType> = {};
  for (const entity of screenEntityList) {
    const options: EntityScreenOptions = withTreeScreens(entity, optionsByEntity[entity.name as keyof ScreenOptionsByEntity] ?? {});
    Object.assign(screens, entityRouteScreens(entity, options));
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

