import { createHash } from 'node:crypto';
import {
  PROFILE_IMAGE_ROUTES,
  STATEMENT_LIMITS,
  STATEMENT_ROUTES,
  needsMultipart,
  type PartUrlsResponse,
  type StatementUploadRequest,
  type StatementUploadResponse,
  type WebConfig,
} from '../../../contract';
import { callApi } from './rest';
import { sampleOf } from '../../support/samples';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The base64 SHA-256 S3 checks a body against (`x-amz-checksum-sha256`). */
export const sha256Base64 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64');

/** The parts of a multipart upload of these bytes, each with its checksum. */
export const partsOf = (bytes: Buffer) => {
  const parts: { partNumber: number; bytes: Buffer; checksum: string }[] = [];
  for (let start = 0; start < bytes.length; start += STATEMENT_LIMITS.partBytes) {
    const part = bytes.subarray(start, start + STATEMENT_LIMITS.partBytes);
    parts.push({ partNumber: parts.length + 1, bytes: part, checksum: sha256Base64(part) });
  }
  return parts;
};

/** S3's composite checksum of parts: the SHA-256 of their digests, `-`, their count. */
export const compositeOf = (checksums: string[]) =>
  `${createHash('sha256')
    .update(Buffer.concat(checksums.map((checksum) => Buffer.from(checksum, 'base64'))))
    .digest('base64')}-${checksums.length}`;

/** The checksum a statement upload declares: the file's SHA-256, or the composite of its parts'. */
export const statementChecksum = (bytes: Buffer) =>
  needsMultipart(bytes.length) ? compositeOf(partsOf(bytes).map((part) => part.checksum)) : sha256Base64(bytes);

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
  request: Omit<StatementUploadRequest, 'size' | 'checksum'> & { bytes?: Buffer; size?: number; checksum?: string },
): Promise<Uploaded> => {
  // A real file of the declared type: the catalogue checks content before listing it.
  const bytes = request.bytes ?? sampleOf(request.contentType, request.size ?? 2048);
  const { bytes: _bytes, ...fields } = request;
  const created = await callApi(config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
    token,
    body: { checksum: statementChecksum(bytes), ...fields, size: bytes.length },
  });
  if (created.status !== 201) throw new Error(`create upload: ${created.status} ${JSON.stringify(created.body)}`);
  const upload = created.body as StatementUploadResponse;
  if (upload.kind === 'single') {
    const put = await putTo(upload.url, upload.headers, bytes);
    if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
    return { statementId: upload.statementId, bytes };
  }
  const local = partsOf(bytes);
  const signed = await callApi(config, 'statementsApiUrl', STATEMENT_ROUTES.partUrls, {
    token,
    params: { statementId: upload.statementId },
    body: { uploadId: upload.uploadId, size: bytes.length, parts: local.map(({ partNumber, checksum }) => ({ partNumber, checksum })) },
  });
  if (signed.status !== 200) throw new Error(`part URLs: ${signed.status} ${JSON.stringify(signed.body)}`);
  const parts = [];
  for (const part of (signed.body as PartUrlsResponse).parts) {
    const put = await putTo(part.url, part.headers, local[part.partNumber - 1].bytes);
    if (put.status !== 200) throw new Error(`part ${part.partNumber}: ${put.status} ${await put.text()}`);
    parts.push({ partNumber: part.partNumber, etag: put.headers.get('etag')!, checksum: local[part.partNumber - 1].checksum });
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
    body: { contentType, size: bytes.length, checksum: sha256Base64(bytes) },
  });
  if (signed.status !== 200) throw new Error(`avatar URL: ${signed.status} ${JSON.stringify(signed.body)}`);
  return putTo(signed.body.url, signed.body.headers, bytes);
};
