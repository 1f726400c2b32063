/**
 * Delete from a list row, after a confirmation naming the record; hidden (by react-admin's own
 * `canAccess` check) for users who may not delete. Stays on the list and refreshes it.
 */
import { DeleteButton, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { Entity } from '../../schema/entity';

export const RowDeleteButton = ({ entity }: { readonly entity: Entity }) => {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  return (
    <DeleteButton
      resource={entity.name}
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle="entity.confirm_delete.title"
      confirmContent="entity.confirm_delete.content"
      translateOptions={{ name: String(record[entity.display] ?? record.id) }}
      mutationOptions={{
        onSuccess: () => {
          notify('entity.deleted', { type: 'success' });
          refresh();
        },
      }}
    />
  );
};
