/** Form toolbars: save, and (on edit) a delete that asks for confirmation before calling the server. */
import type { RaRecord } from 'react-admin';
import { Button, SaveButton, Toolbar } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import { canDelete } from './BulkActions';
import { RecordDeleteButton } from './DeleteButtons';

export type EntityToolbarProps = {
  readonly entity: Entity;
  /** Show the delete button (edit forms of deletable entities). */
  readonly deletable?: boolean;
  /** After a delete: pages go back to the list, dialogs close. */
  readonly onDeleted?: (record: RaRecord) => void;
  readonly onCancel?: () => void;
};

export const EntityToolbar = (props: EntityToolbarProps) => (
  <Toolbar>
    <SaveButton />
    {props.onCancel && <Button label="entity.action.cancel" onClick={props.onCancel} sx={{ ml: 1 }} />}
    <span style={{ flex: 1 }} />
    {props.deletable && canDelete(props.entity) && <RecordDeleteButton entity={props.entity} onDeleted={props.onDeleted} />}
  </Toolbar>
);
