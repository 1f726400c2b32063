/**
 * Checks run before a form is sent, from the limits in src/schema/auth-rules.ts (the server
 * builds its own checks from the same limits and stays the authority). Messages use the
 * server's message keys so a client-side and a server-side rejection read the same.
 */
import type { AccountProblem } from '../../schema/auth-rules';
import { t } from './i18n';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

type Length = { readonly min: number; readonly max: number };

/** A required text of bounded length; the value is checked trimmed, as the user sees it. */
export const checkText = (value: string, length: Length): string | undefined => {
  const text = value.trim();
  if (text === '') return t('errors.required');
  if (text.length < length.min) return t('errors.too_short', { min: length.min });
  if (text.length > length.max) return t('errors.too_long', { max: length.max });
  return undefined;
};

/** A required password: not trimmed, because spaces are part of a password. */
export const checkPassword = (value: string, length: Length): string | undefined => {
  if (value === '') return t('errors.required');
  if (value.length < length.min) return t('errors.too_short', { min: length.min });
  if (value.length > length.max) return t('errors.too_long', { max: length.max });
  return undefined;
};

/** The text of a shared rule's answer (src/schema/auth-rules.ts), with the limits it names. */
export const ruleText = (problem: AccountProblem | undefined, length: Length): string | undefined =>
  problem === undefined ? undefined : t(`errors.${problem}`, { min: length.min, max: length.max });

export const hasErrors = (errors: Record<string, string | undefined>): boolean =>
  Object.values(errors).some((message) => message !== undefined);

/** The first field (in form order) with a problem, to move the focus there. */
export const firstInvalid = <F extends string>(order: readonly F[], errors: FieldErrors<F>): F | undefined =>
  order.find((name) => errors[name] !== undefined);
