import type { StatementListItem } from '../graphql';
import type { AccountColumns } from './accounts';

/** How a file in the export was checked against what was stored. */
export type Verification = 'verified' | 'mismatch' | 'unverified' | 'not exported';

/** One record of the vault, as the export's manifest lists it. */
export interface ManifestEntry extends AccountColumns {
  kind: 'statement' | 'profileImage';
  /** Where the file is in the ZIP; null when it is not in it (a statement that cannot be downloaded). */
  path: string | null;
  id: string;
  fileName: string;
  accountLabel: string | null;
  period: string | null;
  contentType: string;
  size: number;
  uploadedAt: string | null;
  status: string;
  checksum: string | null;
  checksumType: string | null;
  verification: Verification;
  /** How it was verified, or why not, in words. */
  verifiedBy: string;
}

const MANIFEST_COLUMNS: (keyof ManifestEntry)[] = [
  'kind',
  'path',
  'id',
  'fileName',
  'accountLabel',
  'accountInstitution',
  'accountKind',
  'accountCurrency',
  'period',
  'contentType',
  'size',
  'uploadedAt',
  'status',
  'checksum',
  'checksumType',
  'verification',
  'verifiedBy',
];

const csvField = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  // A field a spreadsheet would run as a formula starts with a quote mark instead.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The manifest as CSV (RFC 4180, CRLF), one row per record. */
export const manifestCsv = (entries: readonly ManifestEntry[]): string =>
  [MANIFEST_COLUMNS.join(','), ...entries.map((entry) => MANIFEST_COLUMNS.map((column) => csvField(entry[column])).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');

/** A path segment from what a person typed: no separators, control characters or dot-only names. */
const segment = (text: string): string => {
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const cleaned = text.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').trim();
  return cleaned === '' || /^\.+$/.test(cleaned) ? '_' : cleaned;
};

/**
 * Where a statement goes in the ZIP: `statements/<account>/<YYYY-MM>/<original name>`. Two
 * files of the same name in one folder keep both: the second becomes `name (2).ext`.
 */
export const statementPath = (statement: Pick<StatementListItem, 'accountLabel' | 'period' | 'fileName'>, taken: Set<string>): string => {
  const folder = `statements/${segment(statement.accountLabel)}/${segment(statement.period)}`;
  const name = segment(statement.fileName);
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = `${folder}/${name}`;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy++) candidate = `${folder}/${stem} (${copy})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
};
