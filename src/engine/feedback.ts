/**
 * The one voice of a successful change: every screen (pages, dialogs, switches, bulk actions,
 * deletes) says "Added", "Saved" or "Deleted" in the same green toast, and only once the server
 * has said yes. Failures are not said here: `httpClient` shows the error toast of every failed call.
 */
import { useCallback } from 'react';
import { useNotify } from 'react-admin';

export type DoneWhat = 'created' | 'saved' | 'deleted' | 'recycled' | 'restored' | 'purged';

const DONE_KEYS: Readonly<Record<DoneWhat, string>> = {
  created: 'entity.created',
  saved: 'entity.saved',
  deleted: 'entity.deleted',
  // An entity with a recycle bin (src/engine/RecycleBin.tsx).
  recycled: 'entity.recycled',
  restored: 'entity.restored',
  purged: 'entity.purged',
};

export const useDoneFeedback = () => {
  const notify = useNotify();
  return useCallback((what: DoneWhat) => notify(DONE_KEYS[what], { type: 'success' }), [notify]);
};

/**
 * react-admin's own error toast repeats, untranslated, what `httpClient` already showed; the
 * field errors of a refused save still reach the form through the save's result.
 */
export const silentError = (): void => undefined;
