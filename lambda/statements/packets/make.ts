import { createHash } from 'node:crypto';
import { STATEMENT_STATUS, type Statement } from '../../../contract/entities';
import { formatDay } from '../../../contract/format';
import { packetKey, statementKey } from '../../../contract/keys';
import {
  PACKET_ENTRIES,
  PACKET_LIMITS,
  meetsSpan,
  packetAccount,
  packetAccountWords,
  packetEntryNames,
  packetFileName,
  packetTooLarge,
  packetVerdictWords,
  fileDays,
  type CreatedPacket,
  type PacketSpan,
} from '../../../contract/packets';
import { MALWARE_SCAN } from '../../../contract/scanning';
import { CHECKSUM_TYPES } from '../../../contract/checksums';
import { ApiError, badRequest, notFound } from '../../shared/errors';
import type { Log } from '../../shared/log';
import { attachmentDisposition } from '../../shared/metadata';
import type { ObjectStore, Presigner } from '../../shared/s3';
import type { AccountStatements } from '../share-routes';
import { sha256sums, streamingZip, type WrittenEntry } from './archive';
import { accountDetailsBeside, detailsMostSaid } from '../../../contract/accounts/details';
import { coverPdf, type CoverAccount } from './cover';

export interface PacketDeps {
  accounts: Pick<AccountStatements, 'accountStatements'>;
  objects: Pick<ObjectStore, 'readStream' | 'putStream'>;
  presigner: Pick<Presigner, 'get'>;
  log: Log;
  now: () => Date;
  newId: () => string;
}

/** Why a statement of the span is not in the packet, in a sentence. */
const leftOutWords = (statement: Statement): string =>
  statement.status === STATEMENT_STATUS.scanning
    ? `${statement.fileName} (${statement.accountLabel}) is not in this packet: it is still being scanned for malware.`
    : `${statement.fileName} (${statement.accountLabel}) is not in this packet: it is quarantined (${statement.scanDetail ?? 'it did not pass the malware scan'}).`;

/** The hex SHA-256 S3 verified for a file sent in one piece; undefined where S3 holds a composite or none. */
const verifiedSha256 = (statement: Statement): string | undefined =>
  statement.checksumType === CHECKSUM_TYPES.fullObject && statement.checksum
    ? Buffer.from(statement.checksum, 'base64').toString('hex')
    : undefined;

/**
 * Makes a packet of the caller's statements: the accounts' statements whose days meet the
 * span, streamed from the bucket into a ZIP that is streamed back into it (never held whole),
 * each hashed on the way, then the cover and the checksums made from those hashes. The ZIP
 * carries the clean verdict its files had: it holds only files the scan found clean and a
 * cover written here. Answers a short-lived URL to fetch it.
 */
export const makePacket = async (
  deps: PacketDeps,
  input: { sub: string; owner?: string; accountKeys: string[]; span: PacketSpan },
): Promise<CreatedPacket> => {
  const { sub, span } = input;
  const parts = await Promise.all(
    input.accountKeys.map(async (accountKey) => {
      const statements = await deps.accounts.accountStatements(sub, accountKey);
      if (statements.length === 0) throw notFound('One of the accounts chosen has no statements in your vault; choose the accounts again.');
      const inSpan = statements.filter((statement) => meetsSpan(statement, span));
      const available = inSpan.filter((statement) => statement.status === STATEMENT_STATUS.available);
      return {
        account: packetAccount({ accountKey, label: statements[0].accountLabel }, available, span),
        leftOut: inSpan.filter((statement) => statement.status !== STATEMENT_STATUS.available),
      };
    }),
  );
  const accounts = parts.map((part) => part.account);
  const included = accounts.flatMap((account) => account.chain.links.map((link) => link.statement));
  const bytes = included.reduce((sum, statement) => sum + statement.size, 0);
  if (included.length === 0) {
    throw badRequest(
      `No statement of ${accounts.length === 1 ? 'this account' : 'these accounts'} covers a day from ${formatDay(span.from)} to ${formatDay(span.to)}: there is nothing to put in a packet.`,
    );
  }
  const tooLarge = packetTooLarge(included.length, bytes);
  if (tooLarge) throw new ApiError('PACKET_TOO_LARGE', tooLarge);

  const packetId = deps.newId();
  const key = packetKey(sub, packetId);
  const names = packetEntryNames(accounts);
  const zip = streamingZip();
  const stored = deps.objects.putStream({
    key,
    body: zip.archive,
    contentType: 'application/zip',
    tags: { [MALWARE_SCAN.tagKey]: MALWARE_SCAN.clean },
  });
  // Seen at once if the write fails while files are still being read.
  stored.catch(() => undefined);
  const madeAt = deps.now();
  try {
    const written = new Map<string, WrittenEntry>();
    for (const statement of included) {
      const entry = await zip.add({
        name: names.get(statement.id)!,
        modified: new Date(statement.uploadedAt),
        bytes: async () => {
          const body = await deps.objects.readStream(statementKey(sub, statement.id));
          if (!body) throw new ApiError('CONFLICT', `${statement.fileName} was deleted while the packet was being made; make it again.`);
          return body;
        },
      });
      const verified = verifiedSha256(statement);
      if (verified && verified !== entry.sha256) {
        // The bytes read are not those S3 verified on arrival: no packet is better than a wrong one.
        throw new Error(`statement ${statement.id} read with a SHA-256 other than the one verified on arrival`);
      }
      written.set(statement.id, entry);
    }
    const cover = await coverPdf({
      span,
      madeAt,
      owner: input.owner,
      verdict: packetVerdictWords(accounts),
      complete: accounts.every((account) => account.complete),
      leftOut: parts.flatMap((part) => part.leftOut.map(leftOutWords)),
      accounts: accounts.map((account): CoverAccount => ({
        label: account.label,
        details: accountDetailsBeside(account.label, detailsMostSaid(account.chain.links.map((link) => link.statement.accountFacts))),
        words: packetAccountWords(account),
        complete: account.complete,
        statements: account.chain.links.map((link) => {
          const entry = written.get(link.statement.id)!;
          return {
            entryName: entry.name,
            fileName: link.statement.fileName,
            size: entry.size,
            sha256: entry.sha256,
            days: fileDays(link.statement),
            balances: link.statement.balances,
            verdict: link.verdict,
          };
        }),
      })),
    });
    const coverEntry: WrittenEntry = {
      name: PACKET_ENTRIES.cover,
      size: cover.length,
      sha256: createHash('sha256').update(cover).digest('hex'),
    };
    await zip.finish([
      { name: PACKET_ENTRIES.cover, modified: madeAt, bytes: cover },
      { name: PACKET_ENTRIES.checksums, modified: madeAt, bytes: sha256sums([coverEntry, ...written.values()]) },
    ]);
    await stored;
  } catch (error) {
    zip.abort(error instanceof Error ? error : new Error(String(error)));
    await stored.catch(() => undefined);
    throw error;
  }
  const fileName = packetFileName(span);
  const download = await deps.presigner.get({
    key,
    expiresIn: PACKET_LIMITS.downloadUrlSeconds,
    contentDisposition: attachmentDisposition(fileName),
    contentType: 'application/zip',
  });
  const complete = accounts.every((account) => account.complete);
  deps.log.info('packet made', { packetId, accounts: accounts.length, statements: included.length, bytes, complete });
  return { ...download, fileName, statements: included.length, bytes, complete };
};
