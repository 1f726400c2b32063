/**
 * Create/edit in a dialog over the list, for entities without create/edit routes of their own
 * (product types, return reasons, member levels): same form, same rules, pessimistic saves.
 */
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useRef } from 'react';
import type { Identifier } from 'react-admin';
import { CreateBase, EditBase, useGetResourceLabel, useRefresh, useTranslate } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import { EntityForm } from './EntityForm';
import { EntityToolbar } from './EntityToolbar';
import type { DoneWhat } from './feedback';
import { inSentence } from './labels';
import { silentError, useDoneFeedback } from './feedback';
import type { EntityScreenOptions } from './screenOptions';

export type DialogState = { readonly mode: 'create' } | { readonly mode: 'edit'; readonly id: Identifier };

type Props = {
  readonly entity: Entity;
  readonly options: EntityScreenOptions;
  readonly state: DialogState;
  readonly pinned: Readonly<Record<string, unknown>>;
  readonly onClose: () => void;
};

export const EntityFormDialog = ({ entity, options, state, pinned, onClose }: Props) => {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const feedback = useDoneFeedback();
  const refresh = useRefresh();
  const done = (what: DoneWhat) => {
    feedback(what);
    refresh();
    onClose();
  };
  // Closing a changed form (backdrop, Escape, Cancel) asks first, as leaving a changed page does.
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => { dirty.current = value; }, []);
  const close = () => {
    if (dirty.current && !window.confirm(translate('ra.message.unsaved_changes'))) return;
    onClose();
  };
  const name = inSentence(getResourceLabel(entity.name, 1));
  const titleId = `${entity.name}-dialog-title`;

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {translate(state.mode === 'create' ? 'entity.dialog.create' : 'entity.dialog.edit', { name })}
      </DialogTitle>
      <DialogContent>
        {state.mode === 'create' ? (
          <CreateBase resource={entity.name} disableAuthentication redirect={false} mutationOptions={{ onSuccess: () => done('created'), onError: silentError }}>
            <EntityForm
              entity={entity}
              options={options}
              mode="create"
              pinned={pinned}
              onDirtyChange={onDirtyChange}
              toolbar={<EntityToolbar entity={entity} onCancel={close} />}
            />
          </CreateBase>
        ) : (
          <EditBase resource={entity.name} id={state.id} disableAuthentication mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: () => done('saved'), onError: silentError }}>
            <EntityForm
              entity={entity}
              options={options}
              mode="edit"
              onDirtyChange={onDirtyChange}
              toolbar={<EntityToolbar entity={entity} deletable onCancel={close} onDeleted={() => { refresh(); onClose(); }} />}
            />
          </EditBase>
        )}
      </DialogContent>
    </Dialog>
  );
};
