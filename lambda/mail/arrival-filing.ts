import type { Log } from '../shared/log';
import type { HeldFiling } from '../shared/records';
import type { FileArrivalEvent } from './arrival-event';
import { mailStatement, readMailedFile, type MailFilingPorts } from './file-port';

/**
 * A waiting file (Arrived) filed on its owner's word: the statements API checks the request
 * against the caller's token, holds the file's place under the quota, and invokes this
 * function (asynchronously) with the owner, the file and what the person chose. Only this
 * function reads what arrived by mail before a scan has passed it (the bucket policy's
 * exemption): it stores the file where an upload's goes, with the catalogue's metadata,
 * so the catalogue and the malware scan take it from there, and then lets the waiting
 * copy go.
 */

export interface ArrivalFilingPorts extends Pick<
  MailFilingPorts,
  'pdfText' | 'workbookRows' | 'ownerKey' | 'deadline' | 'filedBefore' | 'waiting' | 'store'
> {
  /** Records on the held place that its owner files it, so a retry of its mail leaves it to them; `false` if no place is held. */
  holdFor(owner: string, statementId: string, filing: HeldFiling): Promise<boolean>;
  readWaiting(owner: string, statementId: string): Promise<Uint8Array>;
  /** Lets the waiting copy go: its bytes and its record. */
  removeWaiting(owner: string, statementId: string): Promise<void>;
  log: Log;
}

export type ArrivalFilingOutcome = 'filed' | 'gone' | 'not held';

export const fileArrival =
  (ports: ArrivalFilingPorts) =>
  async ({ fileArrival: request }: FileArrivalEvent): Promise<ArrivalFilingOutcome> => {
    const { owner, statementId, accountLabel, period } = request;
    const waiting = await ports.waiting(owner, statementId);
    const before = await ports.filedBefore(owner, statementId);
    // A retried invocation whose first run stored the file: only the waiting copy is left to go.
    if (before === 'filed') {
      if (waiting) await ports.removeWaiting(owner, statementId);
      return 'filed';
    }
    if (!waiting) return 'gone';
    // The API held the place before invoking; one that expired first stores nothing (the person files it again).
    if (before !== 'held' || !(await ports.holdFor(owner, statementId, { filedByOwner: true }))) {
      ports.log.warn('a waiting file was not filed: its place under the quota is no longer held', { statementId });
      return 'not held';
    }
    const bytes = await ports.readWaiting(owner, statementId);
    const file = { fileName: waiting.fileName, contentType: waiting.contentType, bytes };
    const { proposal, identifierKeys } = await readMailedFile(ports, owner, file);
    // What the file says of its account goes with it only to the account it names.
    const fileAccount = proposal.account !== undefined && proposal.account.value === accountLabel;
    await ports.store(mailStatement(owner, statementId, file, { accountLabel, period, proposal, fileAccount }, identifierKeys));
    await ports.removeWaiting(owner, statementId);
    return 'filed';
  };
