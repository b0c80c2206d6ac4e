import {
  ACCOUNT_DELETION,
  NO_DELETIONS,
  ownerPrefixes,
  type AccountDeletion,
  type DeletionCounts,
  type DeletionStep,
} from '../../contract/account';
import type { Log } from '../shared/log';
import type { RecordStore } from '../shared/records';

/** A job as it begins: at its first step, nothing deleted yet. */
export const newDeletionJob = (at: string): AccountDeletion => ({
  state: 'RUNNING',
  step: ACCOUNT_DELETION.steps[0],
  startedAt: at,
  updatedAt: at,
  counts: NO_DELETIONS,
});

/** One stored version of an object, or a delete marker. */
export interface ObjectVersion {
  key: string;
  versionId: string;
  size: number;
}

/** The bucket, as a deletion sees it: every version under a prefix, and the uploads under way. */
export interface VersionedObjects {
  /** Every version and delete marker under `prefix`, a page at a time. */
  listVersions(prefix: string): AsyncIterable<ObjectVersion[]>;
  /** Removes exactly these versions; throws if S3 refuses any of them. */
  deleteVersions(versions: ObjectVersion[]): Promise<void>;
  /** Multipart uploads started under `prefix` and neither completed nor aborted. */
  listMultipartUploads(prefix: string): AsyncIterable<{ key: string; uploadId: string }>;
  abortMultipart(input: { key: string; uploadId: string }): Promise<void>;
}

/** Deletion jobs, one per owner, kept outside the owner's records. */
export interface DeletionJobs {
  get(owner: string): Promise<AccountDeletion | undefined>;
  /** Records a new job; the one already recorded (running or done) if there is one. */
  begin(owner: string, at: string): Promise<AccountDeletion>;
  /** Stores the job's progress: its next step (none: done) and counts. */
  save(owner: string, job: AccountDeletion): Promise<void>;
  /**
   * Owners with work left: a job running that has not moved since `before`, or a job done
   * at or before `doneBefore` whose final pass has not run.
   */
  stalled(before: string, doneBefore: string): Promise<string[]>;
}

/** Every record of an owner that the statement and upload paths do not remove themselves. */
export interface OwnerPartition {
  /** Deletes every item left in the owner's partition; how many there were. */
  deleteOwnerPartition(owner: string): Promise<number>;
  /**
   * The owner's partitions that still hold an item (their records, the copies of their
   * statements in the list of all, their search index, their kept PDF passwords), read by key.
   */
  partitionsHolding(owner: string): Promise<string[]>;
}

/** Whole partitions of the table, emptied. */
export interface Partitions {
  /** Deletes every item of these partitions; how many there were. */
  deletePartitions(partitions: readonly string[]): Promise<number>;
}

/**
 * The shares an owner made. Each lives in partitions of its own, found by its link's hash
 * (the recipient has no other way in), which the owner's scope does not reach: the
 * owner's own item of each share names them.
 */
export interface OwnerShares {
  /** Deletes every share the owner made (live, ended or withdrawn) with all kept under it; how many there were. */
  deleteShares(owner: string): Promise<number>;
}

/** The user directory (Cognito). */
export interface Identities {
  /** Deletes the sign-in whose sub is `owner`; `false` if there was none (already deleted). */
  deleteUser(owner: string): Promise<boolean>;
}

/**
 * The owner's private mail address. Its item is keyed by the address's token (mail is
 * matched to a person by it), which the owner's scope does not reach: the owner's profile
 * names it.
 */
export interface OwnerMail {
  /** Retires the owner's address, if they have one: mail to it is dropped from then on. */
  deleteAddress(owner: string): Promise<void>;
}

/** What one owner's job may reach: that owner's files, records and sign-in. */
export interface OwnerScope {
  objects: VersionedObjects;
  records: Pick<RecordStore, 'ownerRecords' | 'deleteStatement' | 'releaseUpload' | 'beginPurge' | 'finishPurge'> & OwnerPartition;
  shares: OwnerShares;
  mail: OwnerMail;
  identities: Identities;
}

export interface DeletionDeps {
  jobs: DeletionJobs;
  /**
   * The ports a job for `owner` works through, with access to that owner only (on AWS, the
   * job role assumed with a session policy naming the owner).
   */
  scopeFor(owner: string): Promise<OwnerScope>;
  log: Log;
  now?: () => Date;
}

type StepRun = (owner: string, scope: OwnerScope, counts: DeletionCounts) => Promise<void>;

/** What each step does. Each is safe to repeat: it removes what is left, and counts what it removed. */
const STEPS: Record<DeletionStep, StepRun> = {
  async uploads(owner, { objects }, counts) {
    for (const prefix of ownerPrefixes(owner)) {
      for await (const upload of objects.listMultipartUploads(prefix)) {
        await objects.abortMultipart(upload);
        counts.uploadsAborted++;
      }
    }
  },
  async objects(owner, { objects }, counts) {
    for (const prefix of ownerPrefixes(owner)) {
      for await (const page of objects.listVersions(prefix)) {
        if (page.length === 0) continue;
        await objects.deleteVersions(page);
        counts.objectVersions += page.length;
        counts.bytes += page.reduce((sum, version) => sum + version.size, 0);
      }
    }
  },
  async records(owner, { records, shares, mail }, counts) {
    // Shares and the mail address first: the owner's own items (in the owner's partition) say where they are.
    counts.shares += await shares.deleteShares(owner);
    // An index of the address, like the search postings: not one of the records the person is told of.
    await mail.deleteAddress(owner);
    const held = await records.ownerRecords(owner);
    // Each through its own path, so list copies, summaries and the held-places index go with it.
    for (const statement of held.statements) if (await records.deleteStatement(owner, statement.id)) counts.statements++;
    for (const upload of held.uploads) if (await records.releaseUpload(owner, upload.statementId)) counts.otherRecords++;
    // Recently deleted, as a deletion for good ends (the files went in the step before): the
    // record and its entry in the schedule, which is kept outside the owner's partition.
    for (const deleted of held.deleted) {
      if ((await records.beginPurge(owner, deleted.id)) && (await records.finishPurge(owner, deleted.id))) counts.statements++;
    }
    counts.otherRecords += await records.deleteOwnerPartition(owner);
  },
  async identity(owner, { identities }, counts) {
    await identities.deleteUser(owner);
    counts.signInDeleted = true;
  },
};

/** The steps the final pass runs again: whatever landed late, and the records the catalogue made of it. */
const FINAL_PASS: readonly DeletionStep[] = ['uploads', 'objects', 'records'];

/** What is still there of an owner: where, in a few words (a prefix or a partition), for the log. */
const leftOf = async (owner: string, { objects, records }: OwnerScope): Promise<string[]> => {
  const left: string[] = [];
  for (const prefix of ownerPrefixes(owner)) {
    for await (const page of objects.listVersions(prefix)) {
      if (page.length > 0) left.push(`versions under ${prefix}`);
      break;
    }
    for await (const _upload of objects.listMultipartUploads(prefix)) {
      left.push(`an upload under way under ${prefix}`);
      break;
    }
  }
  return [...left, ...(await records.partitionsHolding(owner)).map((partition) => `items of ${partition}`)];
};

/**
 * Runs the final pass's steps again until nothing of the owner is left (a file or a record
 * that landed while the steps ran: mail, an upload signed before the job began), at most
 * ACCOUNT_DELETION.cleanPasses times; throws when something is still there, so the job is
 * not said to be done and runs again (Lambda's retry, the schedule).
 */
const untilNothingLeft = async (owner: string, scope: OwnerScope, counts: DeletionCounts, log: Log): Promise<void> => {
  for (let pass = 1; ; pass++) {
    const left = await leftOf(owner, scope);
    if (left.length === 0) return;
    if (pass > ACCOUNT_DELETION.cleanPasses) throw new Error(`the account deletion left ${left.join(', ')} after ${pass - 1} more passes`);
    log.info('account deletion found more; another pass', { owner, pass, left: left.join(', ') });
    for (const step of FINAL_PASS) await STEPS[step](owner, scope, counts);
  }
};

const finalPassDue = (job: AccountDeletion, now: Date) =>
  job.state === 'DONE' &&
  !job.finalPassAt &&
  now.getTime() - Date.parse(job.finishedAt ?? job.updatedAt) >= ACCOUNT_DELETION.finalPassAfterSeconds * 1000;

/**
 * Runs an owner's deletion from the step its job recorded last to the end, saving after
 * each step; a run that stops midway is picked up by the next (the retry, the sweep, or
 * the local stack's start) at the step it was in. A finished job whose final pass is due
 * runs it: the files and records again, for anything written under the owner since (by an
 * upload URL signed before the job began, or a token issued before the sign-in went).
 * Returns the job as it ends, or `undefined` when the owner has none.
 */
export const runDeletion = async (owner: string, deps: DeletionDeps): Promise<AccountDeletion | undefined> => {
  const clock = () => deps.now?.() ?? new Date();
  let job = await deps.jobs.get(owner);
  if (!job) return undefined;
  if (job.state === 'DONE') {
    if (!finalPassDue(job, clock())) return job;
    const scope = await deps.scopeFor(owner);
    const counts: DeletionCounts = { ...NO_DELETIONS, ...job.counts };
    for (const step of FINAL_PASS) await STEPS[step](owner, scope, counts);
    await untilNothingLeft(owner, scope, counts, deps.log);
    const at = clock().toISOString();
    job = { ...job, updatedAt: at, finalPassAt: at, counts };
    await deps.jobs.save(owner, job);
    deps.log.info('account deletion final pass', { owner, ...counts });
    return job;
  }
  const steps = ACCOUNT_DELETION.steps;
  const scope = await deps.scopeFor(owner);
  for (let index = steps.indexOf(job.step ?? steps[0]); index < steps.length; index++) {
    const step = steps[index];
    const counts: DeletionCounts = { ...NO_DELETIONS, ...job.counts };
    deps.log.info('account deletion step', { owner, step });
    await STEPS[step](owner, scope, counts);
    const next = steps[index + 1];
    // Done only once nothing of the owner is left.
    if (!next) await untilNothingLeft(owner, scope, counts, deps.log);
    const at = clock().toISOString();
    job = next
      ? { ...job, step: next, updatedAt: at, counts }
      : { state: 'DONE', startedAt: job.startedAt, updatedAt: at, finishedAt: at, counts };
    await deps.jobs.save(owner, job);
  }
  deps.log.info('account deleted', { owner, ...job.counts });
  return job;
};

/**
 * Starts again every job that has not moved for `staleAfterSeconds` (the worker's schedule;
 * the local stack at start, with 0, as nothing can be running a job before it starts), and
 * runs every final pass that is due.
 */
export const resumeStalledDeletions = async (
  deps: DeletionDeps,
  staleAfterSeconds: number = ACCOUNT_DELETION.staleAfterSeconds,
): Promise<number> => {
  const now = deps.now?.() ?? new Date();
  const owners = await deps.jobs.stalled(
    new Date(now.getTime() - staleAfterSeconds * 1000).toISOString(),
    new Date(now.getTime() - ACCOUNT_DELETION.finalPassAfterSeconds * 1000).toISOString(),
  );
  for (const owner of owners) await runDeletion(owner, deps);
  return owners.length;
};
