/**
 * Declared actions in screens of their own (an allocation screen, a dialog): a read through
 * react-query and a write as a mutation, both over `dataProvider.action`, so the call, its errors
 * (toast, field errors) and its permission path come from the declaration like every other call.
 */
import type { UseQueryOptions } from '@tanstack/react-query';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { useDataProvider } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import type { ActionRequest, EntityDataProvider } from '../providers/entityDataProvider';

/** The query key of a read action: entity, action, target, then parameters (invalidate by any prefix of it). */
export const actionQueryKey = (entity: Entity, name: string, id?: Identifier, params?: Readonly<Record<string, unknown>>): unknown[] =>
  [entity.name, 'action', name, ...(id === undefined ? [] : [String(id)]), ...(params ? [params] : [])];

type ReadOptions<T> = Omit<UseQueryOptions<T>, 'queryKey' | 'queryFn'>;

/** A read action's answer (`GET`), cached under actionQueryKey. */
export const useActionQuery = <T>(entity: Entity, request: Omit<ActionRequest, 'signal'>, options: ReadOptions<T> = {}) => {
  const dataProvider = useDataProvider<EntityDataProvider>();
  return useQuery<T>({
    queryKey: actionQueryKey(entity, request.name, request.id, request.params),
    queryFn: async ({ signal }) => (await dataProvider.action<T>(entity.name, { ...request, signal })).data,
    ...options,
  });
};

/** A write action as a mutation: `mutate({ id | ids, params })`. */
export const useActionMutation = <T = unknown>(entity: Entity, name: string, options: { onSuccess?: (data: T) => unknown; onError?: () => void } = {}) => {
  const dataProvider = useDataProvider<EntityDataProvider>();
  return useMutation({
    mutationFn: async (request: Omit<ActionRequest, 'name' | 'signal'>) => (await dataProvider.action<T>(entity.name, { ...request, name })).data,
    ...options,
  });
};
