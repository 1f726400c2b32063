// Protects: declared actions in the one endpoint contract (src/schema/engine/endpoints.ts) and how the browser calls them (data provider `action`, `canAccess` paths).
import { describe, expect, it } from 'vitest';
import { actionCall } from '../../src/providers/entityDataProvider';
import { actionEndpointOf, endpointsOf, operationsOf } from '../../src/schema/engine/endpoints';
import type { Entity } from '../../src/schema/engine/entity';
import { actionParamsEntity } from '../../src/schema/engine/entity';
import { actionOperation, entityActionPath } from '../../src/schema/engine/actionPaths';
import { gadget } from '../helpers/action-fixture';

const entity = gadget as unknown as Entity;

describe('action endpoints', () => {
  it('lists every action as an endpoint: method by writes, target by path placeholder, named parameter or ?ids=', () => {
    const actions = endpointsOf(entity).filter((e) => e.action).map(({ operation, method, url, ids, idParam, body }) => ({ operation, method, url, ids, idParam, body }));
    expect(actions).toEqual([
      { operation: 'action:rename', method: 'POST', url: '/gadget/rename/{id}', ids: 'path', idParam: 'id', body: 'params' },
      { operation: 'action:notes', method: 'POST', url: '/gadget/notes/{id}', ids: 'path', idParam: 'id', body: 'params' },
      { operation: 'action:retag', method: 'POST', url: '/gadget/retag', ids: 'query', idParam: 'ids', body: 'params' },
      { operation: 'action:link', method: 'POST', url: '/gadget/link', ids: 'query', idParam: 'gadgetId', body: 'params' },
      { operation: 'action:count', method: 'GET', url: '/gadget/count', ids: 'none', body: 'params' },
      { operation: 'action:resetAll', method: 'POST', url: '/gadget/resetAll', ids: 'none', body: 'none' },
      { operation: 'action:peek', method: 'GET', url: '/gadget/peek/{gadgetId}', ids: 'path', idParam: 'gadgetId', body: 'none' },
      { operation: 'action:pair', method: 'POST', url: '/gadget/pair/{id}', ids: 'path', idParam: 'id', body: 'params' },
      { operation: 'action:explode', method: 'POST', url: '/gadget/explode/{id}', ids: 'path', idParam: 'id', body: 'none' },
      { operation: 'action:start', method: 'POST', url: '/gadget/start/{id}', ids: 'path', idParam: 'id', body: 'params' },
      { operation: 'action:repair', method: 'POST', url: '/gadget/repair', ids: 'query', idParam: 'gadgetId', body: 'params' },
      { operation: 'action:retire', method: 'POST', url: '/gadget/retire', ids: 'query', idParam: 'ids', body: 'none' },
      { operation: 'action:dispatch', method: 'POST', url: '/gadget/dispatch', ids: 'body', idParam: 'gadgetId', body: 'params' },
    ]);
    // The generated operations stay apart: tests and screens that walk them see no action.
    expect(operationsOf(entity).some((e) => e.action)).toBe(false);
  });

  it('answers canAccess with the path the action calls', () => {
    expect(entityActionPath(entity, actionOperation('rename'))).toBe('/gadget/rename/1');
    expect(entityActionPath(entity, actionOperation('peek'))).toBe('/gadget/peek/1');
    expect(entityActionPath(entity, actionOperation('count'))).toBe('/gadget/count');
    expect(entityActionPath(entity, actionOperation('nope'))).toBeNull();
  });

  it('labels parameters as fields of <entity>.actions.<name>', () => {
    const params = actionParamsEntity(entity, 'link');
    expect(params.name).toBe('gadget.actions.link');
    expect(Object.keys(params.fields)).toEqual(['others', 'level', 'urgent']);
    expect(actionEndpointOf(entity, 'link')?.action?.decl).toBe(gadget.actions?.link);
  });
});

describe('data provider: action calls', () => {
  it('puts a row id into the path or its named parameter, a selection into ?ids=, parameters into the query as mall binds them', () => {
    expect(actionCall(entity, { name: 'rename', id: 7, params: { name: 'Zed' } })).toMatchObject({ path: '/gadget/rename/7', query: { name: 'Zed' } });
    expect(actionCall(entity, { name: 'link', id: 7, params: { others: [3, 4], urgent: true, level: null } }))
      .toMatchObject({ path: '/gadget/link', query: { gadgetId: '7', others: ['3', '4'], urgent: 1 } });
    expect(actionCall(entity, { name: 'link', id: 7, params: { others: [] } }).query).toEqual({ gadgetId: '7', others: [] });
    expect(actionCall(entity, { name: 'retag', ids: [1, 2], params: { note: 'x' } })).toMatchObject({ path: '/gadget/retag', query: { ids: ['1', '2'], note: 'x' } });
    expect(actionCall(entity, { name: 'count', params: { status: 1 } })).toMatchObject({ path: '/gadget/count', query: { status: 1 } });
    expect(actionCall(entity, { name: 'count' }).endpoint.method).toBe('GET');
    // A body parameter (`bodyParam`) is the whole JSON body; the others stay in the query.
    expect(actionCall(entity, { name: 'notes', id: 7, params: { lines: ['a', 'b'], joiner: ';' } }))
      .toMatchObject({ path: '/gadget/notes/7', query: { joiner: ';' }, body: ['a', 'b'] });
    // Rows (`bodyRows`): one JSON row per record, its id and its own parameters over the shared ones.
    expect(actionCall(entity, { name: 'dispatch', ids: [3, 4], params: { note: 'all' }, rows: { 4: { note: 'four' } } }))
      .toEqual(expect.objectContaining({ path: '/gadget/dispatch', query: {}, body: [{ gadgetId: 3, note: 'all' }, { gadgetId: 4, note: 'four' }] }));
  });

  it('refuses calls that cannot name their target before anything is sent', () => {
    expect(() => actionCall(entity, { name: 'rename' })).toThrow(/one record/);
    expect(() => actionCall(entity, { name: 'retag', ids: [] })).toThrow();
    // An empty selection says so in the action's own words ("Please select the orders to operate").
    expect(() => actionCall(entity, { name: 'dispatch', ids: [] })).toThrow(expect.objectContaining({ message: 'errors.select_orders' }));
    expect(() => actionCall(entity, { name: 'nope' })).toThrow(/no action nope/);
  });
});
