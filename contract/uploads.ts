import { typesFor } from './file-types';
import type { StatementSort } from './graphql-schema.generated';

/**
 * What may be uploaded, how large, and how long a presigned URL lives. The CDK app, the Lambdas, the GraphQL `uploadLimits`
 * resolver, the local stack and the web app all read these values from here.
 */
export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;

export const PROFILE_IMAGE_TYPES: readonly string[] = typesFor('profileImage');
export const STATEMENT_TYPES: readonly string[] = typesFor('statement');

export const PROFILE_IMAGE_LIMITS = {
  maxBytes: 5 * MiB,
  uploadUrlSeconds: 5 * 60,
  downloadUrlSeconds: 5 * 60,
} as const;

export const STATEMENT_LIMITS = {
  /** Largest file sent in one PUT; anything larger goes by multipart. */
  maxSingleUploadBytes: 50 * MiB,
  /** Largest file at all (multipart). */
  maxBytes: 1 * GiB,
  /** Every part but the last has exactly this size (S3's minimum is 5 MiB). */
  partBytes: 16 * MiB,
  uploadUrlSeconds: 5 * 60,
  downloadUrlSeconds: 60,
  /** Part URLs handed out per request, so a slow client asks again instead of racing one 5-minute window. */
  maxPartUrlsPerRequest: 100,
} as const;

/** What one user may keep: statements and bytes, counted when an upload is signed. */
export const STATEMENT_QUOTA = {
  maxStatements: 10_000,
  maxBytes: 10 * GiB,
  /**
   * How long a signed upload holds its place: a single PUT, its URL's life plus time for
   * a slow transfer that started just in time; a multipart upload, two days: S3's
   * lifecycle rule aborts it "after one day", rounded up to the next midnight UTC. A
   * multipart upload completes only while it holds its place. The sweep gives back
   * places whose upload never arrived.
   */
  singleHoldSeconds: STATEMENT_LIMITS.uploadUrlSeconds + 15 * 60,
  multipartHoldSeconds: 49 * 60 * 60,
} as const;

/** S3 forbids more than 10,000 parts; ours stay far below. */
export const MAX_PARTS = Math.ceil(STATEMENT_LIMITS.maxBytes / STATEMENT_LIMITS.partBytes);

/**
 * Text fields a user types: stored as metadata, never used as a path. File names and
 * account labels travel as S3 user metadata, percent-encoded (see `encodeMetadataText`),
 * and S3 keeps at most 2 KB of it per object, so they are also capped by their encoded
 * size: a name of 200 CJK characters or emoji is within the character limit but would be
 * 1,800 to 2,400 bytes once encoded.
 */
export const TEXT_LIMITS = {
  fileNameMaxChars: 200,
  fileNameMaxStoredBytes: 1024,
  accountLabelMaxChars: 64,
  accountLabelMaxStoredBytes: 512,
  displayNameMaxChars: 80,
} as const;

/** S3's limit on an object's user metadata: the UTF-8 bytes of every name and value together. */
export const S3_USER_METADATA_MAX_BYTES = 2 * KiB;

/**
 * How user text is stored in S3 metadata, which travels in HTTP headers and so must be
 * ASCII: percent-encoded UTF-8. Its length is the bytes the text takes in S3's 2 KB.
 */
export const encodeMetadataText = (value: string): string => encodeURIComponent(value);

/** `YYYY-MM`, month 01-12. */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A month as a person types it into a month field, as a period (YYYY-MM): "2024-03",
 * "2024/3", "03/2024", "3.2024", "202403", "Mar 2024", "March 2024", "mar2024". Undefined
 * for anything else (a day, a month without its year, a 13th month): the field then says
 * how to write it. Every browser takes the same typing, a native month picker's segments
 * (which ignore a separator and keep the first segment) or not.
 */
export const monthOfText = (text: string): string | undefined => {
  const typed = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const period = (year: string, month: number) => (month >= 1 && month <= 12 ? `${year}-${String(month).padStart(2, '0')}` : undefined);
  let match = /^(\d{4})\s?[-/.]?\s?(\d{1,2})$/.exec(typed);
  if (match && (match[2].length === 2 || /[-/. ]/.test(typed))) return period(match[1], Number(match[2]));
  match = /^(\d{1,2})\s?[-/. ]\s?(\d{4})$/.exec(typed);
  if (match) return period(match[2], Number(match[1]));
  match = /^([a-z]{3,9})\.?,?\s?(\d{4})$/.exec(typed);
  if (match) {
    const index = MONTH_NAMES.indexOf(match[1].slice(0, 3));
    const full = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' })
      .format(new Date(Date.UTC(2000, index, 1)))
      .toLowerCase();
    if (index >= 0 && full.startsWith(match[1])) return period(match[2], index + 1);
  }
  return undefined;
};

/** Size of each part of a multipart upload of `size` bytes, in part-number order. */
export const partSizes = (size: number): number[] => {
  const sizes: number[] = [];
  for (let offset = 0; offset < size; offset += STATEMENT_LIMITS.partBytes) {
    sizes.push(Math.min(STATEMENT_LIMITS.partBytes, size - offset));
  }
  return sizes;
};

/** Whether a statement of `size` bytes is uploaded in parts. */
export const needsMultipart = (size: number): boolean => size > STATEMENT_LIMITS.maxSingleUploadBytes;

/** Human-readable size for messages ("5 MiB", "1 GiB", "1 byte"). */
export const formatBytes = (bytes: number): string => {
  if (bytes >= GiB && bytes % GiB === 0) return `${bytes / GiB} GiB`;
  if (bytes >= MiB) return `${Math.round((bytes / MiB) * 10) / 10} MiB`;
  if (bytes >= KiB) return `${Math.round((bytes / KiB) * 10) / 10} KiB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
};

/**
 * The statement list's pages: what the GraphQL API serves when asked for none, the most it
 * serves at once, and the page sizes a person chooses from.
 */
export const STATEMENT_PAGE_SIZE = { default: 20, max: 100, choices: [20, 50, 100] } as const;

/** The orders the statement list offers (GraphQL's StatementSort), by name; the default is statement order. */
export const STATEMENT_SORT = {
  default: 'PERIOD_NEWEST',
  periodNewest: 'PERIOD_NEWEST',
  periodOldest: 'PERIOD_OLDEST',
  uploadedNewest: 'UPLOADED_NEWEST',
  uploadedOldest: 'UPLOADED_OLDEST',
} as const satisfies Record<string, StatementSort>;

/**
 * CORS of the bucket, for the configured web origins: browsers PUT and GET through
 * presigned URLs, send the signed content type, metadata and checksum headers, and read
 * each part's ETag to complete a multipart upload.
 */
export const BUCKET_CORS = {
  allowedMethods: ['PUT', 'GET', 'HEAD'],
  // `range`: the preview reads a large PDF or CSV a part at a time.
  allowedHeaders: ['content-type', 'x-amz-meta-*', 'x-amz-checksum-sha256', 'range'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3000,
} as const;

/**
 * CORS of the two REST APIs' preflight, for the configured web origins: the browser sends
 * the ID token and a JSON body, with the methods of the API's routes (`routeMethods`).
 * Neither API takes cookies, so credentials are never allowed.
 */
export const REST_API_CORS = {
  allowedHeaders: ['Authorization', 'Content-Type'],
  allowCredentials: false,
} as const;

/**
 * How often the catalogue sweep reconciles bucket and table: the window within which a
 * file whose S3 event was lost gets its record (and a record without a file goes).
 */
export const SWEEP_INTERVAL_MINUTES = { aws: 60, local: 1 } as const;
