import { ACCOUNT_DETAIL_FIELDS } from '../../contract/accounts/details';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  MALWARE_SCAN,
  STATEMENT_LIMITS,
  STATEMENT_QUOTA,
  STATEMENT_STATUS,
  SHARE_LIMITS,
  needsMultipart,
  purgeAtOf,
  accountKeyOf,
  statementAccountKey,
  type AccountDeletion,
  type ShareOpening,
  type DeletedStatement,
  type Statement,
  type UploadRefusal,
} from '../../contract';
import { newDeletionJob, type DeletionJobs, type VersionedObjects } from '../../lambda/account/deletion';
import type { AccountPorts } from '../../lambda/account/routes';
import { notFound } from '../../lambda/shared/errors';
import type { Log, LogFields } from '../../lambda/shared/log';
import type { HeldFiling, HeldUpload, RecordStore } from '../../lambda/shared/records';
import { enteredBalances, rereadBalances } from '../../lambda/shared/records/statements';
import { READING_EDITION, readingEditionOf } from '../../contract/reading/edition';
import { expectedSummaries } from '../../lambda/catalogue/summaries';
import { createS3Client } from '../../lambda/shared/runtime';
import { Presigner, type ObjectInfo, type ObjectStore } from '../../lambda/shared/s3';
import { SAMPLES } from './samples';
import type { OwnerShare, ShareStore, StoredShare } from '../../lambda/shared/shares/store';
import type { AccountStatements } from '../../lambda/statements/share-routes';
import type { MailArrivals, WaitingFile } from '../../lambda/shared/mail/arrivals';
import type { MailAddresses } from '../../lambda/shared/mail/addresses';
import type { DeviceStore, StoredDevice } from '../../lambda/shared/push/devices';

/**
 * In-memory stand-ins for the S3 and DynamoDB calls (the handlers' ports). Presigning is
 * NOT faked: tests sign with the real SDK and fixed fake credentials. The local-stack
 * suite runs the same handlers against emulators.
 */
export const BUCKET = 'vault-test-bucket';
export const SIGNING_DATE = new Date('2026-03-01T12:00:00Z');
export const ALICE = '11111111-1111-4111-8111-111111111111';
export const BOB = '22222222-2222-4222-8222-222222222222';
export const ORIGIN = 'https://vault.example.com';

/** A well-formed base64 SHA-256 (of no file in particular: the fakes store no bytes). */
export const SOME_SHA256 = 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=';

/** The checksum a statement of `size` bytes declares: the file's SHA-256, or a composite ending in its part count. */
export const checksumForSize = (size: number): string =>
  needsMultipart(size) ? `${SOME_SHA256}-${Math.ceil(size / STATEMENT_LIMITS.partBytes)}` : SOME_SHA256;

/** The `parts` of a part-URL request, each with a checksum. */
export const partList = (numbers: number[]) => numbers.map((partNumber) => ({ partNumber, checksum: SOME_SHA256 }));

/**
 * The S3 client the test presigners sign with: one for the file, made when first asked. A
 * client holds only its configuration, and making one costs more than a handler's whole
 * answer (a property run makes a presigner per generated request).
 */
let signingClient: ReturnType<typeof createS3Client> | undefined;

export const testPresigner = () => new Presigner((signingClient ??= createS3Client()), BUCKET, () => SIGNING_DATE);

/** An unversioned bucket in memory: each object is its one version ("null", as S3 names it there). */
export interface MemoryObjects extends ObjectStore, Pick<VersionedObjects, 'listVersions' | 'deleteVersions'> {
  objects: Map<string, ObjectInfo>;
  /** Object bodies, where a test gave one (readStart reads them; others hold a real file of their type). */
  bodies: Map<string, Uint8Array>;
  /** Malware scan verdicts by key; an object without an entry was scanned clean, one set to undefined is still being scanned. */
  verdicts: Map<string, string | undefined>;
  uploads: Map<string, { key: string; contentType: string; metadata: Record<string, string> }>;
  calls: string[];
}

export const memoryObjects = (): MemoryObjects => {
  const objects = new Map<string, ObjectInfo>();
  const uploads = new Map<string, { key: string; contentType: string; metadata: Record<string, string> }>();
  const calls: string[] = [];
  let uploadCounter = 0;
  const requireUpload = (key: string, uploadId: string) => {
    const upload = uploads.get(uploadId);
    // The real adapter maps S3's NoSuchUpload to this same 404.
    if (!upload || upload.key !== key) throw notFound('There is no such upload in progress; start the upload again.');
    return upload;
  };
  const bodies = new Map<string, Uint8Array>();
  const verdicts = new Map<string, string | undefined>();
  return {
    objects,
    bodies,
    verdicts,
    async scanVerdict(key) {
      calls.push(`scanVerdict ${key}`);
      if (!objects.has(key)) return undefined;
      return verdicts.has(key) ? verdicts.get(key) : MALWARE_SCAN.clean;
    },
    uploads,
    calls,
    async readStart(key, bytes) {
      calls.push(`readStart ${key}`);
      if (!objects.has(key)) return undefined;
      // Without a body of its own, an object holds a real file of its declared type.
      const body = bodies.get(key) ?? SAMPLES[objects.get(key)!.contentType]?.() ?? new Uint8Array();
      return body.subarray(0, bytes);
    },
    async listParts({ key, uploadId }) {
      calls.push(`listParts ${key}`);
      requireUpload(key, uploadId);
      return [];
    },
    async head(key) {
      calls.push(`head ${key}`);
      return objects.get(key);
    },
    async delete(key) {
      calls.push(`delete ${key}`);
      objects.delete(key);
    },
    async createMultipart({ key, contentType, metadata }) {
      calls.push(`createMultipart ${key}`);
      const uploadId = `upload-${++uploadCounter}`;
      uploads.set(uploadId, { key, contentType, metadata });
      return uploadId;
    },
    async completeMultipart({ key, uploadId, parts }) {
      calls.push(`completeMultipart ${key}`);
      const upload = requireUpload(key, uploadId);
      uploads.delete(uploadId);
      objects.set(key, {
        contentType: upload.contentType,
        size: parts.length,
        metadata: upload.metadata,
        lastModified: SIGNING_DATE.toISOString(),
      });
    },
    async abortMultipart({ key, uploadId }) {
      calls.push(`abortMultipart ${key}`);
      requireUpload(key, uploadId);
      uploads.delete(uploadId);
    },
    async *list(prefix) {
      for (const key of [...objects.keys()].sort()) if (key.startsWith(prefix)) yield key;
    },
    async readStream(key) {
      calls.push(`readStream ${key}`);
      if (!objects.has(key)) return undefined;
      const body = bodies.get(key) ?? SAMPLES[objects.get(key)!.contentType]?.() ?? new Uint8Array();
      // In pieces, as S3 sends a body.
      return (async function* () {
        for (let at = 0; at < body.length; at += 64 * 1024) yield body.subarray(at, at + 64 * 1024);
      })();
    },
    async putStream({ key, body, contentType, tags }) {
      calls.push(`putStream ${key}`);
      const chunks: Uint8Array[] = [];
      for await (const chunk of body) chunks.push(chunk as Uint8Array);
      const whole = Buffer.concat(chunks);
      bodies.set(key, new Uint8Array(whole));
      objects.set(key, { contentType, size: whole.length, metadata: {}, lastModified: SIGNING_DATE.toISOString() });
      verdicts.set(key, tags[MALWARE_SCAN.tagKey]);
    },
    async *listVersions(prefix) {
      calls.push(`listVersions ${prefix}`);
      yield [...objects.entries()]
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, info]) => ({ key, versionId: 'null', size: info.size }));
    },
    async deleteVersions(versions) {
      for (const { key } of versions) {
        calls.push(`deleteVersion ${key}`);
        objects.delete(key);
      }
    },
  };
};

export interface MemoryRecords extends RecordStore {
  statements: Map<string, Statement>;
  /** Recently deleted, by "owner/id". */
  deleted: Map<string, DeletedStatement & { purging: boolean }>;
  /** Names accounts took by a rename, by "owner/nameKey": the key of the account each files under. */
  names: Map<string, string>;
  /** Refusals of uploads that arrived, by "owner/id". */
  refusals: Map<string, UploadRefusal>;
  /** Places held under the quota by uploads under way, by "owner/statementId". */
  uploads: Map<string, HeldUpload & { owner: string; filing?: HeldFiling }>;
  avatars: Map<string, string | undefined>;
  /** Every write, in order ("putStatement owner/id", "deleteStatement owner/id", "setAvatar owner"). */
  writes: string[];
}

export const memoryRecords = (): MemoryRecords => {
  const statements = new Map<string, Statement>();
  /** Names accounts took by a rename (`owner/nameKey`), and the key of the account each files under. */
  const names = new Map<string, string>();
  const uploads = new Map<string, HeldUpload & { owner: string; filing?: HeldFiling }>();
  const avatars = new Map<string, string | undefined>();
  const writes: string[] = [];
  const id = (owner: string, statementId: string) => `${owner}/${statementId}`;
  const refusals = new Map<string, UploadRefusal>();
  const deleted = new Map<string, DeletedStatement & { purging: boolean }>();
  const ownDeleted = (owner: string) => [...deleted.values()].filter((statement) => statement.owner === owner);
  return {
    statements,
    deleted,
    names,
    async trashStatement(owner, statementId, deletedAt) {
      const statement = statements.get(id(owner, statementId));
      if (!statement) return undefined;
      writes.push(`trashStatement ${owner}/${statementId}`);
      statements.delete(id(owner, statementId));
      const trashed = { ...statement, deletedAt, purgeAt: purgeAtOf(deletedAt) };
      deleted.set(id(owner, statementId), { ...trashed, purging: false });
      return trashed;
    },
    async getDeleted(owner, statementId) {
      return deleted.get(id(owner, statementId));
    },
    async restoreStatement(owner, statementId) {
      const found = deleted.get(id(owner, statementId));
      if (!found) return 'gone';
      if (found.purging) return 'purging';
      writes.push(`restoreStatement ${owner}/${statementId}`);
      deleted.delete(id(owner, statementId));
      const { deletedAt: _deletedAt, purgeAt: _purgeAt, purging: _purging, ...statement } = found;
      // Filed anew, as the table's store does.
      const restored = { ...statement, filedAt: new Date().toISOString() };
      statements.set(id(owner, statementId), restored);
      return restored;
    },
    async beginPurge(owner, statementId) {
      const found = deleted.get(id(owner, statementId));
      if (!found) return undefined;
      writes.push(`beginPurge ${owner}/${statementId}`);
      found.purging = true;
      return found;
    },
    async finishPurge(owner, statementId) {
      if (!deleted.get(id(owner, statementId))?.purging) return false;
      writes.push(`finishPurge ${owner}/${statementId}`);
      deleted.delete(id(owner, statementId));
      return true;
    },
    async duePurges(now) {
      return [...deleted.values()]
        .filter((statement) => statement.purgeAt < now)
        .sort((a, b) => (a.purgeAt < b.purgeAt ? -1 : 1))
        .map(({ owner, id: statementId, purgeAt }) => ({ owner, statementId, purgeAt }));
    },
    async dropPurgeEntry() {},
    refusals,
    avatars,
    writes,
    async setStatementStatus(owner, statementId, status, detail) {
      const statement = statements.get(id(owner, statementId));
      if (!statement) return false;
      writes.push(`setStatementStatus ${owner}/${statementId} ${status}`);
      const { scanDetail: _previous, ...rest } = statement;
      const refiled = status === STATEMENT_STATUS.available && statement.status !== STATEMENT_STATUS.available;
      statements.set(id(owner, statementId), {
        ...rest,
        status,
        ...(detail ? { scanDetail: detail } : {}),
        ...(refiled ? { filedAt: new Date().toISOString() } : {}),
      });
      return true;
    },
    async refuseUpload(refusal) {
      writes.push(`refuseUpload ${refusal.owner}/${refusal.id}`);
      refusals.set(id(refusal.owner, refusal.id), refusal);
      uploads.delete(id(refusal.owner, refusal.id));
    },
    async getStatement(owner, statementId) {
      return statements.get(id(owner, statementId));
    },
    async putStatement(statement) {
      if (statements.has(id(statement.owner, statement.id))) return false;
      writes.push(`putStatement ${statement.owner}/${statement.id}`);
      // As the table's store: the record names its account's key.
      const accountKey = statement.accountKey ?? names.get(`${statement.owner}/${accountKeyOf(statement.accountLabel)}`);
      statements.set(id(statement.owner, statement.id), { ...statement, accountKey: accountKey ?? statementAccountKey(statement) });
      uploads.delete(id(statement.owner, statement.id));
      return true;
    },
    async editStatement(owner, statementId, change) {
      const statement = statements.get(id(owner, statementId));
      if (!statement) return undefined;
      writes.push(`editStatement ${owner}/${statementId}`);
      const named =
        change.accountLabel === undefined
          ? {}
          : { accountKey: names.get(`${owner}/${accountKeyOf(change.accountLabel)}`) ?? accountKeyOf(change.accountLabel) };
      const moved = { ...statement, ...change, ...named };
      const refiled = statementAccountKey(moved) !== statementAccountKey(statement) || moved.period !== statement.period;
      const edited = refiled ? { ...moved, filedAt: new Date().toISOString() } : moved;
      statements.set(id(owner, statementId), edited);
      return edited;
    },
    async deleteStatement(owner, statementId) {
      if (!statements.has(id(owner, statementId))) return false;
      writes.push(`deleteStatement ${owner}/${statementId}`);
      statements.delete(id(owner, statementId));
      return true;
    },
    uploads,
    async reserveUpload(owner, statementId, size, expiresAt, filing) {
      const own = [...statements.values()].filter((statement) => statement.owner === owner);
      const held = [...uploads.values()].filter((upload) => upload.owner === owner);
      const usage = expectedSummaries(own, held, ownDeleted(owner)).quota;
      if (usage.slots + 1 > STATEMENT_QUOTA.maxStatements || usage.slotBytes + size > STATEMENT_QUOTA.maxBytes) return { ok: false, usage };
      writes.push(`reserveUpload ${owner}/${statementId}`);
      uploads.set(id(owner, statementId), { owner, statementId, size, expiresAt, ...(filing ? { filing } : {}) });
      return { ok: true };
    },
    async usage(owner) {
      const own = [...statements.values()].filter((statement) => statement.owner === owner);
      return expectedSummaries(
        own,
        [...uploads.values()].filter((upload) => upload.owner === owner),
        ownDeleted(owner),
      ).quota;
    },
    async holdsPlace(owner, statementId) {
      return uploads.has(id(owner, statementId));
    },
    async heldFiling(owner, statementId) {
      return uploads.get(id(owner, statementId))?.filing;
    },
    async holdFor(owner, statementId, filing) {
      const held = uploads.get(id(owner, statementId));
      if (!held) return false;
      uploads.set(id(owner, statementId), { ...held, filing });
      return true;
    },
    async expiredUploads(now) {
      return [...uploads.values()]
        .filter((upload) => upload.expiresAt < now)
        .sort((a, b) => (a.expiresAt < b.expiresAt ? -1 : 1))
        .map(({ owner, statementId }) => ({ owner, statementId }));
    },
    async releaseUpload(owner, statementId) {
      if (!uploads.has(id(owner, statementId))) return false;
      writes.push(`releaseUpload ${owner}/${statementId}`);
      uploads.delete(id(owner, statementId));
      return true;
    },
    async setAvatar(owner, avatarKey) {
      writes.push(`setAvatar ${owner}`);
      avatars.set(owner, avatarKey);
    },
    async getAvatarKey(owner) {
      return avatars.get(owner);
    },
    // Every record here is listed and its summaries exact (the table's own behaviour is tested on DynamoDB Local).
    async ownerRecords(owner) {
      const own = [...statements.values()].filter((statement) => statement.owner === owner).sort((a, b) => (a.id < b.id ? -1 : 1));
      const avatarKey = avatars.get(owner);
      const held = [...uploads.values()].filter((upload) => upload.owner === owner).map(({ owner: _owner, ...upload }) => upload);
      const expected = expectedSummaries(own, held, ownDeleted(owner));
      return {
        statementIds: own.map((statement) => statement.id),
        statements: own.map((statement) => ({ ...statement, listed: true, ordered: true, indexed: true })),
        listsOrdered: true,
        uploads: held,
        deleted: ownDeleted(owner),
        summaries: { ...expected, quota: own.length + held.length + ownDeleted(owner).length > 0 ? expected.quota : undefined },
        ...(avatarKey ? { avatarKey } : {}),
      };
    },
    async listStatement() {
      return false;
    },
    async orderStatement() {
      return false;
    },
    async orderOwner() {},
    async keyStatement(statement) {
      const held = statements.get(id(statement.owner, statement.id));
      if (!held || held.accountKey !== undefined || held.accountLabel !== statement.accountLabel) return false;
      statements.set(id(statement.owner, statement.id), { ...held, accountKey: accountKeyOf(held.accountLabel) });
      return true;
    },
    // As the table's store: the account keeps its key, and the name files under it from then on.
    async renameAccount(owner, accountKey, label) {
      const own = [...statements.values()].filter((statement) => statement.owner === owner);
      if (!own.some((statement) => statementAccountKey(statement) === accountKey)) return 'gone';
      const nameKey = accountKeyOf(label);
      const holder =
        names.get(`${owner}/${nameKey}`) ?? (own.some((statement) => statementAccountKey(statement) === nameKey) ? nameKey : accountKey);
      if (nameKey !== accountKey && holder !== accountKey) return 'taken';
      if (nameKey !== accountKey) names.set(`${owner}/${nameKey}`, accountKey);
      const filed = own.filter((statement) => statementAccountKey(statement) === accountKey);
      return { account: { accountKey, label: label.trim(), count: filed.length, bytes: filed.reduce((sum, one) => sum + one.size, 0) } };
    },
    async readBalances(statement, balances) {
      const held = statements.get(id(statement.owner, statement.id));
      if (!held || held.balances || held.fileName !== statement.fileName || held.period !== statement.period) return false;
      statements.set(id(statement.owner, statement.id), {
        ...held,
        balances: { ...balances, entered: [], readWith: READING_EDITION } as Statement['balances'],
      });
      return true;
    },
    async claimReading(statement) {
      const held = statements.get(id(statement.owner, statement.id));
      if (!held?.balances || readingEditionOf(held.balances) >= READING_EDITION) return false;
      statements.set(id(statement.owner, statement.id), {
        ...held,
        balances: { ...held.balances, readWith: READING_EDITION } as Statement['balances'],
      });
      return true;
    },
    async rereadBalancesOf(statement, balances) {
      const held = statements.get(id(statement.owner, statement.id));
      if (!held?.balances || readingEditionOf(held.balances) !== READING_EDITION) return false;
      statements.set(id(statement.owner, statement.id), { ...held, balances: rereadBalances(held.balances, balances) });
      return true;
    },
    async enterBalances(owner, statementId, change) {
      const held = statements.get(id(owner, statementId));
      if (!held) return undefined;
      writes.push(`enterBalances ${owner}/${statementId}`);
      const after = { ...held, balances: enteredBalances(held.balances, change) };
      statements.set(id(owner, statementId), after);
      return after;
    },
    async keyDeleted(statement) {
      const held = deleted.get(id(statement.owner, statement.id));
      if (!held || held.accountKey !== undefined || held.accountLabel !== statement.accountLabel) return false;
      deleted.set(id(statement.owner, statement.id), { ...held, accountKey: accountKeyOf(held.accountLabel) });
      return true;
    },
    async correctSummaries() {
      return 0;
    },
  };
};

/** Deletion jobs in memory, one per owner, as the table keeps them. */
export const memoryJobs = () => {
  const jobs = new Map<string, AccountDeletion>();
  const store: DeletionJobs = {
    async get(owner) {
      return jobs.get(owner);
    },
    async begin(owner, at) {
      const existing = jobs.get(owner);
      if (existing) return existing;
      const job = newDeletionJob(at);
      jobs.set(owner, job);
      return job;
    },
    async save(owner, job) {
      jobs.set(owner, job);
    },
    async stalled(before, doneBefore) {
      return [...jobs]
        .filter(
          ([, job]) =>
            (job.state === 'RUNNING' && job.updatedAt < before) ||
            (job.state === 'DONE' && !job.finalPassAt && (job.finishedAt ?? job.updatedAt) <= doneBefore),
        )
        .map(([owner]) => owner);
    },
  };
  return { store, jobs };
};

/** The account routes' ports in memory: the jobs, and the owners whose worker was started. */
export const memoryAccount = () => {
  const { store, jobs } = memoryJobs();
  const started: string[] = [];
  const account: AccountPorts = {
    jobs: store,
    async startDeletion(owner) {
      started.push(owner);
    },
  };
  return { account, jobs, started };
};

export interface CapturedLog extends Log {
  lines: { level: string; message: string; fields?: LogFields }[];
  text(): string;
}

export const capturingLog = (): CapturedLog => {
  const lines: CapturedLog['lines'] = [];
  const at = (level: string) => (message: string, fields?: LogFields) => lines.push({ level, message, fields });
  return {
    lines,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    text: () => lines.map((line) => JSON.stringify(line)).join('\n'),
  };
};

export interface EventInput {
  method: string;
  resource: string;
  sub?: string | null;
  body?: unknown;
  rawBody?: string | null;
  pathParameters?: Record<string, string> | null;
  query?: Record<string, string> | null;
  origin?: string;
  /** More claims of the ID token (API Gateway passes each as text). */
  claims?: Record<string, string>;
}

/** An API Gateway proxy event as the Cognito authorizer passes it on. */
export const apiEvent = (input: EventInput): APIGatewayProxyEvent =>
  ({
    httpMethod: input.method,
    resource: input.resource,
    path: input.resource,
    body: input.rawBody !== undefined ? input.rawBody : input.body === undefined ? null : JSON.stringify(input.body),
    isBase64Encoded: false,
    headers: { origin: input.origin ?? ORIGIN },
    multiValueHeaders: {},
    pathParameters: input.pathParameters ?? null,
    queryStringParameters: input.query ?? null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: {
      requestId: 'test-request',
      authorizer:
        input.sub === null
          ? undefined
          : { claims: { sub: input.sub ?? ALICE, email: 'alice@example.com', token_use: 'id', ...input.claims } },
    },
  }) as unknown as APIGatewayProxyEvent;

/** What S3 will check of a presigned URL: its key, lifetime and the headers folded into its signature. */
export const signedParts = (url: string) => {
  const parsed = new URL(url);
  return {
    host: parsed.host,
    // Virtual-hosted style (bucket in the host) on AWS, path style (bucket first in the path) locally.
    key: decodeURIComponent(parsed.host.startsWith(`${BUCKET}.`) ? parsed.pathname.slice(1) : parsed.pathname.replace(/^\/[^/]+\//, '')),
    pathname: parsed.pathname,
    expires: Number(parsed.searchParams.get('X-Amz-Expires')),
    signedHeaders: (parsed.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';'),
    signature: parsed.searchParams.get('X-Amz-Signature'),
    query: parsed.searchParams,
  };
};

export const json = (result: { body: string }) => JSON.parse(result.body);

/**
 * The presign APIs' parts in memory, as the unit tests build them: a bucket (its own
 * versions), records, a log, the test origin, and account ports; any part can be given.
 */
export const memoryApiDeps = (
  parts: { objects?: MemoryObjects; records?: MemoryRecords; log?: CapturedLog; account?: AccountPorts } = {},
) => {
  const objects = parts.objects ?? memoryObjects();
  const records = parts.records ?? memoryRecords();
  return {
    presigner: testPresigner(),
    objects,
    versions: objects,
    records,
    shares: memoryShares().store,
    accounts: memoryAccountStatements(records),
    log: parts.log ?? capturingLog(),
    cors: { allowedOrigins: [ORIGIN] },
    account: parts.account ?? memoryAccount().account,
    push: { devices: memoryDevices(), sender: { notify: async () => ({ sent: 0, gone: 0, failed: 0 }) } },
    identifierSecret: async () => TEST_IDENTIFIER_SECRET,
    mail: {
      domain: TEST_MAIL_DOMAIN,
      addresses: memoryMailAddresses(),
      arrivals: memoryMailArrivals(),
      fileWaiting: async () => undefined,
    },
  };
};

/** Files waiting in Arrived, in memory: each owner's, by id, with its size. */
export const memoryMailArrivals = (): MailArrivals & { waitingFiles: Map<string, WaitingFile> } => {
  const waitingFiles = new Map<string, WaitingFile>();
  const key = (owner: string, statementId: string) => `${owner}/${statementId}`;
  return {
    waitingFiles,
    record: async (owner, arrival) =>
      void waitingFiles.set(key(owner, arrival.id), { fileName: arrival.fileName, contentType: arrival.contentType, size: arrival.size }),
    list: async () => ({ arrived: [], keptOut: [] }),
    waiting: async (owner, statementId) => waitingFiles.get(key(owner, statementId)),
    waitingTotals: async (owner) => {
      const mine = [...waitingFiles].filter(([name]) => name.startsWith(`${owner}/`)).map(([, file]) => file);
      return { files: mine.length, bytes: mine.reduce((sum, file) => sum + file.size, 0) };
    },
    discard: async (owner, statementId) => void waitingFiles.delete(key(owner, statementId)),
  };
};

/** The mail domain of the Lambda tests. */
export const TEST_MAIL_DOMAIN = 'mail.vault.example.com';

/** Private mail addresses in memory: each owner's token, and each token's owner, as the table keeps them. */
export const memoryMailAddresses = (): MailAddresses & { owners: Map<string, string> } => {
  const tokens = new Map<string, string>();
  const owners = new Map<string, string>();
  const senders = new Map<string, string[]>();
  return {
    owners,
    async tokenOf(owner) {
      return tokens.get(owner);
    },
    async mailOf(owner) {
      const token = tokens.get(owner);
      return { ...(token ? { token } : {}), senders: senders.get(owner) ?? [] };
    },
    async setSenders(owner, list) {
      senders.set(owner, [...list]);
    },
    async replace(owner, token, previous, _at) {
      if (tokens.get(owner) !== previous) return 'changed';
      if (owners.has(token)) return 'taken';
      if (previous) owners.delete(previous);
      tokens.set(owner, token);
      owners.set(token, owner);
      return 'done';
    },
    async ownerOf(token) {
      const sub = owners.get(token);
      const allowed = sub ? (senders.get(sub) ?? []) : [];
      return sub ? { sub, ...(allowed.length > 0 ? { allowedSenders: allowed } : {}) } : undefined;
    },
    async retire(token) {
      owners.delete(token);
    },
  };
};

/** The deployment's identifier secret in the Lambda tests. */
export const TEST_IDENTIFIER_SECRET = 'a deployment secret the tests use, 64 characters long, give or take';

/** Devices with notifications on, in memory, by owner and device id as the table keys them. */
export const memoryDevices = (): DeviceStore & { all: Map<string, StoredDevice> } => {
  const all = new Map<string, StoredDevice>();
  const key = (owner: string, id: string) => `${owner}|${id}`;
  const mine = (owner: string) => [...all.keys()].filter((k) => k.startsWith(`${owner}|`));
  return {
    all,
    list: async (owner) => mine(owner).map((k) => all.get(k)!),
    put: async (owner, device) => {
      const created = !all.has(key(owner, device.deviceId));
      all.set(key(owner, device.deviceId), device);
      return { created };
    },
    remove: async (owner, id) => all.delete(key(owner, id)),
    removeAll: async (owner) => {
      const keys = mine(owner);
      keys.forEach((k) => all.delete(k));
      return keys.length;
    },
    touch: async (owner, id, at) => {
      const device = all.get(key(owner, id));
      if (device) device.lastSentAt = at;
    },
  };
};

/** Shares in memory, as the table keeps them: by the hash of their secret, and the owner's items. */
export const memoryShares = () => {
  const byHash = new Map<string, StoredShare>();
  const openings = new Map<string, ShareOpening[]>();
  const ownerItem = (share: StoredShare): OwnerShare => ({
    shareId: share.shareId,
    secretHash: share.secretHash,
    createdAt: share.createdAt,
    expiresAt: share.expiresAt,
    ...(share.revokedAt ? { revokedAt: share.revokedAt } : {}),
    ...(share.note ? { note: share.note } : {}),
    statementCount: share.statements.length,
  });
  const own = (owner: string, shareId: string) => [...byHash.values()].find((share) => share.owner === owner && share.shareId === shareId);
  const store: ShareStore = {
    async create(share) {
      byHash.set(share.secretHash, structuredClone(share));
    },
    async ownerShares(owner) {
      return [...byHash.values()].filter((share) => share.owner === owner).map(ownerItem);
    },
    async counts(owner, now) {
      const kept = [...byHash.values()].filter(
        (share) => share.owner === owner && Date.parse(share.expiresAt) + SHARE_LIMITS.keepAfterEndSeconds * 1000 > now.getTime(),
      );
      return { kept: kept.length, live: kept.filter((share) => !share.revokedAt && Date.parse(share.expiresAt) > now.getTime()).length };
    },
    async ownerShare(owner, shareId) {
      const share = own(owner, shareId);
      return share && ownerItem(share);
    },
    async byHash(secretHash) {
      return byHash.get(secretHash);
    },
    async byHashes(secretHashes) {
      return secretHashes.flatMap((hash) => (byHash.has(hash) ? [byHash.get(hash)!] : []));
    },
    async revoke(owner, shareId, at) {
      const share = own(owner, shareId);
      if (!share || share.revokedAt) return false;
      share.revokedAt = at;
      return true;
    },
    async extend(owner, shareId, expiresAt) {
      const share = own(owner, shareId);
      if (!share || share.revokedAt) return false;
      share.expiresAt = expiresAt;
      return true;
    },
    async recordOpening(secretHash, opening) {
      const share = byHash.get(secretHash)!;
      share.opens++;
      share.firstOpenedAt ??= opening.at;
      share.lastOpenedAt = opening.at;
      openings.set(secretHash, [opening, ...(openings.get(secretHash) ?? [])]);
      return { first: share.opens === 1 };
    },
    async removeStatement(secretHash, statementId) {
      const share = byHash.get(secretHash)!;
      share.removedIds = [...new Set([...(share.removedIds ?? []), statementId])].sort();
    },
    async countDownload(secretHash, statementId) {
      const share = byHash.get(secretHash)!;
      share.downloads[statementId] = (share.downloads[statementId] ?? 0) + 1;
    },
    async openings(secretHash) {
      return (openings.get(secretHash) ?? []).slice(0, SHARE_LIMITS.openingsKept);
    },
  };
  return { store, byHash };
};

/** An owner's statements by account, read from the records in memory. */
export const memoryAccountStatements = (records: MemoryRecords): AccountStatements => {
  const of = (owner: string, accountKey: string) =>
    [...records.statements.values()].filter((statement) => statement.owner === owner && statementAccountKey(statement) === accountKey);
  return {
    async accountNamed(owner, label) {
      return records.names.get(`${owner}/${accountKeyOf(label)}`) ?? accountKeyOf(label);
    },
    async accountStatements(owner, accountKey) {
      return of(owner, accountKey);
    },
    // As the summary keeps them: each detail from the first statement recorded that said it.
    async accountDetails(owner, accountKey) {
      const details = Object.fromEntries(
        ACCOUNT_DETAIL_FIELDS.flatMap((field) => {
          const said = of(owner, accountKey).find((statement) => statement.accountFacts?.[field]);
          return said ? [[field, said.accountFacts![field]]] : [];
        }),
      );
      return Object.keys(details).length > 0 ? details : undefined;
    },
  };
};
