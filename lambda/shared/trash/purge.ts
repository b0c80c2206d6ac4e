import { statementKey } from '../../../contract/keys';
import type { VersionedObjects } from '../../account/deletion';
import type { RecordStore } from '../records';
import type { SearchIndex } from '../search/index-store';

/** What deleting a statement for good touches: its record, every version of its file, and its search postings. */
export interface PurgeDeps {
  records: Pick<RecordStore, 'beginPurge' | 'finishPurge'>;
  versions: Pick<VersionedObjects, 'listVersions' | 'deleteVersions'>;
  /** The owner's search index. @default left to the catalogue, whose ObjectRemoved event removes the postings too */
  search?: Pick<SearchIndex, 'remove'>;
}

/**
 * Deletes a statement in Recently deleted for good. The first step marks it, so no restore
 * can bring back a record whose file is going; then every version of its file and delete
 * marker go; then its record and its place under the quota. Each step repeats harmlessly,
 * so a run that stopped midway (a crash, a timeout) is finished by the next one, the
 * person's or the sweep's. `false` when it was not in Recently deleted.
 */
export const purgeStatement = async (deps: PurgeDeps, owner: string, statementId: string): Promise<boolean> => {
  if (!(await deps.records.beginPurge(owner, statementId))) return false;
  for await (const versions of deps.versions.listVersions(statementKey(owner, statementId))) {
    if (versions.length > 0) await deps.versions.deleteVersions(versions);
  }
  await deps.search?.remove(owner, statementId);
  await deps.records.finishPurge(owner, statementId);
  return true;
};
