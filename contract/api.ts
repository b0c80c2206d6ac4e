import * as z from './zod';
import { MAX_PARTS, PERIOD_PATTERN, STATEMENT_LIMITS, STATEMENT_PAGE_SIZE, TEXT_LIMITS } from './uploads';
import { MAIL_SENDERS, MAIL_SENDER_PATTERN } from './mail';
import { COMPOSITE_SHA256_PATTERN, SHA256_BASE64_PATTERN, type ChecksumType } from './checksums';
import { lookAlikeProblem, plainNameProblem, textProblem } from './upload-rules';
import { STATEMENT_ID_PATTERN } from './keys';
import { IDENTIFIER_KEYS } from './accounts/identifier-keys';
import { ACCOUNT_DETAIL_LIMITS, ACCOUNT_KINDS, CURRENCY_PATTERN } from './accounts/details';
import { BALANCE_MAX, ENTERED_BALANCE_FIELDS, STATEMENT_SPAN_MAX_DAYS } from './statement-balances';

/**
 * Request and response bodies of the two presign APIs. The Lambdas parse requests with
 * these schemas; the web app uses the same types (and can pre-check with them).
 * Unknown fields are refused (`strict`), so a typo never silently does less than asked.
 */

/** A text field as people type it: NFC, trimmed, then held to its rules (`textProblem`). */
const label = (what: string, maxChars: number, maxStoredBytes: number, extra?: (value: string) => string | undefined) =>
  z
    .string({ error: `${what} must be text` })
    .transform((value) => value.normalize('NFC').trim())
    .pipe(
      z.string().superRefine((value, context) => {
        const problem = textProblem(what, value, maxChars, maxStoredBytes) ?? extra?.(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    );

export const fileNameSchema = label('fileName', TEXT_LIMITS.fileNameMaxChars, TEXT_LIMITS.fileNameMaxStoredBytes, (value) =>
  plainNameProblem('fileName', value),
);

/** An account's name as stored: what the catalogue, shares and the sweep read back. */
export const accountLabelSchema = label('accountLabel', TEXT_LIMITS.accountLabelMaxChars, TEXT_LIMITS.accountLabelMaxStoredBytes);

/**
 * An account's name as a person gives it (an upload, a filing, an edit, a rename): also
 * held to look nothing like another (lookAlikeProblem). Names stored before this rule are
 * still read (accountLabelSchema), so a file filed under one is never stranded.
 */
export const newAccountLabelSchema = label(
  'accountLabel',
  TEXT_LIMITS.accountLabelMaxChars,
  TEXT_LIMITS.accountLabelMaxStoredBytes,
  (value) => lookAlikeProblem('accountLabel', value),
);

/** A size in bytes: a whole, positive number (JSON numbers only; "12" is refused). */
const sizeSchema = z
  .number({ error: 'size must be a number of bytes' })
  .int('size must be a whole number of bytes')
  .positive('size must be at least 1 byte');

/** Validated against the accepted list by the handler, which answers 415 rather than 400. */
const contentTypeSchema = z.string({ error: 'contentType must be text' }).max(255, 'contentType is too long');

/** The base64 SHA-256 of a whole file or part; S3 refuses a body that does not match it. */
const sha256Schema = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .regex(SHA256_BASE64_PATTERN, `${what} must be the base64 SHA-256 of the bytes (44 characters ending in =)`);

/**
 * A statement's checksum: the base64 SHA-256 of the file when it is sent in one piece, or
 * S3's composite of its parts' checksums (`…=-N`) when it is sent in parts. The handler
 * checks which one the size calls for.
 */
const statementChecksumSchema = z
  .string({ error: 'checksum must be text' })
  .refine(
    (value) => SHA256_BASE64_PATTERN.test(value) || COMPOSITE_SHA256_PATTERN.test(value),
    'checksum must be the base64 SHA-256 of the file, or the composite SHA-256 of its parts (…=-N)',
  );

export const profileImageUploadRequestSchema = z
  .object({ contentType: contentTypeSchema, size: sizeSchema, checksum: sha256Schema('checksum') })
  .strict();

const periodSchema = z.string({ error: 'period must be text' }).regex(PERIOD_PATTERN, 'period must look like 2024-01 (YYYY-MM)');

/** The keyed hashes of the account identifiers a file names (contract/accounts/identifier-keys), never the numbers. */
export const identifierKeysSchema = z
  .array(
    z
      .string({ error: 'identifierKeys must be text' })
      .regex(IDENTIFIER_KEYS.pattern, 'identifierKeys must be keys made with /identifier-key'),
    {
      error: 'identifierKeys must be a list',
    },
  )
  .max(IDENTIFIER_KEYS.perStatement, `identifierKeys holds at most ${IDENTIFIER_KEYS.perStatement} keys`)
  .refine((keys) => new Set(keys).size === keys.length, 'identifierKeys must not repeat');

/** What the file says of its account (contract/accounts/details): filled into the account where it says nothing yet. */
export const accountFactsSchema = z
  .object({
    institution: label(
      'accountFacts.institution',
      ACCOUNT_DETAIL_LIMITS.institutionMaxChars,
      ACCOUNT_DETAIL_LIMITS.institutionMaxStoredBytes,
    ).optional(),
    kind: z.enum(ACCOUNT_KINDS, { error: `accountFacts.kind must be one of ${ACCOUNT_KINDS.join(', ')}` }).optional(),
    currency: z
      .string({ error: 'accountFacts.currency must be text' })
      .regex(CURRENCY_PATTERN, 'accountFacts.currency must be an ISO 4217 code (USD)')
      .optional(),
  })
  .strict();

export const statementUploadRequestSchema = z
  .object({
    fileName: fileNameSchema,
    contentType: contentTypeSchema,
    size: sizeSchema,
    accountLabel: newAccountLabelSchema,
    period: periodSchema,
    checksum: statementChecksumSchema,
    identifierKeys: identifierKeysSchema.optional(),
    accountFacts: accountFactsSchema.optional(),
  })
  .strict();

/** Whom a person takes mail from (contract/mail.ts): each sender trimmed and in lower case, each once. */
export const mailSendersRequestSchema = z
  .object({
    senders: z
      .array(
        z
          .string({ error: 'each sender must be text' })
          .trim()
          .toLowerCase()
          .max(MAIL_SENDERS.maxChars, `a sender is at most ${MAIL_SENDERS.maxChars} characters`)
          .regex(MAIL_SENDER_PATTERN, 'each sender must be an address (statements@bank.example) or a domain (@bank.example)'),
        { error: 'senders must be a list' },
      )
      .max(MAIL_SENDERS.max, `at most ${MAIL_SENDERS.max} senders`)
      .transform((senders) => [...new Set(senders)]),
  })
  .strict();

/** What a waiting file (contract/mail.ts) is filed under: as an upload's, the account and the month. */
export const fileArrivalRequestSchema = z.object({ accountLabel: newAccountLabelSchema, period: periodSchema }).strict();

/** S3 upload ids are opaque but URL-safe text. */
const uploadIdSchema = z
  .string({ error: 'uploadId must be text' })
  .regex(/^[A-Za-z0-9._~+=-]{1,1024}$/, 'uploadId is not a valid upload id');

const partNumberSchema = z
  .number({ error: 'partNumber must be a number' })
  .int('partNumber must be a whole number')
  .min(1, 'partNumber starts at 1')
  .max(MAX_PARTS, `partNumber must be at most ${MAX_PARTS}`);

export const partUrlsRequestSchema = z
  .object({
    uploadId: uploadIdSchema,
    size: sizeSchema,
    parts: z
      .array(z.object({ partNumber: partNumberSchema, checksum: sha256Schema('checksum') }).strict())
      .min(1, 'ask for at least one part')
      .max(STATEMENT_LIMITS.maxPartUrlsPerRequest, `ask for at most ${STATEMENT_LIMITS.maxPartUrlsPerRequest} parts at once`)
      .refine((parts) => new Set(parts.map((part) => part.partNumber)).size === parts.length, 'partNumbers must not repeat'),
  })
  .strict();

export const completeUploadRequestSchema = z
  .object({
    uploadId: uploadIdSchema,
    parts: z
      .array(
        z
          .object({
            partNumber: partNumberSchema,
            etag: z.string().regex(/^"?[A-Za-z0-9+/=._-]{1,128}"?$/, 'etag is not a valid ETag'),
            checksum: sha256Schema('checksum'),
          })
          .strict(),
      )
      .min(1, 'list at least one part')
      .max(MAX_PARTS, `list at most ${MAX_PARTS} parts`)
      .refine(
        (parts) => parts.every((part, index) => part.partNumber === index + 1),
        'parts must be numbered 1, 2, 3 … in order, with none missing',
      ),
  })
  .strict();

/** The upload a list-parts or abort request names. */
export const uploadQuerySchema = z.object({ uploadId: uploadIdSchema }).strict();

/** The arrivals route's page: after the waiting file of this id (empty or absent: the first page). */
export const arrivalsQuerySchema = z
  .object({ after: z.union([z.literal(''), z.string().regex(STATEMENT_ID_PATTERN, 'after is not a statement id')]).optional() })
  .strict();

export const statementIdSchema = z
  .string({ error: 'statementId is required' })
  .regex(STATEMENT_ID_PATTERN, 'statementId is not a statement id');

/** How many statements one edit may change: the largest page of the list, all of it selected. */
export const STATEMENT_EDIT_MAX = STATEMENT_PAGE_SIZE.max;

/**
 * An edit of one statement or a selection: a new name (one statement only), account or
 * period, under the same rules as at upload. At least one of the three; nulls (GraphQL's
 * omitted arguments) mean "unchanged".
 */
export const statementEditRequestSchema = z
  .object({
    ids: z
      .array(statementIdSchema)
      .min(1, 'name at least one statement')
      .max(STATEMENT_EDIT_MAX, `edit at most ${STATEMENT_EDIT_MAX} statements at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat'),
    fileName: fileNameSchema.nullish(),
    accountLabel: newAccountLabelSchema.nullish(),
    period: periodSchema.nullish(),
  })
  .strict()
  .refine((edit) => edit.fileName != null || edit.accountLabel != null || edit.period != null, 'change the name, the account or the period')
  .refine((edit) => edit.fileName == null || edit.ids.length === 1, 'a new name is for one statement at a time');
export type StatementEditRequest = z.input<typeof statementEditRequestSchema>;

/** The longest account key: a label's characters, each at most three UTF-16 units once lower-cased. */
export const ACCOUNT_KEY_MAX_CHARS = TEXT_LIMITS.accountLabelMaxChars * 3;

/** A rename of one of the caller's accounts: which (its key), and the name it takes. */
export const renameAccountRequestSchema = z
  .object({
    accountKey: z
      .string({ error: 'accountKey must be text' })
      .min(1, 'name the account by its key')
      .max(ACCOUNT_KEY_MAX_CHARS, `accountKey must have at most ${ACCOUNT_KEY_MAX_CHARS} characters`),
    label: newAccountLabelSchema,
  })
  .strict();

/** A calendar day (YYYY-MM-DD) that exists, named `what` in the refusal. */
export const calendarDay = (what: string) =>
  z
    .string({ error: `${what} must be a day (YYYY-MM-DD)` })
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      message: `${what} must be a day that exists (YYYY-MM-DD)`,
    });

const balance = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .refine(
      (value) => Number.isFinite(value) && Math.abs(value) < BALANCE_MAX,
      `${what} must be under ${BALANCE_MAX.toLocaleString('en-US')}`,
    )
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${what} must be in whole cents`);

/**
 * What a person enters or corrects of a statement's days and money: each field given is
 * set as theirs; one given as null is cleared; one left out stays as it is (the file's, or
 * what they entered before).
 */
export const enterBalancesRequestSchema = z
  .object({
    id: statementIdSchema,
    from: calendarDay('from').nullish(),
    to: calendarDay('to').nullish(),
    opening: balance('opening').nullish(),
    closing: balance('closing').nullish(),
    currency: z
      .string({ error: 'currency must be text' })
      .regex(CURRENCY_PATTERN, 'currency must be three capital letters (EUR)')
      .nullish(),
  })
  .strict()
  .refine((input) => ENTERED_BALANCE_FIELDS.some((field) => input[field] !== undefined), 'enter at least one of its days or balances')
  .refine((input) => !input.from || !input.to || input.from <= input.to, 'from must be on or before to')
  .refine(
    (input) => !input.from || !input.to || (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000 <= STATEMENT_SPAN_MAX_DAYS,
    `a statement covers at most ${STATEMENT_SPAN_MAX_DAYS} days`,
  );
export type EnterBalancesRequest = z.input<typeof enterBalancesRequestSchema>;

export type ProfileImageUploadRequest = z.input<typeof profileImageUploadRequestSchema>;
export type StatementUploadRequest = z.input<typeof statementUploadRequestSchema>;
export type PartUrlsRequest = z.input<typeof partUrlsRequestSchema>;
export type CompleteUploadRequest = z.input<typeof completeUploadRequestSchema>;

/** A presigned PUT: send exactly these headers, and a body of exactly the declared size. */
export interface PresignedPut {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
  expiresAt: string;
}

export interface ProfileImageUploadResponse extends PresignedPut {
  key: string;
}

/** The caller's own key for hashing account identifiers (base64url, 32 bytes). */
export interface IdentifierKeyResponse {
  key: string;
}

export interface PresignedDownload {
  url: string;
  expiresAt: string;
}

export type StatementUploadResponse =
  | ({ kind: 'single'; statementId: string } & PresignedPut)
  | { kind: 'multipart'; statementId: string; uploadId: string; partBytes: number; partCount: number };

export interface PartUrlsResponse {
  /** Send each part with exactly its `headers` (its signed checksum). */
  parts: { partNumber: number; size: number; url: string; headers: Record<string, string> }[];
  expiresAt: string;
}

/** The parts S3 already holds of an upload in progress (a resumed upload sends only the rest). */
export interface StoredPartsResponse {
  parts: { partNumber: number; size: number; etag: string; checksum?: string }[];
}

export interface CompleteUploadResponse {
  statementId: string;
}

/** A statement brought back from Recently deleted: listed again under the same id. */
export interface RestoredStatementResponse {
  statementId: string;
}

export interface StatementDownloadResponse extends PresignedDownload {
  fileName: string;
  /** The SHA-256 checksum S3 verified when the file arrived, to compare the download with. */
  checksum?: string;
  checksumType?: ChecksumType;
}

/** The confirmation: the account's own e-mail address, typed. */
export const accountDeletionRequestSchema = z.strictObject({
  confirmEmail: z.string({ error: 'confirmEmail is required' }).trim().min(3).max(254),
});
export type AccountDeletionRequest = z.input<typeof accountDeletionRequestSchema>;
