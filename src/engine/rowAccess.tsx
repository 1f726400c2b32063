/**
 * What the user may call on the rows of a list, asked once per list instead of once per row.
 * react-admin's `useCanAccess` keys its query by the record in context, so every row of a
 * 100-row list asked the auth provider again for each of its switches and buttons (300-400
 * queries and observers per page: a third of the product list's render, bench/render.ts). The
 * answer does not depend on the row (access is per resource and action, src/schema/access.ts),
 * so the list asks for all of its entity's row actions in one query and the rows read it from
 * context. A row component outside such a list asks by itself, as before.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { createContext, useContext, useMemo } from 'react';
import { useAuthProvider, useCanAccess } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import { actionOperation, setAction } from '../schema/engine/actionPaths';

type RowAccess = {
  readonly resource: string;
  readonly actions: ReadonlySet<string>;
  readonly allowed: Readonly<Record<string, boolean>> | undefined;
};

const RowAccessContext = createContext<RowAccess | null>(null);

/** The actions a row may offer: the toggles of its flags, the entity's declared actions and delete. */
const rowAccessActions = (entity: Entity): string[] => [
  ...Object.entries(entity.fields).filter(([, decl]) => decl.toggle).map(([name]) => setAction(name)),
  ...Object.keys(entity.actions ?? {}).map(actionOperation),
  'delete',
];

/** Asks the auth provider about every row action of the entity, once, for the list's rows. */
export const RowAccessProvider = ({ entity, children }: { readonly entity: Entity; readonly children: ReactNode }) => {
  const authProvider = useAuthProvider();
  const actions = useMemo(() => rowAccessActions(entity), [entity]);
  const { data } = useQuery({
    // Under react-admin's 'auth' key, so whatever resets the access answers resets this one too.
    queryKey: ['auth', 'canAccessRows', { resource: entity.name, actions }],
    queryFn: async ({ signal }): Promise<Record<string, boolean>> => {
      const canAccess = authProvider?.canAccess;
      const answers = await Promise.all(actions.map(async (action) => [
        action,
        canAccess ? await canAccess({ resource: entity.name, action, signal: authProvider.supportAbortSignal ? signal : undefined }) : true,
      ] as const));
      return Object.fromEntries(answers);
    },
  });
  const value = useMemo(() => ({ resource: entity.name, actions: new Set(actions), allowed: data }), [entity.name, actions, data]);
  return <RowAccessContext.Provider value={value}>{children}</RowAccessContext.Provider>;
};

/** Asks by itself: a row component used outside a list that shares its answers. */
const OwnAccess = ({ resource, action, render }: { readonly resource: string; readonly action: string; readonly render: (canAccess: boolean | undefined) => ReactElement | null }) =>
  render(useCanAccess({ resource, action }).canAccess);

/**
 * Renders `render` with whether the user may call `action` on rows of `entity` (undefined while
 * the answer is pending): from the enclosing list's shared answer, else asked by itself.
 */
export const WithRowAccess = ({ entity, action, render }: {
  readonly entity: Entity; readonly action: string; readonly render: (canAccess: boolean | undefined) => ReactElement | null;
}) => {
  const shared = useContext(RowAccessContext);
  if (shared?.resource === entity.name && shared.actions.has(action)) return render(shared.allowed?.[action]);
  return <OwnAccess resource={entity.name} action={action} render={render} />;
};
