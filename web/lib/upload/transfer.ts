import { PresignApiError } from '../presign-api';

/** An upload refused before any byte left the browser, or by a rule of the server; retrying cannot help. */
export class UploadRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRuleError';
  }
}

/** The transfer itself failed (network, storage, a server error); the upload can be tried again. */
export class UploadTransferError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadTransferError';
  }
}

/** Why an upload stopped on purpose: the person paused or cancelled it, or a faster copy of a part won. */
export type StopReason = 'paused' | 'cancelled' | 'superseded';

export class UploadStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`The upload was ${reason}.`);
    this.name = 'UploadStopped';
  }
}

/** The vault already keeps this file (same checksum); the person chooses whether to store it again. */
export class SameFileStored extends Error {
  constructor(readonly existing: { fileName: string; accountLabel: string; period: string }[]) {
    super('This file is already in your vault.');
    this.name = 'SameFileStored';
  }
}

/** A stop reason carried by an abort signal, if the signal was aborted on purpose. */
export const stopReasonOf = (signal?: AbortSignal): StopReason | undefined =>
  signal?.aborted && signal.reason instanceof UploadStopped ? signal.reason.reason : undefined;

/**
 * Whether trying the same upload again could succeed: a refusal by the API's rules (4xx
 * other than an ended session or a conflict) cannot, so no retry is offered for it.
 */
export const isRetryable = (error: unknown): boolean => {
  if (error instanceof UploadRuleError || error instanceof SameFileStored) return false;
  if (error instanceof PresignApiError)
    return error.status === 0 || error.status === 401 || error.status === 409 || error.status === 429 || error.status >= 500;
  return true;
};

/** S3's error code in an XML error body, if there is one. */
const s3ErrorCode = (text: string): string | undefined => /<Code>([^<]+)<\/Code>/.exec(text)?.[1];

/** PUT with upload progress (fetch cannot report it), resolving with the ETag. */
export const putWithProgress = (
  url: string,
  headers: Record<string, string>,
  body: Blob,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<string | null> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(body.size);
        resolve(xhr.getResponseHeader('ETag'));
        return;
      }
      const code = s3ErrorCode(xhr.responseText ?? '');
      reject(
        new UploadTransferError(
          code === 'BadDigest'
            ? 'The file changed while it was being sent (its checksum no longer matches); choose it again.'
            : `Storage refused the upload (HTTP ${xhr.status}${code ? `, ${code}` : ''}).`,
        ),
      );
    };
    xhr.onerror = () => reject(new UploadTransferError('The connection broke during the upload.'));
    xhr.onabort = () => reject(signal?.reason instanceof UploadStopped ? signal.reason : new UploadStopped('cancelled'));
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
