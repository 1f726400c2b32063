/**
 * A 0/1 flag as an inline switch in a list row. It calls the declared toggle endpoint (the batch
 * path with one id) pessimistically: the row flips and "Saved" shows only once the server has
 * answered yes. A refusal (401, 403, 500…) gets the one error toast of `httpClient` (spec
 * section 8) and the switch stays as it was.
 */
import Switch from '@mui/material/Switch';
import type { ChangeEvent } from 'react';
import { useCanAccess, useRecordContext, useTranslate, useUpdateMany } from 'react-admin';
import type { Entity } from '../schema/entity';
import { setAction } from '../schema/access';
import { useDoneFeedback } from './feedback';
import { fieldLabelKey } from './labels';

export const ToggleSwitchField = ({ entity, name }: { readonly entity: Entity; readonly name: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const done = useDoneFeedback();
  const [updateMany, { isPending }] = useUpdateMany();
  // A user who may not call the toggle path sees the value, not a switch the server would refuse.
  const { canAccess } = useCanAccess({ resource: entity.name, action: setAction(name) });
  if (!record) return null;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.checked ? 1 : 0;
    void updateMany(entity.name, { ids: [record.id], data: { [name]: value } }, {
      mutationMode: 'pessimistic',
      onSuccess: () => done('saved'),
    });
  };

  const label = `${translate(fieldLabelKey(entity, name))}: ${String(record[entity.display] ?? record.id)}`;
  return (
    <Switch
      size="small"
      checked={Number(record[name]) === 1}
      disabled={isPending || !canAccess}
      onChange={onChange}
      // The row is a link to the edit screen; flipping the switch must not open it.
      onClick={(event) => event.stopPropagation()}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
};
