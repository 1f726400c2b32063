/**
 * `<Resource>`s without views, one per declared entity: react-admin then knows each entity
 * (labels, record representation for references) without adding `/<name>` routes; the screens
 * live at the route table's paths. Kept apart from the screens so mounting it loads no screen code.
 */
import type { ReactElement } from 'react';
import { Resource } from 'react-admin';
import { entityList } from '../schema/entities';

export const entityResources = (): ReactElement[] =>
  entityList.map((entity) => <Resource key={entity.name} name={entity.name} recordRepresentation={entity.display} />);
