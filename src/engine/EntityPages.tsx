/**
 * The routed create/edit screens of an entity (`mall` style: `/pms/addBrand`,
 * `/pms/updateBrand?id=3`) and the single-record settings screen. Saves are pessimistic so the
 * server's validation answers before anything is shown as done ("Added"/"Saved", ./feedback.ts);
 * afterwards they return to the list.
 * The shell grants each route (menus) before rendering it, so react-admin's own access check,
 * which would ask about the entity name rather than the route, is turned off.
 */
import type { ComponentType } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Identifier, RaRecord } from 'react-admin';
import { Create, Edit, useBasename, useNavigate } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import type { EntityFormProps } from './EntityForm';
import { EntityForm } from './EntityForm';
import { UnlessReadOnly } from './EntityShow';
import { EntityToolbar } from './EntityToolbar';
import { silentError, useDoneFeedback } from './feedback';
import { NotAvailable } from './NotAvailable';
import { ScreenHeading } from './ScreenHeading';
import { entityPaths, withQuery } from './routing';
import type { EntityScreenOptions } from './screenOptions';
import { pinnedValues, pinQuery } from './screenOptions';

type ScreenProps = { readonly entity: Entity; readonly options: EntityScreenOptions };
/** A routed page's form: the generated one, or a view's own laid out from the blocks (a stepped form). */
type PageProps = ScreenProps & { readonly Form?: ComponentType<EntityFormProps> };

const idFrom = (raw: string | null): Identifier | null => {
  if (raw === null || raw === '') return null;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
};

/** The list path, pinned to the same parent as the saved record (`?parentId=`, `?cid=&type=`). */
const useListPathFor = ({ entity, options }: ScreenProps) => {
  const basename = useBasename();
  return useCallback(
    (record?: Partial<RaRecord>) => `${basename}${withQuery(entityPaths(entity).list, pinQuery(options, record ?? {}))}`,
    [basename, entity, options],
  );
};

/**
 * Leaves a saved form for `to` once the form has stopped guarding its changes. Navigating inside
 * the save's success callback raced react-hook-form: the router's blocker could see the form
 * still dirty and not yet submitted, ask "leave unsaved changes?", and stay on the page when the
 * question was dismissed (seen under load in CI). The form is told to stop guarding first; its
 * blocker is updated in the form's own effect, which runs before this screen's.
 */
const useLeaveAfterSave = () => {
  const navigate = useNavigate();
  const [to, setTo] = useState<string | null>(null);
  useEffect(() => {
    if (to !== null) navigate(to);
  }, [navigate, to]);
  return { guarding: to === null, leave: setTo };
};

export const EntityCreate = ({ entity, options, Form = EntityForm }: PageProps) => {
  const [search] = useSearchParams();
  const { guarding, leave } = useLeaveAfterSave();
  const done = useDoneFeedback();
  const listPathFor = useListPathFor({ entity, options });
  const pinned = pinnedValues(options, search, true) ?? {};
  const mutationOptions = {
    onSuccess: (data: RaRecord) => {
      done('created');
      leave(listPathFor(data));
    },
    onError: silentError,
  };
  return (
    <>
      <ScreenHeading route={entity.menu.create ?? entity.menu.route} />
      <Create resource={entity.name} disableAuthentication mutationOptions={mutationOptions}>
        <Form entity={entity} options={options} mode="create" pinned={pinned} warnWhenUnsavedChanges={guarding} toolbar={<EntityToolbar entity={entity} />} />
      </Create>
    </>
  );
};

export const EntityEdit = ({ entity, options, Form = EntityForm }: PageProps) => {
  const [search] = useSearchParams();
  const { guarding, leave } = useLeaveAfterSave();
  const done = useDoneFeedback();
  const listPathFor = useListPathFor({ entity, options });
  const id = idFrom(search.get('id'));
  const heading = <ScreenHeading route={entity.menu.edit ?? entity.menu.route} />;
  if (id === null) return <>{heading}<NotAvailable /></>;
  const mutationOptions = {
    onSuccess: (data: RaRecord) => {
      done('saved');
      leave(listPathFor(data));
    },
    onError: silentError,
  };
  return (
    <>
      {heading}
      <Edit
        resource={entity.name}
        id={id}
        disableAuthentication
        mutationMode="pessimistic"
        mutationOptions={mutationOptions}
        redirectOnError={() => listPathFor()}
      >
        <EditForm entity={entity} options={options} Form={Form} guarding={guarding} onDeleted={(record) => leave(listPathFor(record))} />
      </Edit>
    </>
  );
};

const EditForm = ({ entity, options, Form, guarding, onDeleted }: ScreenProps & {
  readonly Form: ComponentType<EntityFormProps>; readonly guarding: boolean; readonly onDeleted: (record?: RaRecord) => void;
}) => (
  // A record the user may only read (src/schema/engine/readOnlyRows.ts, reached by its link) gets its mark, no form.
  <UnlessReadOnly>
    <Form
      entity={entity}
      options={options}
      mode="edit"
      warnWhenUnsavedChanges={guarding}
      toolbar={<EntityToolbar entity={entity} deletable onDeleted={onDeleted} />}
    />
  </UnlessReadOnly>
);

/** A settings entity: one record (`mall`'s order settings, id 1) edited in place at the list route. */
export const EntitySingleRecord = ({ entity, options }: ScreenProps) => {
  const done = useDoneFeedback();
  return (
    <>
      <ScreenHeading route={entity.menu.route} />
      <Edit
        resource={entity.name}
        id={options.singleRecordId}
        disableAuthentication
        mutationMode="pessimistic"
        mutationOptions={{ onSuccess: () => done('saved'), onError: silentError }}
        redirect={false}
        actions={false}
      >
        <EntityForm entity={entity} options={options} mode="edit" warnWhenUnsavedChanges toolbar={<EntityToolbar entity={entity} />} />
      </Edit>
    </>
  );
};
