/**
 * Delete buttons of the entity screens (a form's toolbar, a list row, the selected rows), each
 * after a confirmation naming what goes. Pessimistic: "Deleted" shows only once the server has
 * said yes; a refusal closes the dialog and leaves the one error toast of `httpClient`.
 * Hidden for users who may not delete (the server would refuse).
 */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { RaRecord } from 'react-admin';
import { Confirm, useCanAccess, useDelete, useDeleteMany, useListContext, useRecordContext, useRefresh } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import { recycleBinOf } from '../schema/engine/recycleBin';
import { useDoneFeedback } from './feedback';
import { RowButton } from './RowButton';
import { WithRowAccess } from './rowAccess';

const DeleteTrigger = ({ onClick }: { readonly onClick: () => void }) => (
  <RowButton
    label="ra.action.delete"
    color="error"
    // react-admin's class for its delete buttons: tells it apart from an image's "remove" button.
    className="ra-delete-button"
    onClick={(event) => {
      // Inside a clickable list row: deleting must not also open the row.
      event.stopPropagation();
      onClick();
    }}
  >
    <DeleteIcon />
  </RowButton>
);

type RecordDeleteProps = { readonly entity: Entity; readonly onDeleted?: (record: RaRecord) => void };

/**
 * Deletes the record in context; `onDeleted` runs after the server agreed (pages leave, lists refresh).
 * Shown to users who may delete: in a list, from the list's one access answer (./rowAccess.tsx),
 * since a query per row is answered in a commit of its own per row.
 */
export const RecordDeleteButton = (props: RecordDeleteProps) => (
  <WithRowAccess entity={props.entity} action="delete" render={(canAccess) => (canAccess ? <AllowedRecordDelete {...props} /> : null)} />
);

const AllowedRecordDelete = ({ entity, onDeleted }: RecordDeleteProps) => {
  const record = useRecordContext();
  const done = useDoneFeedback();
  // The form the button sits in, if any: its unsaved changes go with the deleted record.
  const form = useFormContext() as ReturnType<typeof useFormContext> | null;
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  if (!record) return null;
  const confirm = () => {
    void deleteOne(entity.name, { id: record.id, previousData: record }, {
      mutationMode: 'pessimistic',
      onSuccess: () => {
        setOpen(false);
        done(recycleBinOf(entity) ? 'recycled' : 'deleted');
        // Nothing is left to lose: leaving the page must not ask about unsaved changes.
        form?.reset(form.getValues());
        onDeleted?.(record);
      },
      onError: () => setOpen(false),
    });
  };
  return (
    <>
      <DeleteTrigger onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        loading={isPending}
        title="entity.confirm_delete.title"
        content={recycleBinOf(entity) ? 'entity.bin.confirm_recycle' : 'entity.confirm_delete.content'}
        titleTranslateOptions={{ name: String(record[entity.display] ?? record.id) }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** Deletes the selected rows of a list through the declared (batch) delete. */
export const BulkDeleteButton = ({ entity }: { readonly entity: Entity }) => {
  const { selectedIds, onUnselectItems } = useListContext();
  const done = useDoneFeedback();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [deleteMany, { isPending }] = useDeleteMany();
  const { canAccess } = useCanAccess({ resource: entity.name, action: 'delete' });
  if (!canAccess) return null;
  const confirm = () => {
    void deleteMany(entity.name, { ids: selectedIds }, {
      mutationMode: 'pessimistic',
      onSuccess: () => {
        setOpen(false);
        done(recycleBinOf(entity) ? 'recycled' : 'deleted');
        onUnselectItems(true);
      },
      onError: () => {
        setOpen(false);
        refresh();
      },
    });
  };
  return (
    <>
      <DeleteTrigger onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        loading={isPending}
        title="entity.confirm_bulk_delete.title"
        content={recycleBinOf(entity) ? 'entity.bin.confirm_bulk_recycle' : 'entity.confirm_bulk_delete.content'}
        contentTranslateOptions={{ smart_count: selectedIds.length }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
