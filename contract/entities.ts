import type { ChecksumType } from './checksums';
import type { AccountDetails } from './accounts/details';
import type * as Schema from './graphql-schema.generated';

/**
 * The product's entities as stored in DynamoDB and returned by GraphQL: the schema's
 * types (generated from graphql/schema.graphql), with what the table keeps beyond them.
 */
/**
 * A statement is SCANNING from its arrival until its malware scan's verdict, AVAILABLE
 * (downloadable) only when clean, QUARANTINED when a threat was found or it could not be
 * scanned (never downloadable; its owner can delete it).
 */
export const STATEMENT_STATUS = {
  available: 'AVAILABLE',
  scanning: 'SCANNING',
  quarantined: 'QUARANTINED',
} as const satisfies Record<string, Schema.StatementStatus>;
export type StatementStatus = Schema.StatementStatus;

/**
 * A statement. Its `checksum` is the SHA-256 S3 verified when the file arrived (base64; a
 * multipart file's is S3's composite `…-N`). Records of releases before checksums were
 * enforced hold the client's hex SHA-256 and no `checksumType`: claimed, never verified.
 */
export interface Statement extends Schema.Statement {
  checksumType?: ChecksumType;
  /**
   * When it was last filed where it is, if ever since it first arrived: made available
   * again after a verdict, restored from Recently deleted, or moved to another account or
   * period. A share names each statement with this mark, so one that left the share
   * (deleted, quarantined, filed elsewhere) never comes back into it by itself.
   */
  filedAt?: string;
  /** Keyed hashes of the identifiers its file names for its account (contract/accounts/identifier-keys); never the numbers. */
  identifierKeys?: string[];
  /** What its file says of its account (institution, kind, currency), where it says it. */
  accountFacts?: AccountDetails;
  /**
   * The account it is filed under, by that account's key (AccountSummary.accountKey): what
   * its list copies, summaries and coverage follow. Written with every filing and move;
   * records of earlier releases lack it until the sweep writes it, and their label says it
   * (statementAccountKey in the contract's keys).
   */
  accountKey?: string;
}

/** A statement in Recently deleted: the record as it was, with when it was deleted and when it goes for good. */
export interface DeletedStatement extends Statement {
  deletedAt: string;
  purgeAt: string;
}

/** An upload refused after it arrived; the file is gone, the owner sees why. The table also keeps whose it was. */
export interface UploadRefusal extends Schema.UploadRefusal {
  owner: string;
}

/** A profile; the table's record always says when it last changed. */
export interface Profile extends Schema.Profile {
  updatedAt: string;
}
