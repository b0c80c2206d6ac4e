import { TABLE_KEYS, sharedCopyPrefix } from '../../contract/keys';
import type { OwnerShares, Partitions, VersionedObjects } from './deletion';

/**
 * Shares one job session deletes. Each names its two partitions and its copies' prefix in
 * the session policy, which STS takes up to 2,048 characters (a test holds the largest
 * batch to it, with the longest names a table and a bucket can have).
 */
export const SHARES_PER_SESSION = 4;

/** A share as its deletion finds it: its id (its copies' folder) and its link's hash (its partitions). */
export interface ShareToDelete {
  shareId: string;
  secretHash: string;
}

export interface ShareDeletionPorts {
  /** The owner's shares, from the owner's own item of each (the owner's scope reads them). */
  shares(owner: string): Promise<ShareToDelete[]>;
  /** A session that may empty exactly these shares' partitions and remove their copies, and nothing else. */
  sessionFor(
    shares: readonly ShareToDelete[],
  ): Promise<{ partitions: Partitions; objects: Pick<VersionedObjects, 'listVersions' | 'deleteVersions'> }>;
}

/**
 * An owner's shares deleted: the copies of their files (every version), then every
 * partition kept under each link (the share, its openings, its rate counts), through
 * sessions that name those alone. The owner's own items of the shares stay until the
 * owner's partition goes, after this, so a run cut short finds every share again.
 */
export const ownerShareDeletion = (ports: ShareDeletionPorts): OwnerShares => ({
  async deleteShares(owner) {
    const shares = await ports.shares(owner);
    for (let start = 0; start < shares.length; start += SHARES_PER_SESSION) {
      const batch = shares.slice(start, start + SHARES_PER_SESSION);
      const { partitions, objects } = await ports.sessionFor(batch);
      for (const share of batch) {
        for await (const page of objects.listVersions(sharedCopyPrefix(share.shareId)))
          if (page.length > 0) await objects.deleteVersions(page);
      }
      await partitions.deletePartitions(batch.flatMap((share) => TABLE_KEYS.sharePartitions(share.secretHash)));
    }
    return shares.length;
  },
});
