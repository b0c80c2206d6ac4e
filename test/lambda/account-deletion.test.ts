import {
  ACCOUNT_DELETION,
  STATEMENT_STATUS,
  TABLE_KEYS,
  arrivedKey,
  profileImageKey,
  sharedCopyPrefix,
  statementKey,
  type Statement,
} from '../../contract';
import {
  resumeStalledDeletions,
  runDeletion,
  type DeletionDeps,
  type OwnerScope,
  type ObjectVersion,
  type VersionedObjects,
} from '../../lambda/account/deletion';
import { SHARES_PER_SESSION, ownerShareDeletion } from '../../lambda/account/shares';
import { ALICE, BOB, capturingLog, memoryJobs, memoryRecords } from '../support/lambda-fakes';

/** A versioned bucket: every key keeps its versions (delete markers are versions of size 0). */
const versionedBucket = () => {
  const versions: ObjectVersion[] = [];
  const uploads: { key: string; uploadId: string }[] = [];
  let failNextDelete = false;
  const objects: VersionedObjects = {
    async *listVersions(prefix) {
      const matching = versions.filter((version) => version.key.startsWith(prefix));
      // Pages of two, as S3 pages its listings.
      for (let index = 0; index < matching.length; index += 2) yield matching.slice(index, index + 2);
    },
    async deleteVersions(page) {
      if (failNextDelete) {
        failNextDelete = false;
        throw new Error('the process died');
      }
      for (const gone of page) {
        const index = versions.findIndex((version) => version.key === gone.key && version.versionId === gone.versionId);
        if (index >= 0) versions.splice(index, 1);
      }
    },
    async *listMultipartUploads(prefix) {
      yield* uploads.filter((upload) => upload.key.startsWith(prefix));
    },
    async abortMultipart({ uploadId }) {
      uploads.splice(
        uploads.findIndex((upload) => upload.uploadId === uploadId),
        1,
      );
    },
  };
  return { objects, versions, uploads, crashOnNextDelete: () => (failNextDelete = true) };
};

const statement = (owner: string, id: string, size: number): Statement => ({
  owner,
  id,
  key: statementKey(owner, id),
  fileName: `${id}.pdf`,
  contentType: 'application/pdf',
  size,
  accountLabel: 'Checking',
  period: '2024-01',
  uploadedAt: '2024-02-01T00:00:00.000Z',
  status: STATEMENT_STATUS.available,
});

/**
 * The shares' partitions of a table: each share's own and its link's rate counts, found by
 * the link's hash; the owner's own items name the hashes. A session may empty only the
 * partitions of the shares it was made for.
 */
const sharePartitions = () => {
  const partitions = new Map<string, number>();
  const copies = new Map<string, number>();
  const sharesOf = new Map<string, { shareId: string; secretHash: string }[]>();
  const sessions: string[][] = [];
  const add = (owner: string, count: number) => {
    for (let index = 0; index < count; index++) {
      const share = {
        shareId: `01JS${owner.slice(0, 4).toUpperCase()}${String(index).padStart(18, '0')}`,
        secretHash: `${owner.slice(0, 8)}${String(index).padStart(56, '0')}`,
      };
      sharesOf.set(owner, [...(sharesOf.get(owner) ?? []), share]);
      // The share with two openings, its link's counts of two minutes, and a copy of one file in two versions.
      for (const partition of TABLE_KEYS.sharePartitions(share.secretHash)) partitions.set(partition, 3);
      copies.set(`${sharedCopyPrefix(share.shareId)}01HAAAAAAAAAAAAAAAAAAAAAAA/file`, 2);
    }
  };
  const refused = (name: string) => Object.assign(new Error(`not allowed: ${name}`), { name: 'AccessDeniedException' });
  const shares = ownerShareDeletion({
    shares: async (owner) => sharesOf.get(owner) ?? [],
    async sessionFor(batch) {
      sessions.push(batch.map((share) => share.shareId));
      const allowed = batch.flatMap((share) => TABLE_KEYS.sharePartitions(share.secretHash));
      const prefixes = batch.map((share) => sharedCopyPrefix(share.shareId));
      return {
        partitions: {
          async deletePartitions(names) {
            let deleted = 0;
            for (const name of names) {
              if (!allowed.includes(name)) throw refused(name);
              deleted += partitions.get(name) ?? 0;
              partitions.delete(name);
            }
            return deleted;
          },
        },
        objects: {
          async *listVersions(prefix) {
            if (!prefixes.includes(prefix)) throw refused(prefix);
            yield [...copies]
              .filter(([key]) => key.startsWith(prefix))
              .flatMap(([key, count]) => Array.from({ length: count }, (_, n) => ({ key, versionId: `v${n}`, size: 10 })));
          },
          async deleteVersions(versions) {
            for (const { key } of versions) {
              if (!prefixes.some((prefix) => key.startsWith(prefix))) throw refused(key);
              copies.delete(key);
            }
          },
        },
      };
    },
  });
  const remaining = (owner: string) => [
    ...(sharesOf.get(owner) ?? []).flatMap((share) => TABLE_KEYS.sharePartitions(share.secretHash)).filter((name) => partitions.has(name)),
    ...(sharesOf.get(owner) ?? []).flatMap((share) => [...copies.keys()].filter((key) => key.startsWith(sharedCopyPrefix(share.shareId)))),
  ];
  return { shares, add, sessions, remaining, sharesOf };
};

const world = () => {
  const bucket = versionedBucket();
  const shared = sharePartitions();
  shared.add(ALICE, 2);
  shared.add(BOB, 1);
  const records = memoryRecords();
  const jobs = memoryJobs();
  const deletedUsers: string[] = [];
  const otherItems = new Map<string, number>([
    [ALICE, 3],
    [BOB, 2],
  ]);
  for (const owner of [ALICE, BOB]) {
    const first = statement(owner, '01HAAAAAAAAAAAAAAAAAAAAAAA', 100);
    const second = statement(owner, '01HBBBBBBBBBBBBBBBBBBBBBBB', 250);
    records.statements.set(`${owner}/${first.id}`, first);
    records.statements.set(`${owner}/${second.id}`, second);
    records.uploads.set(`${owner}/01HCCCCCCCCCCCCCCCCCCCCCCC`, {
      owner,
      statementId: '01HCCCCCCCCCCCCCCCCCCCCCCC',
      size: 70 * 1024 * 1024,
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    records.avatars.set(owner, profileImageKey(owner));
    // A third, in Recently deleted.
    const deleted = statement(owner, '01HDDDDDDDDDDDDDDDDDDDDDDD', 60);
    records.deleted.set(`${owner}/${deleted.id}`, {
      ...deleted,
      deletedAt: '2026-11-20T10:00:00.000Z',
      purgeAt: '2026-12-20T10:00:00.000Z',
      purging: false,
    });
    bucket.versions.push({ key: deleted.key, versionId: 'v1', size: 60 });
    // Two versions of one statement, a delete marker, the other statement, and the avatar.
    bucket.versions.push(
      { key: first.key, versionId: 'v1', size: 90 },
      { key: first.key, versionId: 'v2', size: 100 },
      { key: second.key, versionId: 'marker', size: 0 },
      { key: second.key, versionId: 'v1', size: 250 },
      { key: profileImageKey(owner), versionId: 'v1', size: 40 },
    );
    bucket.uploads.push({ key: statementKey(owner, '01HCCCCCCCCCCCCCCCCCCCCCCC'), uploadId: `upload-${owner}` });
  }
  let clock = new Date('2026-11-24T10:00:00.000Z');
  // The scope each job asked for: the owner whose files, records and sign-in it reached.
  const scopedTo: string[] = [];
  // Whose mail addresses the jobs retired.
  const retiredAddresses: string[] = [];
  const scope: OwnerScope = {
    objects: bucket.objects,
    records: {
      ownerRecords: records.ownerRecords,
      deleteStatement: records.deleteStatement,
      releaseUpload: records.releaseUpload,
      beginPurge: records.beginPurge,
      finishPurge: records.finishPurge,
      async deleteOwnerPartition(owner) {
        records.avatars.delete(owner);
        // The owner's own items of their shares are in their partition.
        shared.sharesOf.delete(owner);
        const count = otherItems.get(owner) ?? 0;
        otherItems.delete(owner);
        return count;
      },
      async partitionsHolding(owner) {
        const held = await records.ownerRecords(owner);
        const items = held.statements.length + held.uploads.length + held.deleted.length + (otherItems.get(owner) ?? 0);
        return items > 0 || records.avatars.has(owner) ? [TABLE_KEYS.userPartition(owner)] : [];
      },
    },
    shares: shared.shares,
    mail: {
      async deleteAddress(owner) {
        retiredAddresses.push(owner);
      },
    },
    identities: {
      async deleteUser(owner) {
        if (deletedUsers.includes(owner)) return false;
        deletedUsers.push(owner);
        return true;
      },
    },
  };
  const deps: DeletionDeps = {
    jobs: jobs.store,
    async scopeFor(owner) {
      scopedTo.push(owner);
      return scope;
    },
    log: capturingLog(),
    now: () => clock,
  };
  const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
  return { bucket, records, jobs, deletedUsers, otherItems, deps, advance, scopedTo, shared, retiredAddresses };
};

const owned = (owner: string, keys: Iterable<string>) => [...keys].filter((key) => key.includes(owner));

describe('an account deletion', () => {
  test('removes every version, upload under way and record of the owner, then the sign-in, and says what it removed', async () => {
    const { bucket, records, jobs, deletedUsers, otherItems, deps, scopedTo, shared, retiredAddresses } = world();
    await jobs.store.begin(ALICE, '2026-11-24T10:00:00.000Z');
    const bobsShares = shared.remaining(BOB);

    const done = await runDeletion(ALICE, deps);
    // The job worked with access scoped to its own owner, asked for once.
    expect(scopedTo).toEqual([ALICE]);
    // Her private mail address was retired (once for the steps, once more in the final pass is harmless), nobody else's.
    expect(new Set(retiredAddresses)).toEqual(new Set([ALICE]));

    expect(done).toEqual({
      state: 'DONE',
      startedAt: '2026-11-24T10:00:00.000Z',
      updatedAt: '2026-11-24T10:00:00.000Z',
      finishedAt: '2026-11-24T10:00:00.000Z',
      counts: { uploadsAborted: 1, objectVersions: 6, bytes: 540, statements: 3, shares: 2, otherRecords: 4, signInDeleted: true },
    });
    // Both shares, their partitions and their copies, through one session naming them only.
    expect(shared.remaining(ALICE)).toEqual([]);
    expect(shared.sessions).toEqual([[expect.stringMatching(/^01JS1111/), expect.stringMatching(/^01JS1111/)]]);
    expect(bucket.versions.filter((version) => version.key.includes(ALICE))).toEqual([]);
    expect(bucket.uploads.filter((upload) => upload.key.includes(ALICE))).toEqual([]);
    expect(owned(ALICE, records.statements.keys())).toEqual([]);
    expect(owned(ALICE, records.deleted.keys())).toEqual([]);
    expect(owned(ALICE, records.uploads.keys())).toEqual([]);
    expect(records.avatars.has(ALICE)).toBe(false);
    expect(deletedUsers).toEqual([ALICE]);
    expect(jobs.jobs.get(ALICE)).toEqual(done);

    // Nothing of another owner is touched.
    expect(bucket.versions.filter((version) => version.key.includes(BOB))).toHaveLength(6);
    expect(owned(BOB, records.deleted.keys())).toHaveLength(1);
    expect(bucket.uploads.filter((upload) => upload.key.includes(BOB))).toHaveLength(1);
    expect(owned(BOB, records.statements.keys())).toHaveLength(2);
    expect(owned(BOB, records.uploads.keys())).toHaveLength(1);
    expect(otherItems.get(BOB)).toBe(2);
    expect(records.avatars.has(BOB)).toBe(true);
    expect(shared.remaining(BOB)).toEqual(bobsShares);
    // The share's two partitions and its copy.
    expect(bobsShares).toHaveLength(3);
  });

  test("every share goes, however many, each batch through a session that names only that batch's partitions", async () => {
    const { jobs, deps, shared } = world();
    shared.add(ALICE, 2 * SHARES_PER_SESSION + 1);
    await jobs.store.begin(ALICE, '2026-11-24T10:00:00.000Z');

    const done = await runDeletion(ALICE, deps);
    expect(done?.counts.shares).toBe(2 * SHARES_PER_SESSION + 3);
    expect(shared.remaining(ALICE)).toEqual([]);
    expect(shared.sessions.map((batch) => batch.length)).toEqual([SHARES_PER_SESSION, SHARES_PER_SESSION, 3]);
    expect(shared.remaining(BOB)).toHaveLength(3);
  });

  test('a run that dies midway is resumed at the step it was in, by the sweep once stalled, and finishes', async () => {
    const { bucket, records, jobs, deletedUsers, deps, advance } = world();
    await jobs.store.begin(ALICE, '2026-11-24T10:00:00.000Z');
    bucket.crashOnNextDelete();

    await expect(runDeletion(ALICE, deps)).rejects.toThrow('the process died');
    expect(jobs.jobs.get(ALICE)).toMatchObject({ state: 'RUNNING', step: 'objects', counts: { uploadsAborted: 1 } });

    // Not stalled yet: a job that moved recently may still be running elsewhere.
    advance(ACCOUNT_DELETION.staleAfterSeconds - 1);
    expect(await resumeStalledDeletions(deps)).toBe(0);
    advance(2);
    expect(await resumeStalledDeletions(deps)).toBe(1);

    expect(jobs.jobs.get(ALICE)).toMatchObject({ state: 'DONE', counts: { objectVersions: 6, statements: 3, signInDeleted: true } });
    expect(bucket.versions.filter((version) => version.key.includes(ALICE))).toEqual([]);
    expect(owned(ALICE, records.statements.keys())).toEqual([]);
    expect(deletedUsers).toEqual([ALICE]);
  });

  test('what is written under the owner after the deletion (a late file, a profile by a live token) goes in the final pass, once nothing more can come', async () => {
    const { bucket, records, jobs, deps, advance, otherItems } = world();
    await jobs.store.begin(ALICE, '2026-11-24T10:00:00.000Z');
    const done = (await runDeletion(ALICE, deps))!;
    expect(done.state).toBe('DONE');
    // A PUT signed before the deletion began arrives, and the catalogue records it.
    const late = statement(ALICE, '01HDDDDDDDDDDDDDDDDDDDDDDD', 30);
    bucket.versions.push({ key: late.key, versionId: 'v1', size: 30 });
    records.statements.set(`${ALICE}/${late.id}`, late);
    // An ID token issued before the sign-in went writes a profile item through AppSync.
    otherItems.set(ALICE, 1);

    // Not yet: an upload URL signed just before the job began may still deliver.
    advance(ACCOUNT_DELETION.finalPassAfterSeconds - 10);
    expect(await resumeStalledDeletions(deps)).toBe(0);
    advance(10);
    expect(await resumeStalledDeletions(deps)).toBe(1);
    expect(bucket.versions.filter((version) => version.key.includes(ALICE))).toEqual([]);
    expect(owned(ALICE, records.statements.keys())).toEqual([]);
    expect(jobs.jobs.get(ALICE)).toMatchObject({
      state: 'DONE',
      finishedAt: done.finishedAt,
      finalPassAt: expect.any(String),
      counts: {
        objectVersions: done.counts.objectVersions + 1,
        statements: done.counts.statements + 1,
        otherRecords: done.counts.otherRecords + 1,
        signInDeleted: true,
      },
    });
    // Once only.
    advance(ACCOUNT_DELETION.finalPassAfterSeconds);
    expect(await resumeStalledDeletions(deps)).toBe(0);
    expect(bucket.versions.filter((version) => version.key.includes(BOB))).toHaveLength(6);
    expect(owned(BOB, records.deleted.keys())).toHaveLength(1);
  });

  test('what lands while it runs (a mailed file after its files went) is found before it says DONE, and goes in another pass', async () => {
    const { bucket, jobs, deps } = world();
    const log = capturingLog();
    deps.log = log;
    await jobs.store.begin(ALICE, '2026-11-24T10:00:00.000Z');
    // The mail function stores a waiting file while the records go.
    const scope = await deps.scopeFor(ALICE);
    const deleteShares = scope.shares.deleteShares;
    let landed = 0;
    scope.shares.deleteShares = async (owner) => {
      if (landed++ === 0) bucket.versions.push({ key: arrivedKey(ALICE, '01HEEEEEEEEEEEEEEEEEEEEEEE'), versionId: 'v1', size: 70 });
      return deleteShares(owner);
    };
    const done = (await runDeletion(ALICE, deps))!;
    expect(done).toMatchObject({ state: 'DONE', counts: { objectVersions: 7 } });
    expect(bucket.versions.filter((version) => version.key.includes(ALICE))).toEqual([]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ message: 'account deletion found more; another pass', fields: expect.objectContaining({ pass: 1 }) }),
    );
  });

  test('while something keeps landing, it does not say DONE: it stops at its last step, for the retry and the schedule', async () => {
    const { bucket, jobs, deps } = world();
    await jobs.store.begin(ALICE, '2026-11-24T10:00:00.000Z');
    const scope = await deps.scopeFor(ALICE);
    const deleteShares = scope.shares.deleteShares;
    let landed = 0;
    scope.shares.deleteShares = async (owner) => {
      bucket.versions.push({ key: arrivedKey(ALICE, `01HF${String(landed++).padStart(22, '0')}`), versionId: 'v1', size: 70 });
      return deleteShares(owner);
    };
    await expect(runDeletion(ALICE, deps)).rejects.toThrow(/left versions under arrived\/.* after 3 more passes/);
    expect(jobs.jobs.get(ALICE)).toMatchObject({ state: 'RUNNING', step: 'identity' });
    // Once nothing more lands, the next run says DONE.
    scope.shares.deleteShares = deleteShares;
    expect(await runDeletion(ALICE, deps)).toMatchObject({ state: 'DONE' });
    expect(bucket.versions.filter((version) => version.key.includes(ALICE))).toEqual([]);
  });

  test('a finished deletion, or an owner without one, is left as it is', async () => {
    const { bucket, jobs, deletedUsers, deps } = world();
    expect(await runDeletion(ALICE, deps)).toBeUndefined();
    expect(bucket.versions).toHaveLength(12);

    await jobs.store.begin(ALICE, '2026-11-24T10:00:00.000Z');
    const done = await runDeletion(ALICE, deps);
    // A repeated event (the retry of an invocation that did finish) changes nothing.
    expect(await runDeletion(ALICE, deps)).toEqual(done);
    expect(await jobs.store.begin(ALICE, '2026-11-24T11:00:00.000Z')).toEqual(done);
    expect(deletedUsers).toEqual([ALICE]);
  });
});
