/**
 * Which declared field a refusal names, so the admin can say it in words: the server's field
 * errors carry the field as the body has it (`returnAmount`, `skuStockList.2.price`, a body row's
 * `1.deliverySn`), and the request they answer says whose fields those are (the endpoint of the
 * entity or declared action it called). Pure: the shell's error text (src/layout/apiErrorText.ts)
 * translates the key.
 */
import type { Endpoint } from '../schema/engine/endpoints';
import { endpointsOf, placeholdersOf } from '../schema/engine/endpoints';
import type { Entity } from '../schema/engine/entity';
import { actionParamsEntity } from '../schema/engine/entity';
import { screenEntityList } from '../schema/screenEntities';
import { fieldLabelKey } from './labels';

/** The call a refusal answered: its method and its path under the API prefix, without the query. */
export type RefusedRequest = { readonly method: 'GET' | 'POST'; readonly path: string };

/** The message key of the field's label (with `smart_count` 1 for an entity's name), and its 1-based row inside a list. */
export type RefusedFieldName = { readonly key: string; readonly row?: number };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patternOf = (url: string): RegExp =>
  new RegExp(`^${url.split(/(\{\w+\})/).map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : escapeRegExp(part))).join('')}$`);

type Matched = { readonly entity: Entity; readonly endpoint: Endpoint; readonly pattern: RegExp; readonly holes: number };

let routes: readonly Matched[] | undefined;
const allRoutes = (): readonly Matched[] => (routes ??= screenEntityList.flatMap((entity) => endpointsOf(entity)
  .map((endpoint) => ({ entity, endpoint, pattern: patternOf(endpoint.url), holes: placeholdersOf(endpoint.url).length }))));

/** The endpoint a request called: the declared URL its path matches, the most literal first (`/order/statusCounts` before `/order/{id}`). */
export const endpointOfRequest = (request: RefusedRequest): { entity: Entity; endpoint: Endpoint } | undefined => {
  const path = request.path.split('?')[0]!;
  const found = allRoutes().filter((r) => r.endpoint.method === request.method && r.pattern.test(path)).sort((a, b) => a.holes - b.holes)[0];
  return found && { entity: found.entity, endpoint: found.endpoint };
};

const isIndex = (part: string | undefined): part is string => part !== undefined && /^\d+$/.test(part);

/**
 * The label of a refused field, or undefined when the request or the field is none the
 * declarations know (the caller then words the bare name).
 * - An action's parameter: its label there (`resources.returnApply.actions.confirm.fields.returnAmount`).
 * - The ids of the records acted on (`ids`, a body row's `orderId`): the entity's name.
 * - A field of the record, or of one row of its child list (`skuStockList.2.price`, row 3).
 * A body of rows (`1.deliverySn`) names the row too.
 */
export const refusedFieldName = (request: RefusedRequest, field: string): RefusedFieldName | undefined => {
  const called = endpointOfRequest(request);
  if (!called) return undefined;
  const { entity, endpoint } = called;
  const parts = field.split('.');
  const bodyRow = endpoint.ids === 'body' && isIndex(parts[0]) ? Number(parts.shift()) + 1 : undefined;
  const [name = '', index, child] = parts;
  const withRow = (key: string, row = bodyRow): RefusedFieldName => (row === undefined ? { key } : { key, row });
  const action = endpoint.action;
  if (action && Object.hasOwn(action.decl.params ?? {}, name)) return withRow(fieldLabelKey(actionParamsEntity(entity, action.name), name));
  if (name === endpoint.idParam) return withRow(`resources.${entity.name}.name`);
  const decl = entity.fields[name];
  if (!decl) return undefined;
  if (decl.children && isIndex(index) && child && Object.hasOwn(decl.children.fields, child)) {
    return withRow(`resources.${entity.name}.children.${name}.fields.${child}`, Number(index) + 1);
  }
  return withRow(fieldLabelKey(entity, name));
};
