import { TABLE_KEYS } from '../../contract/keys';
import type { OwnerShares, Partitions } from './deletion';

/**
 * Shares one job session deletes. Each names its two partitions in the session policy,
 * which STS takes up to 2,048 characters (a test holds the largest batch to it).
 */
export const SHARES_PER_SESSION = 8;

export interface ShareDeletionPorts {
  /** The link hashes of the owner's shares, from the owner's own item of each (the owner's scope reads them). */
  secretHashes(owner: string): Promise<string[]>;
  /** A session that may empty exactly these shares' partitions and nothing else. */
  partitionsOf(secretHashes: readonly string[]): Promise<Partitions>;
}

/**
 * An owner's shares deleted: every partition kept under each link (the share, its
 * openings, its rate counts), through sessions that name those partitions alone. The
 * owner's own items of the shares stay until the owner's partition goes, after this, so a
 * run cut short finds every share again.
 */
export const ownerShareDeletion = (ports: ShareDeletionPorts): OwnerShares => ({
  async deleteShares(owner) {
    const hashes = await ports.secretHashes(owner);
    for (let start = 0; start < hashes.length; start += SHARES_PER_SESSION) {
      const batch = hashes.slice(start, start + SHARES_PER_SESSION);
      await (await ports.partitionsOf(batch)).deletePartitions(batch.flatMap(TABLE_KEYS.sharePartitions));
    }
    return hashes.length;
  },
});
