import fc from 'fast-check';
import { MiB, PROFILE_IMAGE_TYPES, STATEMENT_TYPES } from '../../contract';

/**
 * Generators of hostile input for the presign APIs, shared by the in-process property
 * tests and the HTTP fuzzing of the local stack: path traversal (plain, encoded,
 * backslashes), NUL and control characters, direction overrides, 10,000-character names,
 * huge / negative / fractional / string sizes, wrong, mixed-case and parameterised content
 * types, malformed JSON, oversized bodies, duplicate and unknown fields.
 */
export const sub = fc.uuid({ version: 4 });

/** Strings that attack names and paths: traversal, encodings, control and direction characters, huge lengths. */
export const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    '../../etc/passwd',
    '..%2f..%2fsecret',
    '%2e%2e/%2e%2e/x',
    '..\\..\\windows',
    'a\u0000b.pdf',
    'invoice\u202Efdp.exe',
    '\u2066hidden\u2069.pdf',
    'x'.repeat(10_000),
    '',
    ' ',
    'statements/other-user/file',
  ),
);

export const size = fc.oneof(
  fc.integer({ min: -10, max: 2 * 1024 * MiB }),
  fc.constantFrom(0, 1, 5 * MiB, 5 * MiB + 1, 50 * MiB, 50 * MiB + 1, 1024 * MiB, 1024 * MiB + 1, 2 ** 53, -0),
  fc.double(),
  fc.string(),
);

export const contentType = fc.oneof(
  fc.constantFrom(...PROFILE_IMAGE_TYPES, ...STATEMENT_TYPES),
  fc.constantFrom('IMAGE/PNG', 'application/pdf; charset=binary', 'text/csv;', 'application/x-msdownload', ''),
  fc.string(),
);

/** Checksums: well-formed whole-file and composite ones, hex, and anything. */
const base64Sha256 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('base64'));
export const checksum = fc.oneof(
  base64Sha256,
  fc.tuple(base64Sha256, fc.integer({ min: 0, max: 100 })).map(([digest, count]) => `${digest}-${count}`),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
  fc.string(),
);

export const statementBody = fc.record(
  {
    fileName: nastyString,
    contentType,
    size,
    accountLabel: nastyString,
    period: fc.oneof(fc.constantFrom('2024-01', '2024-13', '24-01', '2024-1'), fc.string()),
    checksum,
    owner: sub,
    key: nastyString,
  },
  { requiredKeys: [] },
);

export const body = fc.oneof(
  statementBody,
  fc.record({ contentType, size, checksum }, { requiredKeys: [] }),
  fc.record(
    {
      uploadId: fc.oneof(fc.string(), fc.constant('upload-1')),
      size,
      parts: fc.oneof(
        fc.array(fc.record({ partNumber: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.double()), checksum }, { requiredKeys: [] }), {
          maxLength: 120,
        }),
        fc.array(fc.record({ partNumber: fc.integer({ min: 0, max: 70 }), etag: fc.string(), checksum }, { requiredKeys: [] }), {
          maxLength: 70,
        }),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

export const rawBody = fc.oneof(
  body.map((value) => JSON.stringify(value)),
  fc.string(),
  fc.constantFrom('{', '{"size": 1, "size": 2}', 'null', '[]', `{"pad":"${'x'.repeat(20_000)}"}`),
  fc.constant(null),
);
