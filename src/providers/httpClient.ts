/**
 * The admin's one way to call the API: `apiFetch` plus the feedback every failure
 * gets: an error toast for every failed call, and on code 401 also the "log in again"
 * dialog. Toasts and dialogs are React, so this module only holds a bridge; `<HttpFeedback/>`
 * (mounted by the layout inside `<Admin>`) installs the handlers that draw them.
 */
import type { Envelope } from '../schema/api';
import { ResultCode } from '../schema/resultCodes';
import type { ApiRequest } from './api';
import { ApiError, apiFetch } from './api';

type HttpFeedbackHandlers = {
  /** Shows the error toast for a failed call. */
  readonly showError: (error: ApiError) => void;
  /** Opens the 401 dialog; calling it while the dialog is open does nothing. */
  readonly confirmLogout: () => void;
};

let handlers: HttpFeedbackHandlers | null = null;
// Failures that happen before the layout has mounted (the first /admin/info) wait here.
const pending: ApiError[] = [];
const MAX_PENDING = 5;
// react-admin hands the same error to `checkError` after the call already reported it.
const reported = new WeakSet<ApiError>();

const deliver = (error: ApiError, target: HttpFeedbackHandlers): void => {
  target.showError(error);
  if (error.code === ResultCode.unauthorized) target.confirmLogout();
};

/** Installs the UI handlers; returns the function that removes them again. */
export const setHttpFeedback = (next: HttpFeedbackHandlers): (() => void) => {
  handlers = next;
  for (const error of pending.splice(0)) deliver(error, next);
  return () => {
    if (handlers === next) handlers = null;
  };
};

/** Forgets failures still waiting for the layout: they belong to the session that is ending. */
export const dropPendingFeedback = (): void => {
  pending.length = 0;
};

/** Normalises anything thrown into an `ApiError` (a bug in our code still gets a readable toast). */
const toApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(error instanceof Error ? error.message : String(error), 0, 0);

/** Shows the feedback for a failed call once, however many layers hand the same error on. */
export const reportHttpError = (error: unknown): void => {
  const apiError = toApiError(error);
  if (reported.has(apiError)) return;
  reported.add(apiError);
  if (handlers) deliver(apiError, handlers);
  else if (pending.length < MAX_PENDING) pending.push(apiError);
};

/** Opens the 401 dialog without a toast (for callers that hold no `ApiError`). */
export const requestLogoutConfirmation = (): void => {
  handlers?.confirmLogout();
};

/** A refusal whose every problem is on a field the calling form shows it under (`fieldsShown`). */
const shownUnderFields = (error: unknown, request: ApiRequest): boolean => {
  const shown = request.fieldsShown;
  return shown !== undefined && error instanceof ApiError && error.errors.length > 0 && error.errors.every((e) => shown.includes(e.field));
};

/**
 * Resolves with the envelope of a success; shows the feedback and rejects with `ApiError` otherwise
 * (a refusal the calling form shows under its inputs gets no toast: the message once, where it applies).
 */
export const httpClient = async <T>(path: string, request: ApiRequest = {}): Promise<Envelope<T>> => {
  try {
    return await apiFetch<T>(path, request);
  } catch (error) {
    // A call the caller cancelled (react-query drops a stale request) is not a failure to show.
    if (request.signal?.aborted) throw error;
    if (shownUnderFields(error, request)) reported.add(error as ApiError);
    else reportHttpError(error);
    throw error;
  }
};
