/**
 * The record a row action's parameters form acts on. The form itself edits no record (its
 * context is empty), so inputs that depend on the target (a `sameAs` picker lists only the rows
 * that share the record's value) read it here.
 */
import { createContext, useContext } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

export const ActionTargetContext = createContext<Readonly<Record<string, unknown>> | undefined>(undefined);

/**
 * The filter a `sameAs` reference narrows its picker with: in an action form the acted-on record's
 * value, in a record's form the value the form holds now (a product's shop); none while it is empty.
 */
export const useSameAsFilter = (sameAs: string | undefined): Readonly<Record<string, unknown>> | undefined => {
  const target = useContext(ActionTargetContext);
  const form = useFormContext();
  const own: unknown = useWatch({ control: form?.control, name: sameAs ?? '', disabled: !sameAs || Boolean(target) || !form });
  if (!sameAs) return undefined;
  if (target) return { [sameAs]: target[sameAs] };
  return own === undefined || own === null || own === '' ? undefined : { [sameAs]: own };
};
