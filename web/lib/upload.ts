import {
  PROFILE_IMAGE_ROUTES,
  STATEMENT_LIMITS,
  STATEMENT_ROUTES,
  checkUpload,
  contentTypeForFile,
  type PartUrlsResponse,
  type ProfileImageUploadResponse,
  type StatementUploadResponse,
  type UploadKind,
} from '@contract';
import { callPresignApi } from './presign-api';

/** An upload refused before any byte left the browser; `message` says which rule, in words. */
export class UploadRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRuleError';
  }
}

/** The transfer itself failed (network, or storage refused); the upload can be retried. */
export class UploadTransferError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadTransferError';
  }
}

/** Checks type and size with the contract's rules; throws UploadRuleError. Returns the type to send. */
export const requireUploadAllowed = (kind: UploadKind, file: File): string => {
  const contentType = contentTypeForFile(file.name, file.type);
  const check = checkUpload(kind, contentType, file.size);
  if (!check.ok) throw new UploadRuleError(check.message);
  return check.contentType;
};

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
      } else reject(new UploadTransferError(`Storage refused the upload (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new UploadTransferError('The connection broke during the upload.'));
    xhr.onabort = () => reject(new UploadTransferError('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });

const sha256Hex = async (file: File): Promise<string> => {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
};

export interface StatementUploadInput {
  file: File;
  accountLabel: string;
  period: string;
  idToken: () => Promise<string>;
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Attempts per part before the upload fails (a part is re-signed before each retry). */
  partAttempts?: number;
}

const PART_CONCURRENCY = 3;

/**
 * Uploads one statement: the rules first (nothing is sent if they fail), then one PUT,
 * or parts for files over the single-upload limit, each part retried with a fresh URL.
 * Returns the statement id; the statement is listed once the catalogue has seen the file.
 */
export const uploadStatementFile = async (input: StatementUploadInput): Promise<string> => {
  const { file } = input;
  const contentType = requireUploadAllowed('statement', file);
  const sha256 = file.size <= STATEMENT_LIMITS.maxSingleUploadBytes ? await sha256Hex(file) : undefined;
  const upload = await callPresignApi<StatementUploadResponse>('statementsApiUrl', STATEMENT_ROUTES.createUpload, await input.idToken(), {
    body: { fileName: file.name, contentType, size: file.size, accountLabel: input.accountLabel, period: input.period, ...(sha256 ? { sha256 } : {}) },
  });

  if (upload.kind === 'single') {
    await putWithProgress(upload.url, upload.headers, file, (loaded) => input.onProgress(loaded, file.size), input.signal);
    return upload.statementId;
  }

  const { statementId, uploadId, partBytes, partCount } = upload;
  const loaded = new Map<number, number>();
  const report = () => input.onProgress([...loaded.values()].reduce((a, b) => a + b, 0), file.size);
  const signPart = async (partNumber: number) =>
    (
      await callPresignApi<PartUrlsResponse>('statementsApiUrl', STATEMENT_ROUTES.partUrls, await input.idToken(), {
        params: { statementId },
        body: { uploadId, size: file.size, partNumbers: [partNumber] },
      })
    ).parts[0];

  const sendPart = async (partNumber: number): Promise<{ partNumber: number; etag: string }> => {
    const attempts = input.partAttempts ?? 3;
    for (let attempt = 1; ; attempt++) {
      try {
        const part = await signPart(partNumber);
        const start = (partNumber - 1) * partBytes;
        const etag = await putWithProgress(part.url, {}, file.slice(start, start + part.size), (bytes) => {
          loaded.set(partNumber, bytes);
          report();
        }, input.signal);
        if (!etag) throw new UploadTransferError('Storage did not return the part tag (ETag).');
        return { partNumber, etag };
      } catch (error) {
        loaded.set(partNumber, 0);
        report();
        if (attempt >= attempts || input.signal?.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
      }
    }
  };

  try {
    const parts: { partNumber: number; etag: string }[] = [];
    const queue = Array.from({ length: partCount }, (_, index) => index + 1);
    await Promise.all(
      Array.from({ length: Math.min(PART_CONCURRENCY, partCount) }, async () => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) parts.push(await sendPart(next));
      }),
    );
    parts.sort((a, b) => a.partNumber - b.partNumber);
    await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.completeUpload, await input.idToken(), {
      params: { statementId },
      body: { uploadId, parts },
    });
    return statementId;
  } catch (error) {
    // Leave nothing half-stored (the bucket's lifecycle rule is the backstop).
    await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.abortUpload, await input.idToken(), {
      params: { statementId },
      query: { uploadId },
    }).catch(() => undefined);
    throw error;
  }
};

export const uploadAvatarFile = async (
  file: File,
  idToken: string,
  onProgress: (loaded: number, total: number) => void,
): Promise<void> => {
  const contentType = requireUploadAllowed('profileImage', file);
  const signed = await callPresignApi<ProfileImageUploadResponse>('profileImageApiUrl', PROFILE_IMAGE_ROUTES.uploadUrl, idToken, {
    body: { contentType, size: file.size },
  });
  await putWithProgress(signed.url, signed.headers, file, (loaded) => onProgress(loaded, file.size));
};
