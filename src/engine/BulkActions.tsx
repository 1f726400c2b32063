/**
 * Bulk actions of a list, from the declaration's `batch`: `mall`'s "batch operation" select
 * (set one flag or enum field on the selected rows) with its apply button, the declared selection
 * actions (./ActionButton.tsx), and a delete that asks for confirmation first. Both say they worked only after the server agreed.
 */
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { Button, useCanAccessCallback, useListContext, useNotify, useTranslate, useUpdateMany } from 'react-admin';
import { MESSAGES } from '../schema/api';
import type { Entity } from '../schema/engine/entity';
import { setAction } from '../schema/access';
import { buttonActions, SelectionActionButtons } from './ActionButton';
import { BulkDeleteButton } from './DeleteButtons';
import { RecycleBinBulkActions, useInRecycleBin } from './RecycleBin';
import { enumLabelKey, fieldLabelKey, FLAG_CHOICES } from './labels';
import type { EntityScreenOptions } from './screenOptions';

type BatchOperation = { readonly key: string; readonly field: string; readonly value: number | string; readonly label: string };

/** The batch-set fields the user may call (the rest would be refused by the server). */
const useAllowedBatchFields = (entity: Entity): ReadonlySet<string> => {
  const check = useCanAccessCallback();
  const fields = (entity.batch ?? []).flatMap((b) => (b.kind === 'set' ? [b.field] : []));
  const { data } = useQuery({
    queryKey: ['entity.batchAccess', entity.name, fields],
    queryFn: async () => {
      const allowed = await Promise.all(fields.map((field) => check({ resource: entity.name, action: setAction(field) })));
      return fields.filter((_field, i) => allowed[i]);
    },
    enabled: fields.length > 0,
  });
  return new Set(data ?? []);
};

/** Every (field, value) a batch-set endpoint offers, labelled for the select. */
const useBatchOperations = (entity: Entity): BatchOperation[] => {
  const translate = useTranslate();
  const allowed = useAllowedBatchFields(entity);
  return (entity.batch ?? []).flatMap((batch) => {
    if (batch.kind !== 'set' || !allowed.has(batch.field)) return [];
    const decl = entity.fields[batch.field];
    if (!decl) return [];
    const field = translate(fieldLabelKey(entity, batch.field));
    const values = decl.kind === 'enum'
      ? (decl.options ?? []).map((o) => ({ value: o.value, text: translate(enumLabelKey(entity, batch.field, o)) }))
      : FLAG_CHOICES.map((c) => ({ value: c.id as number, text: translate(c.name) }));
    return values.map(({ value, text }) => ({
      key: `${batch.field}=${value}`, field: batch.field, value, label: translate('entity.batch.set_flag', { field, value: text }),
    }));
  });
};

export const canDelete = (entity: Entity): boolean => entity.routes?.delete !== false;

export const hasBulkActions = (entity: Entity): boolean =>
  canDelete(entity) || (entity.batch ?? []).some((b) => b.kind === 'set') || buttonActions(entity, 'selection').length > 0;

const BatchSetControl = ({ entity, operations }: { readonly entity: Entity; readonly operations: readonly BatchOperation[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { selectedIds, onUnselectItems } = useListContext();
  const [choice, setChoice] = useState('');
  const [updateMany, { isPending }] = useUpdateMany();

  const apply = () => {
    if (selectedIds.length === 0) {
      notify('errors.select_record', { type: 'warning', messageArgs: { _: MESSAGES.select_record } });
      return;
    }
    const operation = operations.find((o) => o.key === choice);
    if (!operation) {
      notify('errors.select_batch_type', { type: 'warning', messageArgs: { _: MESSAGES.select_batch_type } });
      return;
    }
    const count = selectedIds.length;
    void updateMany(entity.name, { ids: selectedIds, data: { [operation.field]: operation.value } }, {
      mutationMode: 'pessimistic',
      onSuccess: () => {
        notify('entity.batch.done', { type: 'success', messageArgs: { smart_count: count } });
        setChoice('');
        onUnselectItems();
      },
    });
  };

  return (
    <>
      <MuiTextField
        select
        size="small"
        variant="outlined"
        label={translate('entity.batch.label')}
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        sx={{ minWidth: 220, mr: 1 }}
      >
        {operations.map((o) => <MenuItem key={o.key} value={o.key}>{o.label}</MenuItem>)}
      </MuiTextField>
      <Button label="entity.batch.apply" onClick={apply} disabled={isPending} />
    </>
  );
};

type BulkActionsProps = {
  readonly entity: Entity; readonly extra?: ComponentType<{ readonly entity: Entity }>; readonly actionInputs?: EntityScreenOptions['actionInputs'];
};

/**
 * The declared bulk actions, then the area's own (`extra`: the screen's `bulkActions`), then delete.
 * Drawn once rows are selected: react-admin keeps its bulk toolbar's content mounted while the bar
 * is folded away, so these buttons and their access reads were drawn with a list's rows, a pass of
 * their own between the rows and their paint (issue 23).
 */
export const EntityBulkActions = (props: BulkActionsProps) => {
  const { selectedIds } = useListContext();
  return selectedIds.length > 0 ? <SelectedBulkActions {...props} /> : null;
};

const SelectedBulkActions = ({ entity, extra: Extra, actionInputs }: BulkActionsProps) => {
  const operations = useBatchOperations(entity);
  if (useInRecycleBin(entity)) return <RecycleBinBulkActions entity={entity} />;
  return (
    <>
      {operations.length > 0 && <BatchSetControl entity={entity} operations={operations} />}
      <SelectionActionButtons entity={entity} inputs={actionInputs} />
      {Extra && <Extra entity={entity} />}
      {canDelete(entity) && <BulkDeleteButton entity={entity} />}
    </>
  );
};
