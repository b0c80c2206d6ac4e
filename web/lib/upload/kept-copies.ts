import { needsMultipart } from '@contract/uploads';
import { graphqlClient } from '../graphql-client';
import type { SameFileData } from '../graphql';
import { computeChecksums } from './hashing';

/** A statement the vault keeps, as a row names it: its file's name, its account and its month. */
export interface KeptCopy {
  fileName: string;
  accountLabel: string;
  period: string;
}

/**
 * The statements the vault already keeps with this file's bytes, asked while the file waits in
 * the queue, before anything is sent: its SHA-256 (Web Crypto digests off the page's thread,
 * and a file this size is one piece, so no worker is started for it) against the
 * checksums the vault keeps (`statementsByChecksum`). A file sent in parts is hashed part by
 * part as it is sent and checked then instead, so a large file is not read twice before it
 * goes. Nothing found, or no answer, is none: the check when it is sent still holds.
 */
export const keptCopiesOf = async (file: File): Promise<KeptCopy[]> => {
  if (needsMultipart(file.size)) return [];
  try {
    const { checksum } = await computeChecksums(file);
    const { SAME_FILE } = await import('./statement-engine');
    const answer = await (
      await graphqlClient()
    ).query<SameFileData>({ query: SAME_FILE, variables: { checksum }, fetchPolicy: 'network-only' });
    return (answer.data?.statementsByChecksum ?? []).map(({ fileName, accountLabel, period }) => ({ fileName, accountLabel, period }));
  } catch {
    return [];
  }
};
