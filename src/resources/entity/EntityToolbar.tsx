/** Form toolbars: save, and (on edit) a delete that asks for confirmation before calling the server. */
import type { RaRecord } from 'react-admin';
import { Button, DeleteButton, SaveButton, Toolbar, useNotify, useRecordContext } from 'react-admin';
import type { Entity } from '../../schema/entity';
import { canDelete } from './BulkActions';

export type EntityToolbarProps = {
  readonly entity: Entity;
  /** Show the delete button (edit forms of deletable entities). */
  readonly deletable?: boolean;
  /** After a delete: pages go back to the list, dialogs close. */
  readonly onDeleted?: (record: RaRecord) => void;
  readonly onCancel?: () => void;
};

const DeleteWithConfirmation = ({ entity, onDeleted }: EntityToolbarProps) => {
  const record = useRecordContext();
  const notify = useNotify();
  if (!record) return null;
  return (
    <DeleteButton
      mutationMode="pessimistic"
      confirmTitle="entity.confirm_delete.title"
      confirmContent="entity.confirm_delete.content"
      translateOptions={{ name: String(record[entity.display] ?? record.id) }}
      // Replaces react-admin's own success handling, whose redirect targets `/<resource>` routes.
      mutationOptions={{
        onSuccess: () => {
          notify('entity.deleted', { type: 'success' });
          onDeleted?.(record);
        },
      }}
    />
  );
};

export const EntityToolbar = (props: EntityToolbarProps) => (
  <Toolbar>
    <SaveButton />
    {props.onCancel && <Button label="entity.action.cancel" onClick={props.onCancel} sx={{ ml: 1 }} />}
    <span style={{ flex: 1 }} />
    {props.deletable && canDelete(props.entity) && <DeleteWithConfirmation {...props} />}
  </Toolbar>
);
