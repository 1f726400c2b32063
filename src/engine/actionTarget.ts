/**
 * The record a row action's parameters form acts on. The form itself edits no record (its
 * context is empty), so inputs that depend on the target (a `sameAs` picker lists only the rows
 * that share the record's value) read it here.
 */
import { createContext, useContext } from 'react';

export const ActionTargetContext = createContext<Readonly<Record<string, unknown>> | undefined>(undefined);

/** The filter a `sameAs` reference parameter narrows its picker with, or none outside an action form. */
export const useSameAsFilter = (sameAs: string | undefined): Readonly<Record<string, unknown>> | undefined => {
  const target = useContext(ActionTargetContext);
  return sameAs && target ? { [sameAs]: target[sameAs] } : undefined;
};
