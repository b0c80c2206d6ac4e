import { PROFILE_IMAGE_PREFIX, STATEMENT_PREFIX, parseKey, profileImageKey, statementKey } from '../../contract';
import { catalogueCreated, catalogueRemoved, type CatalogueDeps, type Outcome } from './core';

export interface SweepReport {
  /** Owners with at least one object, each compared with their records. */
  owners: number;
  objects: number;
  catalogued: number;
  refused: number;
  recordsWithoutFile: number;
  /** Owners whose comparison failed (logged by error name); the rest were still swept. */
  failures: number;
}

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
 * Reconciles the table with the bucket when an S3 event was lost (a crash between the
 * upload and the catalogue, an exhausted retry). It walks the bucket's listings owner by
 * owner and reads each owner's partition with one Query, so its cost follows the data
 * and never scans the table. Only differences are acted on, each by the catalogue's own
 * step (which reads the object again first, so a concurrent upload or delete is never
 * undone): a file without a record gets one (or is removed if it breaks the contract); a
 * record whose file is gone is deleted; the profile's avatar follows the bucket. When
 * nothing differs it writes nothing, so running it twice changes nothing.
 *
 * An owner with records but no object left at all is not visited; the delete route and
 * the ObjectRemoved event each remove such records, so only both failing leaves one.
 */
export const createSweep = (deps: CatalogueDeps) => async (): Promise<SweepReport> => {
  const report: SweepReport = { owners: 0, objects: 0, catalogued: 0, refused: 0, recordsWithoutFile: 0, failures: 0 };
  const count = (outcome: Outcome) => {
    if (outcome === 'catalogued') report.catalogued++;
    if (outcome === 'refused') report.refused++;
    if (outcome === 'removed') report.recordsWithoutFile++;
  };
  const now = () => new Date().toISOString();

  const owners = mergeOwners(
    ownersIn(deps.objects.list(STATEMENT_PREFIX), report),
    ownersIn(deps.objects.list(PROFILE_IMAGE_PREFIX), report),
  );
  for await (const { owner, statementIds, hasAvatar } of owners) {
    report.owners++;
    try {
      const records = await deps.records.ownerRecords(owner);
      const recorded = new Set(records.statementIds);
      const stored = new Set(statementIds);
      for (const id of statementIds) if (!recorded.has(id)) count(await catalogueCreated(deps, statementKey(owner, id)));
      for (const id of records.statementIds) if (!stored.has(id)) count(await catalogueRemoved(deps, statementKey(owner, id), now()));
      const avatar = profileImageKey(owner);
      if (hasAvatar && records.avatarKey !== avatar) await catalogueCreated(deps, avatar);
      if (!hasAvatar && records.avatarKey !== undefined) await catalogueRemoved(deps, avatar, now());
    } catch (error) {
      report.failures++;
      deps.log.error('sweep of an owner failed', { owner, errorName: error instanceof Error ? error.name : typeof error });
    }
  }
  deps.log.info('sweep done', { ...report });
  // A failed owner makes the run fail (so it is retried and alarmed on) after the rest were swept.
  if (report.failures > 0) throw new Error(`the sweep failed for ${report.failures} owner(s)`);
  return report;
};
