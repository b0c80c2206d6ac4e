import type { ChecksumType } from './checksums';

/** The product's entities as stored in DynamoDB and returned by GraphQL. */
/**
 * A statement is SCANNING from its arrival until its malware scan's verdict, AVAILABLE
 * (downloadable) only when clean, QUARANTINED when a threat was found or it could not be
 * scanned (never downloadable; its owner can delete it).
 */
export const STATEMENT_STATUS = { available: 'AVAILABLE', scanning: 'SCANNING', quarantined: 'QUARANTINED' } as const;
export type StatementStatus = (typeof STATEMENT_STATUS)[keyof typeof STATEMENT_STATUS];

export interface Statement {
  id: string;
  owner: string;
  fileName: string;
  contentType: string;
  size: number;
  key: string;
  accountLabel: string;
  period: string;
  status: StatementStatus;
  /** Why a statement is quarantined, in words. */
  scanDetail?: string;
  uploadedAt: string;
  /**
   * The SHA-256 checksum S3 verified when the file arrived (base64; a multipart file's is
   * S3's composite `…-N`). Records of releases before checksums were enforced hold the
   * client's hex SHA-256 and no `checksumType`: claimed, never verified.
   */
  checksum?: string;
  checksumType?: ChecksumType;
}

/** An upload refused after it arrived; the file is gone, the owner sees why. */
export interface UploadRefusal {
  /** The statement id, or `avatar`. */
  id: string;
  owner: string;
  fileName?: string;
  /** In words, e.g. "not a PDF: its content is PNG". */
  reason: string;
  refusedAt: string;
}

export interface Profile {
  userId: string;
  email?: string;
  displayName?: string;
  avatarKey?: string;
  updatedAt: string;
}
