import type { S3Event, S3EventRecord } from 'aws-lambda';
import * as z from 'zod';
import { COMPOSITE_SHA256_PATTERN, SHA256_BASE64_PATTERN } from '../../contract/checksums';
import { PERIOD_PATTERN } from '../../contract/uploads';
import { STATEMENT_STATUS, type Statement, type UploadRefusal } from '../../contract/entities';
import { TABLE_KEYS, parseKey, statementAccountKey, type ParsedKey } from '../../contract/keys';
import { accountFactsSchema, accountLabelSchema, fileNameSchema, identifierKeysSchema } from '../../contract/api';
import { canonicalContentType, checkUpload } from '../../contract/upload-rules';
import { MALWARE_SCAN, verdictOutcome } from '../../contract/scanning';
import { CONTENT_SAMPLE_BYTES, checkContent } from '../shared/content-check';
import type { Log } from '../shared/log';
import { METRIC_NAMES, type MetricsPort } from '../shared/metrics';
import { decodeStatementMetadata } from '../shared/metadata';
import type { RecordStore } from '../shared/records';
import type { PushSender } from '../shared/push/sender';
import { refreshDue } from '../shared/reminders/due';
import type { ReminderStore } from '../shared/reminders/store';
import { indexAvailable, type SearchIndexing } from '../shared/search/indexing';
import type { ObjectInfo, ObjectStore } from '../shared/s3';

export interface CatalogueDeps {
  objects: ObjectStore;
  records: RecordStore;
  log: Log;
  /** @default no metrics */
  metrics?: MetricsPort;
  /** The owners' search index, written when a statement becomes available. @default none kept */
  search?: SearchIndexing;
  /**
   * Whether the owner's account is being closed (or was): its deletion job removes its
   * records itself, and counts them for the person. @default no account is
   */
  closing?: (owner: string) => Promise<boolean>;
  /** Tells the owner's devices (web push) that a statement became available or was quarantined. @default no one told */
  notify?: Pick<PushSender, 'notify'>;
  /** Where each account's next statement is due, moved on as its statements become available. @default none kept */
  reminders?: ReminderStore;
}

/**
 * A statement that became available (and was read) moves its account's due day on: the
 * next one is expected after it. A failure is logged and never fails the catalogue: the
 * account's old day still comes, and that run reads the account again.
 */
const expectNext = async (deps: CatalogueDeps, statement: Statement): Promise<void> => {
  if (!deps.reminders || statement.status !== STATEMENT_STATUS.available) return;
  try {
    // The record names the account its label was filed under (a renamed account's key is not its label's).
    const filed = statement.accountKey ? statement : await deps.records.getStatement(statement.owner, statement.id);
    if (!filed) return;
    await refreshDue(deps.reminders, statement.owner, statementAccountKey(filed), new Date().toISOString().slice(0, 10));
  } catch (error) {
    deps.log.warn('due day not moved', { statementId: statement.id, errorName: (error as Error).name });
  }
};

/**
 * The owner's devices hear of a statement's verdict once, when its record takes it. A
 * notice that fails is logged by the sender and never fails the catalogue: the list says
 * the same.
 */
const announceVerdict = async (deps: CatalogueDeps, statement: Statement): Promise<void> => {
  if (!deps.notify) return;
  const kind =
    statement.status === STATEMENT_STATUS.available
      ? 'statementReady'
      : statement.status === STATEMENT_STATUS.quarantined
        ? 'statementQuarantined'
        : undefined;
  if (!kind) return;
  await deps.notify
    .notify(statement.owner, {
      kind,
      statementId: statement.id,
      fileName: statement.fileName,
      ...(statement.arrivedByMail ? { byMail: true } : {}),
    })
    .catch((error: Error) => deps.log.warn('push notice failed', { statementId: statement.id, errorName: error.name }));
};

/** The metadata a statement object must carry, checked with the API's own schemas. */
const storedMetadataSchema = z.object({
  fileName: fileNameSchema,
  accountLabel: accountLabelSchema,
  period: z.string().regex(PERIOD_PATTERN),
  // Absent only on objects of releases before checksums were enforced.
  checksum: z
    .string()
    .refine((value) => SHA256_BASE64_PATTERN.test(value) || COMPOSITE_SHA256_PATTERN.test(value))
    .optional(),
  identifierKeys: identifierKeysSchema.optional(),
  accountFacts: accountFactsSchema.optional(),
  arrivedByMail: z.literal(true).optional(),
});

/** S3 event keys are URL-encoded with `+` for spaces. */
export const eventKey = (record: S3EventRecord): string => decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));

export type Outcome = 'catalogued' | 'removed' | 'refused' | 'gone' | 'ignored' | 'scanning' | 'scanned';

/**
 * What the first bytes of an object say against its declared type: undefined when they
 * agree, the reason when they do not, `gone` when the object went meanwhile (a
 * concurrent refusal or delete): nothing is recorded for it then.
 */
const contentProblem = async (deps: CatalogueDeps, key: string, object: ObjectInfo): Promise<string | 'gone' | undefined> => {
  const sample = await deps.objects.readStart(key, CONTENT_SAMPLE_BYTES);
  if (!sample) return 'gone';
  const verdict = await checkContent(canonicalContentType(object.contentType), sample, sample.length >= object.size);
  return verdict.ok ? undefined : verdict.reason;
};

/**
 * An upload that arrived but is not what it claims: its owner is told why, its place under
 * the quota goes back, and the object goes (versioning keeps the bytes for the retention
 * period, where nothing of this product can read them). The refusal is written first, so a
 * retried event finds the object again and repeats the same steps.
 */
const refuse = async (deps: CatalogueDeps, key: string, refusal: Omit<UploadRefusal, 'refusedAt'>, at: string): Promise<Outcome> => {
  await deps.records.refuseUpload({ ...refusal, refusedAt: at });
  await deps.objects.delete(key);
  deps.log.warn('upload refused', { id: refusal.id, reason: refusal.reason });
  deps.metrics?.count(METRIC_NAMES.contentRefused);
  return 'refused';
};

/**
 * The malware scan's verdict on an object as the tag says it, or as a scan-result event
 * gave it; `threat` when the verdict is that a threat was found.
 */
const scanOutcome = async (deps: CatalogueDeps, key: string, verdict?: ScanVerdictInput) => {
  const found = verdict ? verdict.verdict : await deps.objects.scanVerdict(key);
  return { ...verdictOutcome(found, verdict?.threats), threat: found === MALWARE_SCAN.threatsFound };
};

/**
 * A threat verdict taken by a record (a statement quarantined, an avatar refused) is counted
 * once, by whichever function applied it: the scan result's event, the catalogue (a file
 * that arrived already tagged) or the sweep (an event that was missed). The ThreatsFound
 * alarm sums all three.
 */
const countThreat = (deps: CatalogueDeps, scan: { threat: boolean }): void => {
  if (scan.threat) deps.metrics?.count(METRIC_NAMES.threatsFound);
};

/** A verdict as a scan-result event carries it. */
export interface ScanVerdictInput {
  verdict: string;
  threats?: string[];
}

const catalogueStatement = async (
  deps: CatalogueDeps,
  key: string,
  parsed: Extract<ParsedKey, { kind: 'statement' }>,
  verdict?: ScanVerdictInput,
): Promise<Outcome> => {
  const object = await deps.objects.head(key);
  // Deleted again before this event arrived: its ObjectRemoved event cleans up.
  if (!object) return 'gone';
  const metadata = storedMetadataSchema.safeParse(decodeStatementMetadata(object.metadata));
  const upload = checkUpload('statement', object.contentType, object.size);
  // S3 verified the bytes against the checksums the upload was signed with; the object's
  // checksum must also be the one declared for the whole file (a multipart upload signs
  // each part separately, so this binds the parts to the file that was announced).
  const declared = metadata.success ? metadata.data.checksum : undefined;
  const checksumMatches = declared === undefined || object.checksum?.value === declared;
  if (metadata.success && upload.ok && !checksumMatches) {
    const reason = 'the file that arrived is not the one announced: its checksum differs';
    return refuse(
      deps,
      key,
      { id: parsed.statementId, owner: parsed.owner, fileName: metadata.data.fileName, reason },
      object.lastModified,
    );
  }
  if (!metadata.success || !upload.ok) {
    // Only our presigned URLs can write here, so this is a bug or tampering: keep the
    // invariant (no file without a record) by removing it; versioning keeps the bytes.
    await deps.objects.delete(key);
    deps.log.warn('object refused', { statementId: parsed.statementId, reason: !upload.ok ? upload.code : 'METADATA' });
    return 'refused';
  }
  // The content must be what the declared type says before the statement becomes available.
  const problem = await contentProblem(deps, key, object);
  if (problem === 'gone') return 'gone';
  if (problem) {
    return refuse(
      deps,
      key,
      { id: parsed.statementId, owner: parsed.owner, fileName: metadata.data.fileName, reason: problem },
      object.lastModified,
    );
  }
  // Listed at once, but downloadable only once the malware scan says it is clean.
  const scan = await scanOutcome(deps, key, verdict);
  const statement: Statement = {
    id: parsed.statementId,
    owner: parsed.owner,
    fileName: metadata.data.fileName,
    contentType: upload.contentType,
    size: object.size,
    key,
    // Filed under the account this label names (the record store reads which).
    accountLabel: metadata.data.accountLabel,
    period: metadata.data.period,
    status: scan.status,
    ...(scan.detail ? { scanDetail: scan.detail } : {}),
    uploadedAt: object.lastModified,
    ...(object.checksum ? { checksum: object.checksum.value, checksumType: object.checksum.type } : {}),
    ...(metadata.data.identifierKeys?.length ? { identifierKeys: metadata.data.identifierKeys } : {}),
    ...(metadata.data.accountFacts && Object.keys(metadata.data.accountFacts).length > 0
      ? { accountFacts: metadata.data.accountFacts }
      : {}),
    ...(metadata.data.arrivedByMail ? { arrivedByMail: true } : {}),
  };
  // A repeated event finds the record written: nothing is counted twice.
  if (!(await deps.records.putStatement(statement))) return 'ignored';
  countThreat(deps, scan);
  deps.metrics?.count(METRIC_NAMES.uploadsCompleted);
  deps.metrics?.count(METRIC_NAMES.statementsCatalogued);
  // Already scanned clean (its verdict came first): searchable now.
  await indexAvailable(deps, statement);
  await expectNext(deps, statement);
  await announceVerdict(deps, statement);
  return 'catalogued';
};

/**
 * "Catalogue this object": an object that S3 says was created gets its record (a statement
 * record, or the avatar on the profile). The object is read again first, so a late or
 * repeated event for a key that is gone or replaced writes nothing wrong.
 */
export const catalogueCreated = async (deps: CatalogueDeps, key: string, verdict?: ScanVerdictInput): Promise<Outcome> => {
  const parsed = parseKey(key);
  if (!parsed) return 'ignored';
  if (parsed.kind === 'statement') return catalogueStatement(deps, key, parsed, verdict);
  const object = await deps.objects.head(key);
  if (!object) return 'gone';
  // Only a real JPEG, PNG or WebP becomes the avatar.
  const problem =
    (checkUpload('profileImage', object.contentType, object.size).ok ? undefined : 'not a type a profile image may have') ??
    (await contentProblem(deps, key, object));
  if (problem === 'gone') return 'gone';
  if (problem) return refuse(deps, key, { id: TABLE_KEYS.avatarRefusalId, owner: parsed.owner, reason: problem }, object.lastModified);
  // The avatar is shown only once the malware scan says it is clean.
  const scan = await scanOutcome(deps, key, verdict);
  if (scan.status === STATEMENT_STATUS.scanning) return 'scanning';
  if (scan.status === STATEMENT_STATUS.quarantined) {
    countThreat(deps, scan);
    return refuse(
      deps,
      key,
      { id: TABLE_KEYS.avatarRefusalId, owner: parsed.owner, reason: scan.detail ?? 'it is quarantined' },
      object.lastModified,
    );
  }
  await deps.records.setAvatar(parsed.owner, key, object.lastModified);
  deps.metrics?.count(METRIC_NAMES.statementsCatalogued);
  return 'catalogued';
};

/**
 * A malware scan's verdict on an object: a recorded statement takes its new status (on
 * its record and list copies); anything else is catalogued with the verdict (a statement
 * the catalogue has not seen yet, an avatar waiting for its scan).
 */
export const applyScanVerdict = async (deps: CatalogueDeps, key: string, verdict?: ScanVerdictInput): Promise<Outcome> => {
  const parsed = parseKey(key);
  if (!parsed) return 'ignored';
  if (parsed.kind === 'profileImage') {
    const outcome = await catalogueCreated(deps, key, verdict);
    // Refused already on the tag's word, before this event named the threat: the owner reads its name.
    const scan = verdict && verdictOutcome(verdict.verdict, verdict.threats);
    if (outcome === 'gone' && scan?.status === STATEMENT_STATUS.quarantined && scan.detail) {
      await deps.records.refuseUpload({
        id: TABLE_KEYS.avatarRefusalId,
        owner: parsed.owner,
        reason: scan.detail,
        refusedAt: new Date().toISOString(),
      });
    }
    return outcome;
  }
  // Two tries: the catalogue may write the record between the read and this write.
  for (let attempt = 1; ; attempt++) {
    const statement = await deps.records.getStatement(parsed.owner, parsed.statementId);
    const deleted = statement ? undefined : await deps.records.getDeleted(parsed.owner, parsed.statementId);
    if (deleted) {
      // Deleted while it was scanned: the verdict is kept with it, for a restore.
      const scan = await scanOutcome(deps, key, verdict);
      if (scan.status !== STATEMENT_STATUS.scanning)
        await deps.records.setStatementStatus(parsed.owner, parsed.statementId, scan.status, scan.detail);
      if (scan.status !== deleted.status) countThreat(deps, scan);
      return 'ignored';
    }
    if (statement) {
      const scan = await scanOutcome(deps, key, verdict);
      if (scan.status === statement.status && scan.detail === statement.scanDetail) return 'ignored';
      if (scan.status === STATEMENT_STATUS.scanning) return 'scanning';
      if (!(await deps.records.setStatementStatus(parsed.owner, parsed.statementId, scan.status, scan.detail))) return 'gone';
      countThreat(deps, scan);
      await indexAvailable(deps, { ...statement, status: scan.status });
      await expectNext(deps, { ...statement, status: scan.status });
      await announceVerdict(deps, { ...statement, status: scan.status });
      return 'scanned';
    }
    const outcome = await catalogueCreated(deps, key, verdict);
    if (outcome !== 'ignored' || attempt === 2) return outcome;
  }
};

/** An object that S3 says was removed loses its record, unless a new object took its key since. */
export const catalogueRemoved = async (deps: CatalogueDeps, key: string, at: string): Promise<Outcome> => {
  const parsed = parseKey(key);
  if (!parsed) return 'ignored';
  if (await deps.objects.head(key)) return 'ignored';
  // The files of a closing account go first; the job then removes (and counts) its records.
  if (await deps.closing?.(parsed.owner)) return 'ignored';
  if (parsed.kind === 'profileImage') await deps.records.setAvatar(parsed.owner, undefined, at);
  else {
    await deps.records.deleteStatement(parsed.owner, parsed.statementId);
    // Whether or not the delete route removed the record first, its postings go here.
    await deps.search?.index.remove(parsed.owner, parsed.statementId);
  }
  return 'removed';
};

/** One S3 event record: a created object gets its record, a removed one loses it. */
export const catalogueRecord = async (deps: CatalogueDeps, record: S3EventRecord): Promise<Outcome> => {
  const key = eventKey(record);
  if (!parseKey(key)) {
    deps.log.warn('object outside the key layout', { eventName: record.eventName });
    return 'ignored';
  }
  if (record.eventName.startsWith('ObjectCreated:')) return catalogueCreated(deps, key);
  if (record.eventName.startsWith('ObjectRemoved:')) return catalogueRemoved(deps, key, record.eventTime);
  return 'ignored';
};

/**
 * Records are handled one by one; a failure is rethrown after the rest ran, so Lambda's
 * asynchronous retry repeats the batch (every step is idempotent).
 */
export const createCatalogue =
  (deps: CatalogueDeps) =>
  async (event: S3Event): Promise<void> => {
    const failures: unknown[] = [];
    for (const record of event.Records ?? []) {
      try {
        const outcome = await catalogueRecord(deps, record);
        const parsed = parseKey(eventKey(record));
        deps.log.info('object event', {
          eventName: record.eventName,
          outcome,
          ...(parsed?.kind === 'statement' ? { statementId: parsed.statementId } : {}),
        });
      } catch (error) {
        failures.push(error);
        deps.log.error('object event failed', {
          eventName: record.eventName,
          errorName: error instanceof Error ? error.name : typeof error,
        });
      }
    }
    if (failures.length > 0) throw failures[0];
  };
