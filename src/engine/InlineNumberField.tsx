/**
 * A whole number edited in its list cell (a field with a `toggle` path that is no flag: a
 * recommendation's sort, `POST /home/brand/update/sort/{id}?sort=`). The cell is a button showing
 * the value; it opens a small dialog with the number, checked by the field's own rules, and saves
 * pessimistically through the set path: the list shows the new value (and order) only once the
 * server agreed.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { FormEvent, MouseEvent } from 'react';
import { useState } from 'react';
import { useRecordContext, useRefresh, useTranslate, useUpdateMany } from 'react-admin';
import { setAction } from '../schema/access';
import type { Entity } from '../schema/engine/entity';
import { fieldSchema } from '../schema/engine/kinds';
import { validate } from '../schema/validation';
import { useDoneFeedback } from './feedback';
import { fieldLabelKey } from './labels';
import { WithRowAccess } from './rowAccess';

// The row is a link to the record; editing the number must not open it.
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

const NumberEditor = ({ entity, name, canAccess }: { readonly entity: Entity; readonly name: string; readonly canAccess: boolean | undefined }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const done = useDoneFeedback();
  const refresh = useRefresh();
  const [updateMany, { isPending }] = useUpdateMany();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!record) return null;
  const value = record[name] as number | null | undefined;
  const field = translate(fieldLabelKey(entity, name));
  const named = { field, record: String(record[entity.display] ?? record.id) };
  const close = () => { setDraft(null); setError(null); };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validate(fieldSchema(entity.fields[name]!), draft === null || draft.trim() === '' ? null : Number(draft));
    if (!parsed.ok) {
      const first = parsed.errors[0]!;
      setError(translate(`errors.${first.messageKey}`, { ...first.params, _: first.message }));
      return;
    }
    void updateMany(entity.name, { ids: [record.id], data: { [name]: parsed.value } }, {
      mutationMode: 'pessimistic',
      // The list may be ordered by this number (a sort): read again, so the row moves to its place.
      onSuccess: () => { done('saved'); close(); refresh(); },
    });
  };
  if (canAccess !== true) return <span>{value ?? ''}</span>;
  return (
    <>
      <Button
        size="small"
        variant="text"
        onClick={(event) => { stopPropagation(event); setDraft(String(value ?? '')); }}
        aria-label={translate('entity.inline_number.edit', named)}
        sx={{ minWidth: 48, justifyContent: 'flex-end' }}
      >
        {value ?? '–'}
      </Button>
      {draft !== null && (
        <Dialog open onClose={close} onClick={stopPropagation} maxWidth="xs" fullWidth aria-labelledby={`${entity.name}-${name}-inline`}>
          <form onSubmit={save} noValidate>
            <DialogTitle id={`${entity.name}-${name}-inline`}>{translate('entity.inline_number.title', named)}</DialogTitle>
            <DialogContent>
              <TextField
                autoFocus
                fullWidth
                margin="dense"
                type="number"
                label={field}
                value={draft}
                onChange={(event) => { setDraft(event.target.value); setError(null); }}
                error={error !== null}
                helperText={error ?? ' '}
                slotProps={{ htmlInput: { step: 1, min: entity.fields[name]?.min, max: entity.fields[name]?.max } }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{translate('entity.action.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={isPending}>{translate('entity.action.save')}</Button>
            </DialogActions>
          </form>
        </Dialog>
      )}
    </>
  );
};

export const InlineNumberField = ({ entity, name }: { readonly entity: Entity; readonly name: string }) => (
  <WithRowAccess entity={entity} action={setAction(name)} render={(canAccess) => <NumberEditor entity={entity} name={name} canAccess={canAccess} />} />
);
