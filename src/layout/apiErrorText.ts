/**
 * The text shown for a failed call: the translation of the server's stable message key when the
 * admin knows it, else the server's own (English) message; validation problems name their fields
 * in words, by the labels the declarations give them in the reader's language (never `refundAmount`).
 */
import type { TranslateFunction } from 'react-admin';
import { refusedFieldName } from '../engine/refusedField';
import type { FieldError } from '../schema/api';
import { ApiError } from '../providers/api';

const MAX_FIELD_PROBLEMS = 3;

/** `errors.<key>` filled with `params`; undefined when unknown or when a placeholder stays unfilled. */
const translateKey = (translate: TranslateFunction, key: string | undefined, params: Record<string, unknown> = {}) => {
  if (!key) return undefined;
  const text = translate(`errors.${key}`, { ...params, _: '' });
  // A placeholder the envelope did not fill is only readable in the server's own text.
  return text && !text.includes('%{') ? text : undefined;
};

/** A field no declaration labels (a hand-written route's), at least in words: `oldPassword` → "Old password". */
const inWords = (field: string): string => {
  const last = field.split('.').filter((part) => !/^\d+$/.test(part)).at(-1) ?? field;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The refused field as the reader knows it: its label (and row) when the call's declaration has one, else its name in words. */
const fieldText = (error: ApiError, problem: FieldError, translate: TranslateFunction): string => {
  const named = error.request ? refusedFieldName(error.request, problem.field) : undefined;
  const label = (named && translate(named.key, { smart_count: 1, _: '' })) || inWords(problem.field);
  return named?.row === undefined ? label : translate('app.field_in_row', { field: label, row: named.row });
};

export const apiErrorText = (error: unknown, translate: TranslateFunction): string => {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const text = translateKey(translate, error.messageKey, error.params) ?? error.message;
  const problems = error.errors.slice(0, MAX_FIELD_PROBLEMS).map((problem) => {
    const problemText = translateKey(translate, problem.messageKey, problem.params) ?? problem.message;
    // `_` is the body as a whole: no field to name.
    return problem.field === '_' ? problemText : `${fieldText(error, problem, translate)}: ${problemText}`;
  });
  // A message that only repeats its one field's ("Must be at most 77.6: Refund amount: Must be at most 77.6") is said once, with the field.
  const repeats = error.errors.length === 1 && problems.length === 1 && problems[0]!.endsWith(`: ${text}`);
  if (repeats) return problems[0]!;
  return problems.length > 0 ? `${text}: ${problems.join('; ')}` : text;
};
