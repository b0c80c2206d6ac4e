import { ulid } from 'ulid';
import { STATEMENT_LIMITS, STATEMENT_QUOTA, formatBytes, needsMultipart, partSizes } from '../../contract/uploads';
import { STATEMENT_ROUTES } from '../../contract/routes';
import { ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import { STATEMENT_STATUS } from '../../contract/entities';
import { SHA256_BASE64_PATTERN, compositePartCount } from '../../contract/checksums';
import {
  uploadQuerySchema,
  statementIdSchema,
  type CompleteUploadResponse,
  type PartUrlsResponse,
  type StoredPartsResponse,
  type StatementDownloadResponse,
  type StatementUploadResponse,
  type RestoredStatementResponse,
} from '../../contract/api';
import { arrivedKey, statementKey } from '../../contract/keys';
import type { ParsedRouteBody } from '../../contract/route-bodies';
import { accountRoutes, type AccountPorts } from '../account/routes';
import { ApiError, badRequest, notFound } from '../shared/errors';
import { createRouter, on, type Admit, type Cors } from '../shared/http';
import type { Log } from '../shared/log';
import { METRIC_NAMES, noMetrics, type MetricsPort } from '../shared/metrics';
import { attachmentDisposition, encodeStatementMetadata } from '../shared/metadata';
import type { RecordStore } from '../shared/records';
import type { ObjectStore, Presigner } from '../shared/s3';
import { purgeStatement, type PurgeDeps } from '../shared/trash/purge';
import { pushRoutes, type PushRouteDeps } from './push-routes';
import { shareRoutes, type ShareRouteDeps } from './share-routes';
import { packetRoutes } from './packet-routes';
import { mailRoutes, type MailRouteDeps } from './mail-routes';
import { requireAllowedSize, requireAllowedUpload } from '../shared/upload-check';
import { quotaExceeded } from './quota-words';

export interface StatementsDeps {
  /** Deletion jobs and the worker that runs them: the account routes. */
  account: AccountPorts;
  /** @default the system clock */
  now?: () => Date;
  /** Refuses a caller before any route runs (see refuseClosingAccounts). @default every signed-in caller */
  admit?: Admit;
  presigner: Presigner;
  objects: ObjectStore;
  records: RecordStore;
  log: Log;
  cors: Cors;
  /** @default no metrics */
  metrics?: MetricsPort;
  /** Mints statement ids; ULIDs sort by upload time, so the list needs no extra index. */
  newId?: () => string;
  /** Every version of a statement's file, for deleting it for good. */
  versions: PurgeDeps['versions'];
  /** The owner's shares, and their statements by account. */
  shares: ShareRouteDeps['shares'];
  accounts: ShareRouteDeps['accounts'];
  /** A share link's secret. @default 32 random bytes, base64url */
  newSecret?: () => string;
  /** The owner's devices with notifications on, and what sends them notices. */
  push: Pick<PushRouteDeps, 'devices' | 'sender' | 'extraOrigins'>;
  /** The deployment's secret for account identifiers (read from Secrets Manager once per container). */
  identifierSecret: () => Promise<string>;
  /** People's private mail addresses, under the deployment's mail domain (none: the routes say the vault receives no mail). */
  mail: Pick<MailRouteDeps, 'domain' | 'addresses' | 'arrivals' | 'random' | 'fileWaiting'>;
}

/**
 * The statements API. Every key is built from the caller's `sub` and a server-made id;
 * nothing in a request can name another user's key. A statement becomes listed only when
 * the catalogue sees its object in the bucket (see lambda/catalogue).
 */
/**
 * The checksum a file's size calls for: the SHA-256 of the whole file when it goes in one
 * piece, the composite of its parts' SHA-256 (ending in the part count) when it goes in parts.
 */
const requireChecksumFor = (size: number, checksum: string): void => {
  if (!needsMultipart(size)) {
    if (!SHA256_BASE64_PATTERN.test(checksum)) {
      throw badRequest(
        `A file up to ${formatBytes(STATEMENT_LIMITS.maxSingleUploadBytes)} is sent in one piece: checksum must be the base64 SHA-256 of the whole file.`,
      );
    }
    return;
  }
  const expected = partSizes(size).length;
  if (compositePartCount(checksum) !== expected) {
    throw badRequest(
      `A file of ${size} bytes is sent in ${expected} parts of ${formatBytes(STATEMENT_LIMITS.partBytes)}: checksum must be the composite SHA-256 of its parts, ending in -${expected}.`,
    );
  }
};

export const createStatementsApi = (deps: StatementsDeps) => {
  const newId = deps.newId ?? (() => ulid());
  const now = () => deps.now?.() ?? new Date();
  const metrics = deps.metrics ?? noMetrics;

  /**
   * A short-lived GET of one of the caller's statements, as the type the content check
   * verified: saved under its own name (`attachment`), or shown in the page (`inline`).
   * Only a file the malware scan found clean is ever handed out (the bucket policy refuses the rest too).
   */
  const signedRead = async (sub: string, statementId: string, disposition: 'attachment' | 'inline') => {
    const statement = await deps.records.getStatement(sub, statementId);
    if (!statement) throw notFound('There is no such statement.');
    const verb = disposition === 'inline' ? 'shown' : 'downloaded';
    if (statement.status === STATEMENT_STATUS.scanning) {
      throw new ApiError('CONFLICT', `This statement is still being scanned for malware; it can be ${verb} once the scan finds it clean.`);
    }
    if (statement.status !== STATEMENT_STATUS.available) {
      throw new ApiError(
        'CONFLICT',
        `This statement is quarantined and cannot be ${verb}: ${statement.scanDetail ?? 'it did not pass the malware scan'}. You can delete it.`,
      );
    }
    const download = await deps.presigner.get({
      key: statementKey(sub, statementId),
      expiresIn: STATEMENT_LIMITS.downloadUrlSeconds,
      contentDisposition: attachmentDisposition(statement.fileName, disposition),
      contentType: statement.contentType,
    });
    const answer: StatementDownloadResponse = {
      ...download,
      fileName: statement.fileName,
      ...(statement.checksum && statement.checksumType ? { checksum: statement.checksum, checksumType: statement.checksumType } : {}),
    };
    return { status: 200 as const, body: answer };
  };

  return createRouter(
    [
      on(STATEMENT_ROUTES.createUpload, async ({ sub, body }) => {
        let request: ParsedRouteBody<typeof STATEMENT_ROUTES.createUpload>;
        let contentType: string;
        try {
          request = body();
          contentType = requireAllowedUpload('statement', request.contentType, request.size);
        } catch (error) {
          if (error instanceof ApiError) metrics.count(METRIC_NAMES.uploadsRefused);
          throw error;
        }
        requireChecksumFor(request.size, request.checksum);
        const statementId = newId();
        const key = statementKey(sub, statementId);
        const metadata = encodeStatementMetadata(request);
        // The place under the quota is taken before anything is signed.
        const multipart = needsMultipart(request.size);
        const holdSeconds = multipart ? STATEMENT_QUOTA.multipartHoldSeconds : STATEMENT_QUOTA.singleHoldSeconds;
        const reservation = await deps.records.reserveUpload(
          sub,
          statementId,
          request.size,
          new Date(Date.now() + holdSeconds * 1000).toISOString(),
        );
        if (!reservation.ok) {
          metrics.count(METRIC_NAMES.uploadsRefused);
          throw quotaExceeded(reservation.usage, request.size);
        }
        const sign = async (): Promise<StatementUploadResponse> => {
          if (multipart) {
            const uploadId = await deps.objects.createMultipart({ key, contentType, metadata });
            return {
              kind: 'multipart',
              statementId,
              uploadId,
              partBytes: STATEMENT_LIMITS.partBytes,
              partCount: partSizes(request.size).length,
            };
          }
          const put = await deps.presigner.put({
            key,
            contentType,
            contentLength: request.size,
            checksum: request.checksum,
            metadata,
            expiresIn: STATEMENT_LIMITS.uploadUrlSeconds,
          });
          return { kind: 'single', statementId, ...put };
        };
        let answer: StatementUploadResponse;
        try {
          answer = await sign();
        } catch (error) {
          // Nothing was signed: the place goes back at once.
          await deps.records.releaseUpload(sub, statementId).catch(() => undefined);
          throw error;
        }
        deps.log.info('upload started', { statementId, kind: answer.kind, size: request.size });
        metrics.count(METRIC_NAMES.uploadsStarted);
        return { status: 201, body: answer };
      }),
      on(STATEMENT_ROUTES.partUrls, async ({ sub, body, param }) => {
        const statementId = param('statementId', statementIdSchema);
        const request = body();
        requireAllowedSize('statement', request.size);
        if (!needsMultipart(request.size)) {
          throw badRequest(`Files up to ${formatBytes(STATEMENT_LIMITS.maxSingleUploadBytes)} are uploaded in one piece, not in parts.`);
        }
        const sizes = partSizes(request.size);
        const tooHigh = request.parts.find((part) => part.partNumber > sizes.length);
        if (tooHigh !== undefined) {
          throw badRequest(`A file of ${request.size} bytes has ${sizes.length} parts; there is no part ${tooHigh.partNumber}.`);
        }
        const key = statementKey(sub, statementId);
        const signed = await Promise.all(
          request.parts.map(async ({ partNumber, checksum }) => {
            const size = sizes[partNumber - 1];
            const part = await deps.presigner.uploadPart({
              key,
              uploadId: request.uploadId,
              partNumber,
              contentLength: size,
              checksum,
              expiresIn: STATEMENT_LIMITS.uploadUrlSeconds,
            });
            return { partNumber, size, ...part };
          }),
        );
        const answer: PartUrlsResponse = {
          parts: signed.map(({ partNumber, size, url, headers }) => ({ partNumber, size, url, headers })),
          expiresAt: signed[0].expiresAt,
        };
        return { status: 200, body: answer };
      }),
      on(STATEMENT_ROUTES.listParts, async ({ sub, param, query }) => {
        const statementId = param('statementId', statementIdSchema);
        const upload = query(uploadQuerySchema);
        const parts = await deps.objects.listParts({ key: statementKey(sub, statementId), uploadId: upload.uploadId });
        const answer: StoredPartsResponse = {
          parts: parts.map((part) => ({
            partNumber: part.partNumber,
            size: part.size,
            etag: part.etag,
            ...(part.checksum ? { checksum: part.checksum } : {}),
          })),
        };
        return { status: 200, body: answer };
      }),
      on(STATEMENT_ROUTES.completeUpload, async ({ sub, body, param }) => {
        const statementId = param('statementId', statementIdSchema);
        const request = body();
        // A multipart upload completes only while it holds its place under the quota: one
        // that outlived its hold was given back, and would otherwise arrive uncounted.
        if (!(await deps.records.holdsPlace(sub, statementId))) {
          await deps.objects.abortMultipart({ key: statementKey(sub, statementId), uploadId: request.uploadId }).catch(() => undefined);
          throw notFound('There is no such upload in progress (an upload left unfinished for two days is cancelled); start it again.');
        }
        await deps.objects.completeMultipart({
          key: statementKey(sub, statementId),
          uploadId: request.uploadId,
          parts: request.parts,
        });
        deps.log.info('upload completed', { statementId, parts: request.parts.length });
        const answer: CompleteUploadResponse = { statementId };
        return { status: 200, body: answer };
      }),
      on(STATEMENT_ROUTES.abortUpload, async ({ sub, param, query }) => {
        const statementId = param('statementId', statementIdSchema);
        const upload = query(uploadQuerySchema);
        try {
          await deps.objects.abortMultipart({ key: statementKey(sub, statementId), uploadId: upload.uploadId });
        } finally {
          // The place goes back even when the upload was already gone (a retried abort):
          // without its place it can no longer complete. A file it did complete keeps
          // its place: the record took the place over.
          await deps.records.releaseUpload(sub, statementId);
        }
        return { status: 204 };
      }),
      // The caller's own key, derived for their id: the same every time, unlike anyone else's.
      on(STATEMENT_ROUTES.identifierKey, async ({ sub }) => ({
        status: 200 as const,
        body: { key: await ownerIdentifierKey(await deps.identifierSecret(), sub) },
      })),
      on(STATEMENT_ROUTES.downloadUrl, ({ sub, param }) => signedRead(sub, param('statementId', statementIdSchema), 'attachment')),
      on(STATEMENT_ROUTES.previewUrl, ({ sub, param }) => signedRead(sub, param('statementId', statementIdSchema), 'inline')),

      on(STATEMENT_ROUTES.deleteStatement, async ({ sub, param }) => {
        const statementId = param('statementId', statementIdSchema);
        // Into Recently deleted: the record moves in one transaction; the file stays until it goes for good.
        const deleted = await deps.records.trashStatement(sub, statementId, now().toISOString());
        if (!deleted) throw notFound('There is no such statement.');
        deps.log.info('statement deleted', { statementId, purgeAt: deleted.purgeAt });
        return { status: 204 };
      }),
      on(STATEMENT_ROUTES.restoreStatement, async ({ sub, param }) => {
        const statementId = param('statementId', statementIdSchema);
        const restored = await deps.records.restoreStatement(sub, statementId);
        if (restored === 'gone') throw notFound('There is no such statement in Recently deleted.');
        if (restored === 'purging')
          throw new ApiError('CONFLICT', 'This statement is being deleted for good and can no longer be restored.');
        deps.log.info('statement restored', { statementId });
        const answer: RestoredStatementResponse = { statementId };
        return { status: 200, body: answer };
      }),
      on(STATEMENT_ROUTES.purgeStatement, async ({ sub, param }) => {
        const statementId = param('statementId', statementIdSchema);
        if (!(await purgeStatement(deps, sub, statementId))) throw notFound('There is no such statement in Recently deleted.');
        deps.log.info('statement deleted for good', { statementId });
        return { status: 204 };
      }),
      ...shareRoutes(deps),
      ...packetRoutes({ accounts: deps.accounts, objects: deps.objects, presigner: deps.presigner, log: deps.log, now, newId }),
      ...pushRoutes({ ...deps.push, log: deps.log, now: deps.now }),
      ...mailRoutes({
        ...deps.mail,
        webOrigins: deps.cors.allowedOrigins,
        holds: deps.records,
        deleteWaiting: (owner, statementId) => deps.objects.delete(arrivedKey(owner, statementId)),
        log: deps.log,
        now: deps.now,
      }),
      ...accountRoutes(deps),
    ],
    deps,
  );
};
