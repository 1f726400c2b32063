/**
 * The text shown for a failed call: the translation of the server's stable message key when the
 * admin knows it, else the server's own (English) message; validation problems name their fields.
 */
import type { TranslateFunction } from 'react-admin';
import { ApiError } from '../providers/api';

const MAX_FIELD_PROBLEMS = 3;

/** `errors.<key>` filled with `params`; undefined when unknown or when a placeholder stays unfilled. */
const translateKey = (translate: TranslateFunction, key: string | undefined, params: Record<string, unknown> = {}) => {
  if (!key) return undefined;
  const text = translate(`errors.${key}`, { ...params, _: '' });
  // A placeholder the envelope did not fill is only readable in the server's own text.
  return text && !text.includes('%{') ? text : undefined;
};

export const apiErrorText = (error: unknown, translate: TranslateFunction): string => {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const text = translateKey(translate, error.messageKey, error.params) ?? error.message;
  const problems = error.errors.slice(0, MAX_FIELD_PROBLEMS)
    .map((problem) => `${problem.field}: ${translateKey(translate, problem.messageKey, problem.params) ?? problem.message}`);
  return problems.length > 0 ? `${text}: ${problems.join('; ')}` : text;
};
