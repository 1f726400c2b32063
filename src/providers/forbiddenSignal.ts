/**
 * A call the server refused with 403 while a screen was open: the screen's route shows the
 * access-denied page in place of the screen, at its own URL, instead of navigating away. Keyed by
 * the router's location key, so the next navigation (even to the same URL) starts afresh, and
 * forgotten when the session ends (every router's first location has the same key, "default").
 */
import { useSyncExternalStore } from 'react';

let currentKey: string | null = null;
let deniedKey: string | null = null;
const listeners = new Set<() => void>();

/** The route screen on display says which location it is (called on every render of it). */
export const setCurrentLocationKey = (key: string): void => {
  currentKey = key;
};

/** The auth provider's answer to a 403: the screen on display is denied. */
export const markForbidden = (): void => {
  if (currentKey === null || deniedKey === currentKey) return;
  deniedKey = currentKey;
  for (const listener of listeners) listener();
};

/** Forgets a refusal: the next session's first screen must not show the last one's denial. */
export const clearForbidden = (): void => {
  if (deniedKey === null) return;
  deniedKey = null;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the server refused a call of the screen at `locationKey` (outside React). */
export const isForbidden = (locationKey: string): boolean => deniedKey === locationKey;

/** Whether the server refused a call of the screen at `locationKey`. */
export const useForbidden = (locationKey: string): boolean =>
  useSyncExternalStore(subscribe, () => isForbidden(locationKey));
