/**
 * One image upload (`POST /minio/upload`, multipart part `file`) that reports how much of the
 * body has been sent and can be cancelled. XMLHttpRequest, because fetch reports no upload
 * progress; the same base path, token, time-out and envelope check as every other call.
 */
import type { Envelope } from '../schema/api';
import { MESSAGES, ResultCode } from '../schema/api';
import { ApiError, buildUrl, getToken, REQUEST_TIMEOUT_MS } from './api';
import { reportHttpError } from './httpClient';

const IMAGE_UPLOAD_PATH = '/minio/upload';

/** Sent bytes and the body's size (the size is 0 while the browser cannot tell). */
type UploadProgress = (sent: number, total: number) => void;

type RunningUpload = {
  /** The stored image's URL; rejects with an ApiError (reported to the shell like any failed call). */
  readonly done: Promise<string>;
  /** Stops sending; `done` then rejects with an `AbortError`. */
  readonly cancel: () => void;
};

export type ProgressUploader = (file: File, onProgress?: UploadProgress) => RunningUpload;

type UploadAnswer = { url: string; name: string };

const answerOf = (xhr: XMLHttpRequest): string => {
  let envelope: Envelope<UploadAnswer> | null = null;
  try {
    envelope = JSON.parse(xhr.responseText) as Envelope<UploadAnswer>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.code !== 'number') throw new ApiError(`${xhr.status} ${xhr.statusText}`.trim(), 0, xhr.status);
  if (envelope.code !== ResultCode.success) {
    throw new ApiError(envelope.message, envelope.code, xhr.status, envelope.messageKey, envelope.errors ?? []);
  }
  return envelope.data.url;
};

export const uploadImageWithProgress = (path: string = IMAGE_UPLOAD_PATH): ProgressUploader => (file, onProgress) => {
  const xhr = new XMLHttpRequest();
  const done = new Promise<string>((resolve, reject) => {
    const fail = (error: unknown) => {
      reportHttpError(error);
      reject(error);
    };
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.upload.addEventListener('progress', (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : 0));
    xhr.addEventListener('load', () => {
      try {
        resolve(answerOf(xhr));
      } catch (error) {
        fail(error);
      }
    });
    xhr.addEventListener('error', () => fail(new ApiError(MESSAGES.network, 0, 0, 'network')));
    xhr.addEventListener('timeout', () => fail(new ApiError(MESSAGES.network, 0, 0, 'network')));
    // A cancel is the user's choice: nothing to report.
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
  return { done, cancel: () => xhr.abort() };
};

export const uploadImageProgressive: ProgressUploader = uploadImageWithProgress();
