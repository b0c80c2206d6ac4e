import { PROFILE_IMAGE_PREFIX, STATEMENT_PREFIX, parseKey, profileImageKey, statementKey } from '../../contract/keys';
import { STATEMENT_STATUS } from '../../contract/entities';
import { SCAN_WAIT } from '../../contract/scanning';
import { METRIC_NAMES } from '../shared/metrics';
import type { OwnerRecords } from '../shared/records';
import { applyScanVerdict, catalogueCreated, catalogueRemoved, type CatalogueDeps, type Outcome } from './core';
import { identifierTermsFor, indexAvailable, rereadAvailable } from '../shared/search/indexing';
import { READING_EDITION, readingEditionOf } from '../../contract/reading/edition';
import { summaryCorrections } from './summaries';
import { purgeStatement, type PurgeDeps } from '../shared/trash/purge';
import type { PdfPasswords } from '../shared/records/pdf-passwords';

/** Asks the malware scan for another scan of an object (GuardDuty's SendObjectMalwareScan; locally the stack's scanner). */
export interface MalwareScanRequests {
  request(key: string): Promise<void>;
}

/**
 * The catalogue's parts, every version of a file (for deleting for good what Recently
 * deleted held for its time), where a file with no verdict is scanned again, and the kept
 * PDF passwords (moved out of the summaries an earlier release kept them on).
 */
export type SweepDeps = CatalogueDeps & {
  versions: PurgeDeps['versions'];
  /** Where a file with no verdict is sent to be scanned again. @default none asked (it is still counted overdue) */
  scans?: MalwareScanRequests;
  /** Seconds with no verdict after which a file is scanned again. @default SCAN_WAIT.rescanAfterMinutes.aws */
  rescanAfterSeconds?: number;
  /** @default the system clock */
  clock?: () => Date;
  /** @default none tidied */
  pdfPasswords?: Pick<PdfPasswords, 'tidy'>;
};

export interface SweepReport {
  /** Owners with at least one object, each compared with their records. */
  owners: number;
  objects: number;
  catalogued: number;
  refused: number;
  recordsWithoutFile: number;
  /** Records of an earlier release given their list copies and summaries. */
  listed: number;
  /** Records of an earlier release given their ordered list copies. */
  ordered: number;
  /** Owners whose lists now read in statement order (every record has its ordered copies). */
  ownersOrdered: number;
  /** Records of an earlier release (kept or in Recently deleted) given the key of the account their label files them under. */
  accountKeyed: number;
  /** Account, period or quota summaries set back to what the records say. */
  summariesCorrected: number;
  /** Places under the quota given back: their upload expired without a file. */
  uploadsReleased: number;
  /** Statements still SCANNING whose verdict was already on the object (its event was missed). */
  scansApplied: number;
  /** Files (statements, avatars) with no verdict past SCAN_WAIT.rescanAfterMinutes, sent to be scanned again. */
  rescansRequested: number;
  /** Files with no verdict past SCAN_WAIT.overdueAfterMinutes (metric ScansOverdue, alarmed on). */
  scansOverdue: number;
  /**
   * Available statements whose search postings were missing or out of date, written again,
   * or whose days and balances had not been read (statements of an earlier release): their
   * file is read again for both.
   */
  indexed: number;
  /**
   * Statements an earlier edition of the reading read (contract/reading/edition), read again
   * with this one: their words indexed, their days and money read anew, what their owner
   * entered kept.
   */
  reread: number;
  /**
   * Statements whose indexing failed (logged by error name); the owner's other statements
   * and steps, and the owners after it, were still swept. Each failure counts one of its
   * file's tries (CONTENT_READ_ATTEMPTS), so a later run indexes it by its filing alone.
   */
  indexFailures: number;
  /**
   * Statements (kept or in Recently deleted) whose search postings an earlier release wrote
   * with an account number in clear, rewritten hashed and masked (each one's postings logged).
   */
  identifiersHidden: number;
  /** Statements deleted for good: their 30 days in Recently deleted were over (or their file was gone). */
  purged: number;
  /** Kept PDF passwords moved off account summaries (an earlier release's place) into the passwords partition. */
  pdfPasswordsMoved: number;
  /** Kept PDF passwords deleted: their account no longer keeps one (forgotten, or its last statement left). */
  pdfPasswordsForgotten: number;
  /** Owners whose comparison failed (logged by error name); the rest were still swept. */
  failures: number;
}

/**
 * How many statements one run indexes at most (each is a read of its file): the first run
 * after search arrives indexes older vaults over a few hours instead of in one long run.
 */
export const SWEEP_INDEXES_PER_RUN = 200;

/**
 * How long one run goes on indexing, in milliseconds, before it leaves the rest to the next:
 * a scan read by OCR takes up to OCR_BUDGET_MS (contract/reading/deadline.ts) on top of the
 * text's budget, so 200 of them would outlast the function's 15 minutes. Ten minutes leave
 * time for the file being read when it is spent, and for the rest of the run.
 */
export const SWEEP_INDEXING_MS = 10 * 60_000;

/**
 * How many statements' postings one run looks through for account numbers an earlier
 * release kept in clear (each a read of its terms, and of its postings where it has any):
 * older vaults are rewritten over a few runs, once each (their records are marked).
 */
export const SWEEP_HIDINGS_PER_RUN = 1000;

/** What the bucket holds for one owner, from the listings (which S3 returns in key order). */
interface OwnerObjects {
  owner: string;
  statementIds: string[];
  hasAvatar: boolean;
}

/** Consecutive keys of one owner, grouped; keys outside the layout are skipped. */
async function* ownersIn(keys: AsyncIterable<string>, seen: { objects: number }): AsyncGenerator<OwnerObjects> {
  let current: OwnerObjects | undefined;
  for await (const key of keys) {
    seen.objects++;
    const parsed = parseKey(key);
    if (!parsed) continue;
    if (current && current.owner !== parsed.owner) {
      yield current;
      current = undefined;
    }
    current ??= { owner: parsed.owner, statementIds: [], hasAvatar: false };
    if (parsed.kind === 'statement') current.statementIds.push(parsed.statementId);
    else current.hasAvatar = true;
  }
  if (current) yield current;
}

/** Both listings merged into one stream of owners, in owner order. */
async function* mergeOwners(a: AsyncGenerator<OwnerObjects>, b: AsyncGenerator<OwnerObjects>): AsyncGenerator<OwnerObjects> {
  let left = await a.next();
  let right = await b.next();
  while (!left.done || !right.done) {
    if (right.done || (!left.done && left.value.owner < right.value.owner)) {
      yield left.value;
      left = await a.next();
    } else if (left.done || right.value.owner < left.value.owner) {
      yield right.value;
      right = await b.next();
    } else {
      yield {
        owner: left.value.owner,
        statementIds: [...left.value.statementIds, ...right.value.statementIds],
        hasAvatar: left.value.hasAvatar || right.value.hasAvatar,
      };
      [left, right] = await Promise.all([a.next(), b.next()]);
    }
  }
}

/**
 * Lists what an earlier release recorded (copies and summaries, once each), then sets
 * any summary that drifted back to what the records say. The read takes the summaries
 * before the records (sort order), and a correction applies only to an item that still
 * holds what was read, so a concurrent upload or delete is never undone.
 */
const reconcileSummaries = async (deps: CatalogueDeps, owner: string, read: OwnerRecords, report: SweepReport): Promise<void> => {
  let records = read;
  const unlisted = records.statements.filter((statement) => !statement.listed);
  for (const { listed: _listed, ordered: _ordered, indexed: _indexed, ...statement } of unlisted) {
    if (await deps.records.listStatement(statement)) report.listed++;
  }
  const unordered = records.statements.filter((statement) => statement.listed && !statement.ordered);
  for (const { listed: _listed, ordered: _ordered, indexed: _indexed, ...statement } of unordered) {
    if (await deps.records.orderStatement(statement)) report.ordered++;
  }
  if (unlisted.length + unordered.length > 0) records = await deps.records.ownerRecords(owner);
  await orderLists(deps, owner, records, report);
  await keyAccounts(deps, records, report);
  const corrections = summaryCorrections(records);
  if (corrections.length > 0) report.summariesCorrected += await deps.records.correctSummaries(owner, corrections);
};

/**
 * Gives each record of an earlier release the key of the account its label files it under
 * (kept ones with their list copies, read after this run's listing and ordering), so what
 * follows a statement's account reads the key it names rather than its label.
 */
const keyAccounts = async (deps: CatalogueDeps, records: OwnerRecords, report: SweepReport): Promise<void> => {
  for (const { listed, ordered, indexed: _indexed, ...statement } of records.statements) {
    if (statement.accountKey !== undefined || !listed || !ordered) continue;
    if (await deps.records.keyStatement(statement)) report.accountKeyed++;
  }
  for (const { purging, ...deleted } of records.deleted) {
    if (deleted.accountKey !== undefined || purging) continue;
    if (await deps.records.keyDeleted(deleted)) report.accountKeyed++;
  }
};

/**
 * Turns the owner's lists to statement order once every record has its ordered copies
 * (read after this run's own listing and ordering). Writes keep both kinds of copies, so
 * a record that lands after the read is in both lists either way.
 */
const orderLists = async (deps: CatalogueDeps, owner: string, records: OwnerRecords, report: SweepReport): Promise<void> => {
  if (records.listsOrdered) return;
  if (records.statements.some((statement) => !statement.listed || !statement.ordered)) return;
  await deps.records.orderOwner(owner);
  report.ownersOrdered++;
};

/**
 * Reconciles the table with the bucket when an S3 event was lost (a crash between the
 * upload and the catalogue, an exhausted retry). It walks the bucket's listings owner by
 * owner and reads each owner's partition with one Query, so its cost follows the data
 * and never scans the table. Only differences are acted on, each by the catalogue's own
 * step (which reads the object again first, so a concurrent upload or delete is never
 * undone): a file without a record gets one (or is removed if it breaks the contract); a
 * record whose file is gone is deleted; a statement still scanning takes the verdict its
 * object is tagged with, and one with no verdict long after its upload is sent to be
 * scanned again (SCAN_WAIT); the profile's avatar follows the bucket; records of
 * an earlier release get their list copies (ordered ones too, and then the owner's lists
 * read in statement order); summaries follow the records. When nothing
 * differs it writes nothing, so running it twice changes nothing.
 *
 * An owner with records but no object left at all is not visited; the delete route and
 * the ObjectRemoved event each remove such records, so only both failing leaves one.
 */
export const createSweep = (deps: SweepDeps) => async (): Promise<SweepReport> => {
  const report: SweepReport = {
    owners: 0,
    objects: 0,
    catalogued: 0,
    refused: 0,
    recordsWithoutFile: 0,
    listed: 0,
    ordered: 0,
    ownersOrdered: 0,
    accountKeyed: 0,
    summariesCorrected: 0,
    uploadsReleased: 0,
    scansApplied: 0,
    rescansRequested: 0,
    scansOverdue: 0,
    indexed: 0,
    reread: 0,
    indexFailures: 0,
    identifiersHidden: 0,
    purged: 0,
    pdfPasswordsMoved: 0,
    pdfPasswordsForgotten: 0,
    failures: 0,
  };
  let hidingsLooked = 0;
  const count = (outcome: Outcome) => {
    if (outcome === 'catalogued') report.catalogued++;
    if (outcome === 'refused') report.refused++;
    if (outcome === 'removed') report.recordsWithoutFile++;
  };
  const clock = deps.clock ?? (() => new Date());
  const now = () => clock().toISOString();
  const started = clock().getTime();
  const rescanAfterMs = (deps.rescanAfterSeconds ?? SCAN_WAIT.rescanAfterMinutes.aws * 60) * 1000;
  const overdueAfterMs = SCAN_WAIT.overdueAfterMinutes * 60_000;
  // A file with no verdict long after it arrived: its scan was lost (a crash, a lost verdict
  // event, a scan that never reported). Nothing else would ever scan it, so it is sent to be
  // scanned again at every run until its verdict comes, and counted overdue after an hour.
  const awaitVerdict = async (owner: string, key: string, since: string) => {
    const waited = clock().getTime() - Date.parse(since);
    if (waited < Math.min(rescanAfterMs, overdueAfterMs)) return;
    // Its verdict may have come since the record was read.
    if ((await deps.objects.scanVerdict(key)) !== undefined) return;
    if (deps.scans && waited >= rescanAfterMs) {
      // A request refused (the plan not covering the bucket, throttling) is logged and tried
      // again at the next run; the file is still counted overdue below, which the alarm sees.
      try {
        await deps.scans.request(key);
        report.rescansRequested++;
      } catch (error) {
        deps.log.warn('malware scan request failed', { owner, key, error: (error as Error).name });
      }
    }
    if (waited >= overdueAfterMs) {
      report.scansOverdue++;
      deps.log.warn('malware verdict overdue', { owner, key, since });
    }
  };
  const purgeDeps = { records: deps.records, versions: deps.versions, search: deps.search?.index };

  // Places held by uploads that expired: a file that did arrive is recorded (its record
  // takes the place over); otherwise the place is given back.
  for (const { owner, statementId } of await deps.records.expiredUploads(now())) {
    try {
      const outcome = await catalogueCreated(deps, statementKey(owner, statementId));
      count(outcome);
      if (outcome === 'gone' && (await deps.records.releaseUpload(owner, statementId))) report.uploadsReleased++;
    } catch (error) {
      report.failures++;
      deps.log.error('release of an expired upload failed', { owner, errorName: error instanceof Error ? error.name : typeof error });
    }
  }

  // Recently deleted whose time is up goes for good; an entry whose statement was restored,
  // deleted for good already, or closed with its account just goes.
  for (const entry of await deps.records.duePurges(now())) {
    try {
      if (await purgeStatement(purgeDeps, entry.owner, entry.statementId)) report.purged++;
      else await deps.records.dropPurgeEntry(entry);
    } catch (error) {
      report.failures++;
      deps.log.error('deletion for good failed', { owner: entry.owner, errorName: error instanceof Error ? error.name : typeof error });
    }
  }

  const owners = mergeOwners(
    ownersIn(deps.objects.list(STATEMENT_PREFIX), report),
    ownersIn(deps.objects.list(PROFILE_IMAGE_PREFIX), report),
  );
  for await (const { owner, statementIds, hasAvatar } of owners) {
    report.owners++;
    try {
      const records = await deps.records.ownerRecords(owner);
      // A file in Recently deleted is recorded there.
      const recorded = new Set([...records.statementIds, ...records.deleted.map((deleted) => deleted.id)]);
      const stored = new Set(statementIds);
      const missing = statementIds.filter((id) => !recorded.has(id));
      const orphaned = records.statementIds.filter((id) => !stored.has(id));
      for (const id of missing) count(await catalogueCreated(deps, statementKey(owner, id)));
      for (const id of orphaned) count(await catalogueRemoved(deps, statementKey(owner, id), now()));
      // A deletion for good that stopped midway (begun, or the file already gone) is finished.
      const unfinished = records.deleted.filter((deleted) => deleted.purging || !stored.has(deleted.id));
      for (const deleted of unfinished) if (await purgeStatement(purgeDeps, owner, deleted.id)) report.purged++;
      // A verdict whose event was missed is read from the object's tag; a file with none is waited on.
      for (const statement of records.statements) {
        if (statement.status !== STATEMENT_STATUS.scanning || !stored.has(statement.id)) continue;
        const key = statementKey(owner, statement.id);
        if ((await applyScanVerdict(deps, key)) === 'scanned') report.scansApplied++;
        else await awaitVerdict(owner, key, statement.uploadedAt);
      }
      // Postings an edit or a crash left behind its record, vaults from before search, and
      // statements from before their days and balances were read (read with their content).
      const indexedNow = new Set<string>();
      // And statements an earlier edition of the reading read, read again with this one.
      for (const { listed: _listed, ordered: _ordered, indexed, ...statement } of records.statements) {
        if (!deps.search || statement.status !== STATEMENT_STATUS.available || !stored.has(statement.id)) continue;
        const unread = !indexed || !statement.balances;
        if (!unread && readingEditionOf(statement.balances) >= READING_EDITION) continue;
        if (report.indexed + report.reread + report.indexFailures >= SWEEP_INDEXES_PER_RUN) break;
        if (clock().getTime() - started >= SWEEP_INDEXING_MS) break;
        try {
          indexedNow.add(statement.id);
          if (unread) {
            await indexAvailable(deps, statement);
            report.indexed++;
          } else if (await rereadAvailable(deps, statement)) report.reread++;
        } catch (error) {
          report.indexFailures++;
          deps.log.error('indexing of a statement failed', {
            owner,
            statementId: statement.id,
            errorName: error instanceof Error ? error.name : typeof error,
          });
        }
      }
      // Account numbers an earlier release kept in clear in the postings (a reading just written keeps none).
      const toHide = [
        ...records.statements.map((statement) => ({ id: statement.id, place: 'kept' as const })),
        ...records.deleted.map((deleted) => ({ id: deleted.id, place: 'deleted' as const })),
      ].filter(({ id }) => !records.identifiersHidden?.has(id) && !indexedNow.has(id));
      if (deps.search && toHide.length > 0 && !(await deps.closing?.(owner))) {
        for (const { id, place } of toHide) {
          if (hidingsLooked >= SWEEP_HIDINGS_PER_RUN) break;
          hidingsLooked++;
          try {
            const postings = await deps.search.index.hideIdentifiers(owner, id, place, identifierTermsFor(deps.search, owner));
            if (postings === 0) continue;
            report.identifiersHidden++;
            deps.log.info('account numbers hidden in the search postings of a statement', { statementId: id, postings });
          } catch (error) {
            report.indexFailures++;
            deps.log.error('hiding the account numbers of a statement failed', {
              owner,
              statementId: id,
              errorName: error instanceof Error ? error.name : typeof error,
            });
          }
        }
        // A deletion that began meanwhile may have emptied the index before these writes: take them back.
        if (await deps.closing?.(owner)) for (const { id } of toHide) await deps.search.index.remove(owner, id);
      }
      const avatar = profileImageKey(owner);
      if (hasAvatar && records.avatarKey !== avatar && (await catalogueCreated(deps, avatar)) === 'scanning') {
        const object = await deps.objects.head(avatar);
        if (object) await awaitVerdict(owner, avatar, object.lastModified);
      }
      if (!hasAvatar && records.avatarKey !== undefined) await catalogueRemoved(deps, avatar, now());
      // The summaries are judged on a fresh read only when this run changed the records.
      const changed = missing.length + orphaned.length + unfinished.length > 0;
      await reconcileSummaries(deps, owner, changed ? await deps.records.ownerRecords(owner) : records, report);
      if (deps.pdfPasswords) {
        const tidied = await deps.pdfPasswords.tidy(owner);
        report.pdfPasswordsMoved += tidied.moved;
        report.pdfPasswordsForgotten += tidied.forgotten;
      }
    } catch (error) {
      report.failures++;
      deps.log.error('sweep of an owner failed', { owner, errorName: error instanceof Error ? error.name : typeof error });
    }
  }
  if (report.scansOverdue > 0) deps.metrics?.count(METRIC_NAMES.scansOverdue, report.scansOverdue);
  deps.log.info('sweep done', { ...report });
  // A failed owner or indexing makes the run fail (so it is retried and alarmed on) after the rest were swept.
  if (report.failures > 0 || report.indexFailures > 0)
    throw new Error(`the sweep failed for ${report.failures} owner(s) and ${report.indexFailures} statement(s) to index`);
  return report;
};
