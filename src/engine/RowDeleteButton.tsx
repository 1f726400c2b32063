/**
 * Delete from a list row, after a confirmation naming the record; hidden for users who may not
 * delete. Stays on the list and refreshes it; on a record's show page it goes back to the list.
 */
import { useRefresh } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import { RecordDeleteButton } from './DeleteButtons';
import { useRecordPage } from './recordPage';

export const RowDeleteButton = ({ entity }: { readonly entity: Entity }) => {
  const refresh = useRefresh();
  const page = useRecordPage();
  return <RecordDeleteButton entity={entity} onDeleted={page?.onDeleted ?? refresh} />;
};
