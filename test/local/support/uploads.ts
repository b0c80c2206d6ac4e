import { createHash, randomBytes } from 'node:crypto';
import {
  PROFILE_IMAGE_ROUTES,
  STATEMENT_ROUTES,
  type PartUrlsResponse,
  type StatementUploadRequest,
  type StatementUploadResponse,
  type WebConfig,
} from '../../../contract';
import { callApi } from './rest';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** PUTs bytes to a presigned URL with the headers the API said to send. */
export const putTo = (url: string, headers: Record<string, string>, body: Uint8Array) =>
  fetch(url, { method: 'PUT', headers, body, duplex: 'half' } as RequestInit);

export interface Uploaded {
  statementId: string;
  bytes: Buffer;
}

/** Uploads a statement the way the web app will: one PUT, or multipart above 50 MiB. */
export const uploadStatement = async (
  config: WebConfig,
  token: string,
  request: Omit<StatementUploadRequest, 'size'> & { bytes?: Buffer; size?: number },
): Promise<Uploaded> => {
  const bytes = request.bytes ?? randomBytes(request.size ?? 2048);
  const { bytes: _bytes, ...fields } = request;
  const created = await callApi(config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
    token,
    body: { ...fields, size: bytes.length },
  });
  if (created.status !== 201) throw new Error(`create upload: ${created.status} ${JSON.stringify(created.body)}`);
  const upload = created.body as StatementUploadResponse;
  if (upload.kind === 'single') {
    const put = await putTo(upload.url, upload.headers, bytes);
    if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
    return { statementId: upload.statementId, bytes };
  }
  const partNumbers = Array.from({ length: upload.partCount }, (_, index) => index + 1);
  const signed = await callApi(config, 'statementsApiUrl', STATEMENT_ROUTES.partUrls, {
    token,
    params: { statementId: upload.statementId },
    body: { uploadId: upload.uploadId, size: bytes.length, partNumbers },
  });
  if (signed.status !== 200) throw new Error(`part URLs: ${signed.status} ${JSON.stringify(signed.body)}`);
  const parts = [];
  for (const part of (signed.body as PartUrlsResponse).parts) {
    const start = (part.partNumber - 1) * upload.partBytes;
    const put = await putTo(part.url, {}, bytes.subarray(start, start + part.size));
    if (put.status !== 200) throw new Error(`part ${part.partNumber}: ${put.status} ${await put.text()}`);
    parts.push({ partNumber: part.partNumber, etag: put.headers.get('etag')! });
  }
  const completed = await callApi(config, 'statementsApiUrl', STATEMENT_ROUTES.completeUpload, {
    token,
    params: { statementId: upload.statementId },
    body: { uploadId: upload.uploadId, parts },
  });
  if (completed.status !== 200) throw new Error(`complete: ${completed.status} ${JSON.stringify(completed.body)}`);
  return { statementId: upload.statementId, bytes };
};

export const uploadAvatar = async (config: WebConfig, token: string, bytes: Buffer, contentType = 'image/png') => {
  const signed = await callApi(config, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.uploadUrl, {
    token,
    body: { contentType, size: bytes.length },
  });
  if (signed.status !== 200) throw new Error(`avatar URL: ${signed.status} ${JSON.stringify(signed.body)}`);
  return putTo(signed.body.url, signed.body.headers, bytes);
};
