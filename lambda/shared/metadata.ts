import { STATEMENT_METADATA } from '../../contract/keys';
import { encodeMetadataText } from '../../contract/uploads';
import type { AccountDetails } from '../../contract/accounts/details';

/**
 * Statement metadata travels as S3 user metadata, i.e. HTTP header values, which must be
 * ASCII: user text is percent-encoded on the way in and decoded by the catalogue.
 */
export interface StatementMetadata {
  fileName: string;
  accountLabel: string;
  period: string;
  /** The checksum the client declared for the whole file (absent on objects of earlier releases). */
  checksum?: string;
  /** Keyed hashes of the account's identifiers the file names (absent when it names none). */
  identifierKeys?: string[];
  /** What the file says of its account. */
  accountFacts?: AccountDetails;
  /** It came in a mail to the person's address (the mail function stores it), not by upload. */
  arrivedByMail?: boolean;
}

export const encodeStatementMetadata = (metadata: StatementMetadata): Record<string, string> => ({
  [STATEMENT_METADATA.fileName]: encodeMetadataText(metadata.fileName),
  [STATEMENT_METADATA.accountLabel]: encodeMetadataText(metadata.accountLabel),
  [STATEMENT_METADATA.period]: metadata.period,
  ...(metadata.checksum ? { [STATEMENT_METADATA.checksum]: metadata.checksum } : {}),
  ...(metadata.identifierKeys?.length ? { [STATEMENT_METADATA.identifierKeys]: metadata.identifierKeys.join(' ') } : {}),
  ...(metadata.accountFacts?.institution
    ? { [STATEMENT_METADATA.accountInstitution]: encodeMetadataText(metadata.accountFacts.institution) }
    : {}),
  ...(metadata.accountFacts?.kind ? { [STATEMENT_METADATA.accountKind]: metadata.accountFacts.kind } : {}),
  ...(metadata.accountFacts?.currency ? { [STATEMENT_METADATA.accountCurrency]: metadata.accountFacts.currency } : {}),
  ...(metadata.arrivedByMail ? { [STATEMENT_METADATA.arrival]: 'mail' } : {}),
});

const decode = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/** Raw decoded values; the catalogue validates them with the same schemas as the API. */
export const decodeStatementMetadata = (metadata: Record<string, string>): Partial<StatementMetadata> => ({
  fileName: decode(metadata[STATEMENT_METADATA.fileName]),
  accountLabel: decode(metadata[STATEMENT_METADATA.accountLabel]),
  period: metadata[STATEMENT_METADATA.period],
  checksum: metadata[STATEMENT_METADATA.checksum],
  identifierKeys: metadata[STATEMENT_METADATA.identifierKeys]?.split(' ').filter(Boolean),
  accountFacts: {
    ...(metadata[STATEMENT_METADATA.accountInstitution] ? { institution: decode(metadata[STATEMENT_METADATA.accountInstitution]) } : {}),
    ...(metadata[STATEMENT_METADATA.accountKind] ? { kind: metadata[STATEMENT_METADATA.accountKind] as AccountDetails['kind'] } : {}),
    ...(metadata[STATEMENT_METADATA.accountCurrency] ? { currency: metadata[STATEMENT_METADATA.accountCurrency] } : {}),
  },
  ...(metadata[STATEMENT_METADATA.arrival] === 'mail' ? { arrivedByMail: true } : {}),
});

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name, so every browser saves the original name. */
export const attachmentDisposition = (fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string => {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};
