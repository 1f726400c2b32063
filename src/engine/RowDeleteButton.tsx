/**
 * Delete from a list row, after a confirmation naming the record; hidden for users who may not
 * delete. Stays on the list and refreshes it.
 */
import { useRefresh } from 'react-admin';
import type { Entity } from '../schema/entity';
import { RecordDeleteButton } from './DeleteButtons';

export const RowDeleteButton = ({ entity }: { readonly entity: Entity }) => {
  const refresh = useRefresh();
  return <RecordDeleteButton entity={entity} onDeleted={refresh} />;
};
