/**
 * A 0/1 flag as an inline switch in a list row. It calls the declared toggle endpoint (the batch
 * path with one id) pessimistically: the row flips and "Saved" shows only once the server has
 * answered yes. A refusal (401, 403, 500…) gets the one error toast of `httpClient` (spec
 * section 8) and the switch stays as it was.
 *
 * A list shows hundreds of these (three per product row), so the switch is a native checkbox
 * with the switch role, drawn by one shared class (`RowSwitchStyles`, rendered once by the list),
 * instead of MUI's Switch (five styled elements, a ripple and a ref per switch); the permission
 * comes from the list's shared answer (./rowAccess.tsx), and the mutation hook is mounted only
 * while a change is being saved. Measured with bench/render.ts (docs/benchmarks.md).
 */
import GlobalStyles from '@mui/material/GlobalStyles';
import type { ChangeEvent, MouseEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { Identifier } from 'react-admin';
import { useRecordContext, useTranslate, useUpdateMany } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import { setAction } from '../schema/access';
import { colors } from '../theme/tokens';
import { useDoneFeedback } from './feedback';
import { fieldLabelKey } from './labels';
import { WithRowAccess } from './rowAccess';

const SWITCH_CLASS = 'EngineRowSwitch';

/** The look of the row switches (MUI's small switch), inserted once per list rather than once per switch. */
export const RowSwitchStyles = () => (
  <GlobalStyles
    styles={{
      [`.${SWITCH_CLASS}`]: {
        appearance: 'none',
        position: 'relative',
        display: 'inline-block',
        width: 32,
        height: 18,
        margin: 6,
        verticalAlign: 'middle',
        borderRadius: 9,
        background: 'rgba(0, 0, 0, 0.38)',
        cursor: 'pointer',
        transition: 'background-color 150ms',
        '&::before': {
          content: '""',
          position: 'absolute',
          top: 2,
          left: 2,
          width: 14,
          height: 14,
          borderRadius: '50%',
          background: '#fff',
          boxShadow: '0 1px 2px rgba(0, 0, 0, 0.3)',
          transition: 'transform 150ms',
        },
        '&:checked': { background: colors.primary },
        '&:checked::before': { transform: 'translateX(14px)' },
        '&:focus-visible': { outline: `2px solid ${colors.primaryDark}`, outlineOffset: 2 },
        '&:disabled': { opacity: 0.5, cursor: 'default' },
      },
    }}
  />
);

/** Saves one change: mounted by the switch for the time of the request, so idle rows hold no mutation. */
const ToggleRequest = ({ entity, name, id, value, onSettled }: {
  readonly entity: Entity; readonly name: string; readonly id: Identifier; readonly value: 0 | 1; readonly onSettled: () => void;
}) => {
  const done = useDoneFeedback();
  const [updateMany] = useUpdateMany();
  // Sent once, also when React runs the effect twice (StrictMode).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void updateMany(entity.name, { ids: [id], data: { [name]: value } }, {
      mutationMode: 'pessimistic',
      onSuccess: () => done('saved'),
      onSettled,
    });
  }, [updateMany, entity.name, id, name, value, done, onSettled]);
  return null;
};

// The row is a link to the edit screen; flipping the switch must not open it.
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

const RowSwitch = ({ entity, name, canAccess }: { readonly entity: Entity; readonly name: string; readonly canAccess: boolean | undefined }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [pending, setPending] = useState<0 | 1 | null>(null);
  if (!record) return null;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => setPending(event.target.checked ? 1 : 0);
  const label = `${translate(fieldLabelKey(entity, name))}: ${String(record[entity.display] ?? record.id)}`;
  return (
    <>
      <input
        type="checkbox"
        role="switch"
        className={SWITCH_CLASS}
        // Shows the saved value: a refused change leaves it as it was.
        checked={Number(record[name]) === 1}
        // A user who may not call the toggle path sees the value, not a switch the server would refuse.
        disabled={pending !== null || canAccess !== true}
        onChange={onChange}
        onClick={stopPropagation}
        aria-label={label}
      />
      {pending !== null && <ToggleRequest entity={entity} name={name} id={record.id} value={pending} onSettled={() => setPending(null)} />}
    </>
  );
};

export const ToggleSwitchField = ({ entity, name }: { readonly entity: Entity; readonly name: string }) => (
  <WithRowAccess entity={entity} action={setAction(name)} render={(canAccess) => <RowSwitch entity={entity} name={name} canAccess={canAccess} />} />
);
