import { ACCOUNT_DETAIL_LIMITS, ACCOUNT_KINDS } from '../../contract/accounts/details';
import { IDENTIFIER_KEYS } from '../../contract/accounts/identifier-keys';
import { lookAlikeProblem, withoutDisguise } from '../../contract/upload-rules';
import { accountLabelOf } from '../../contract/reading';
import {
  MAX_PARTS,
  MiB,
  PASSWORD_POLICY,
  S3_USER_METADATA_MAX_BYTES,
  statementTextProblem,
  STATEMENT_METADATA,
  TEXT_LIMITS,
  STATEMENT_LIMITS,
  STATEMENT_STATUS,
  UNSAFE_TEXT_CHARACTERS,
  type StatementStatus,
  checkUpload,
  cleanFileName,
  cleanText,
  contentTypeForFile,
  formatBytes,
  parseKey,
  partSizes,
  passwordProblem,
  profileImageKey,
  routePath,
  statementKey,
} from '../../contract';

const SUB = '11111111-1111-4111-8111-111111111111';
const ID = '01JD0000000000000000000000';

describe('key layout', () => {
  test('statement and avatar keys start with the owner and parse back', () => {
    expect(statementKey(SUB, ID)).toBe(`statements/${SUB}/${ID}/file`);
    expect(profileImageKey(SUB)).toBe(`profile-images/${SUB}/avatar`);
    expect(parseKey(statementKey(SUB, ID))).toEqual({ kind: 'statement', owner: SUB, statementId: ID });
    expect(parseKey(profileImageKey(SUB))).toEqual({ kind: 'profileImage', owner: SUB });
  });

  test.each([
    `statements/${SUB}/${ID}/other`,
    `statements/${SUB}/../file`,
    `statements/not-a-sub/${ID}/file`,
    `profile-images/${SUB}/avatar/extra`,
    'elsewhere/key',
  ])('%s is not a key of ours', (key) => {
    expect(parseKey(key)).toBeUndefined();
  });
});

describe('upload rules in words', () => {
  test('type first, then size, with the canonical type', () => {
    expect(checkUpload('statement', 'Application/PDF; x=y', 10)).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(checkUpload('statement', 'application/zip', 10)).toEqual({
      ok: false,
      code: 'UNSUPPORTED_TYPE',
      message: 'Statements must be PDF, CSV, OFX, QFX, Excel (XLSX), JPEG or PNG files; this one is a ZIP archive.',
    });
    expect(checkUpload('profileImage', 'image/png', 6 * MiB)).toEqual({
      ok: false,
      code: 'FILE_TOO_LARGE',
      message: 'Profile images can be at most 5 MiB; this file is 6 MiB.',
    });
  });

  test('browsers that report no type get one from the extension', () => {
    expect(contentTypeForFile('bank.OFX', '')).toBe('application/x-ofx');
    expect(contentTypeForFile('bank.qfx', 'application/octet-stream')).toBe('application/vnd.intu.qfx');
    expect(contentTypeForFile('scan.pdf', 'application/pdf')).toBe('application/pdf');
    expect(contentTypeForFile('noextension', '')).toBe('');
  });

  test('formatBytes', () => {
    expect(formatBytes(1024 * MiB)).toBe('1 GiB');
    expect(formatBytes(50 * MiB)).toBe('50 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(12)).toBe('12 bytes');
  });
});

describe('multipart arithmetic', () => {
  test('parts cover the file exactly, every part but the last at full size', () => {
    for (const size of [50 * MiB + 1, 64 * MiB, 1024 * MiB]) {
      const sizes = partSizes(size);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(size);
      expect(sizes.slice(0, -1).every((part) => part === STATEMENT_LIMITS.partBytes)).toBe(true);
      expect(sizes.length).toBeLessThanOrEqual(MAX_PARTS);
    }
    expect(partSizes(1024 * MiB)).toHaveLength(MAX_PARTS);
  });

  test('S3 minimum part size of 5 MiB holds', () => {
    expect(STATEMENT_LIMITS.partBytes).toBeGreaterThanOrEqual(5 * MiB);
  });
});

describe('password rule', () => {
  test('8 characters of any kind pass; 7 do not', () => {
    expect(PASSWORD_POLICY.minLength).toBe(8);
    expect(passwordProblem('abcdefgh')).toBeUndefined();
    expect(passwordProblem('abcdefg')).toBe('The password needs at least 8 characters.');
  });
});

describe('routes', () => {
  test('path parameters are filled and encoded', () => {
    expect(routePath('/statements/{statementId}/download-url', { statementId: 'a/b' })).toBe('/statements/a%2Fb/download-url');
    expect(() => routePath('/uploads/{statementId}')).toThrow('missing route parameter statementId');
  });
});

describe("S3's 2 KB of user metadata", () => {
  test("the largest file name, label, period, checksum, identifier keys and account's facts fit together, names included", () => {
    const worstCase =
      Object.values(STATEMENT_METADATA).join('').length +
      TEXT_LIMITS.fileNameMaxStoredBytes +
      TEXT_LIMITS.accountLabelMaxStoredBytes +
      '2024-01'.length +
      // A composite checksum: 44 characters of base64 and "-10000".
      50 +
      // The keys, space-separated.
      IDENTIFIER_KEYS.perStatement * 44 +
      ACCOUNT_DETAIL_LIMITS.institutionMaxStoredBytes +
      Math.max(...ACCOUNT_KINDS.map((kind) => kind.length)) +
      'USD'.length;
    expect(worstCase).toBeLessThanOrEqual(S3_USER_METADATA_MAX_BYTES);
  });

  test('the web app and the API ask the same question of a name and a label, in words', () => {
    expect(statementTextProblem('Relevé janvier 2024.pdf', 'Checking ••1234')).toBeUndefined();
    expect(statementTextProblem(`${'明'.repeat(190)}.pdf`, 'Main')).toBe(
      'The file name is too long to store: it takes 1714 bytes once encoded and at most 1024 fit; use a shorter one',
    );
    expect(statementTextProblem('a.pdf', '明'.repeat(64))).toMatch(/^The account label is too long to store: it takes 576 bytes/);
  });
});

describe('entities from the schema', () => {
  test('the contract names every statement status the GraphQL schema has, and no other', () => {
    // A Record over the schema's generated enum: a status added to the schema fails the type check here.
    const schemaStatuses: Record<StatementStatus, true> = { AVAILABLE: true, SCANNING: true, QUARANTINED: true };
    expect(Object.values(STATEMENT_STATUS).sort()).toEqual(Object.keys(schemaStatuses).sort());
  });

  test('UNSAFE_TEXT_CHARACTERS refuses control and direction-override characters and nothing a person types', () => {
    const unsafe = new RegExp(`[${UNSAFE_TEXT_CHARACTERS}]`);
    for (const char of ['\u0000', '\n', '\u007f', '\u0085', '\u202e', '\u2066']) expect(unsafe.test(`a${char}b`)).toBe(true);
    for (const text of ['Checking ••1234', 'Relevé d’août', '年度報告', 'émoji 🙂']) expect(unsafe.test(text)).toBe(false);
  });

  test('an account name may not hold what prints as nothing, so two names never look the same; joiners that shape letters or emoji stay', () => {
    for (const label of [
      'Sav\u200bings',
      'Savings\u200e',
      '\u200fSavings',
      'Sav\u200cings',
      'soft\u00adhyphen',
      '\u200dBank',
      'a\u2060b',
      'Ma\ufeffin',
    ]) {
      expect(lookAlikeProblem('accountLabel', label)).toMatch(/must not contain invisible characters/);
      expect(statementTextProblem('a.pdf', label)).toMatch(/The account label must not contain invisible characters/);
      expect(withoutDisguise(label)).not.toMatch(/[\u00ad\u200b-\u200f\u2060\ufeff]/);
    }
    for (const label of ['Savings', 'حساب\u200cجاری', 'परीक्ष\u200dा', '👨\u200d👩\u200d👧 family', 'Relevé d’août', 'Harbor Bank ••3000']) {
      expect(lookAlikeProblem('accountLabel', label)).toBeUndefined();
      expect(withoutDisguise(label)).toBe(label);
    }
    // A bank's name read from a PDF never brings them into the account it proposes.
    expect(accountLabelOf('3000', 'Harbor\u00ad Bank\u200b')).toBe('Harbor Bank ••3000');
  });
});

describe("someone else's text, cleaned as names are", () => {
  test('cleanText makes each control and direction character a space, one space of each run, within the limit', () => {
    expect(cleanText('Your statement\r\n\u0007\u001b[31m\u202eFDP.exe', 300)).toBe('Your statement [31m FDP.exe');
    expect(cleanText('  a\u2066b\u2069c\u0085d  ', 300)).toBe('a b c d');
    expect(cleanText('Relevé d’août 🙂', 300)).toBe('Relevé d’août 🙂');
    expect(cleanText('e\u0301té', 300)).toBe('été');
    expect(cleanText('🙂🙂🙂', 2)).toBe('🙂🙂');
  });

  test('cleanFileName: the same, a path a name, and a fallback where no name a statement may have is left', () => {
    expect(cleanFileName('invoice\u202efdp.exe', 'x')).toBe('invoice fdp.exe');
    expect(cleanFileName('2024/../march.pdf', 'x')).toBe('2024 .. march.pdf');
    for (const name of ['', '\u202e\u2066', '..', '.']) expect(cleanFileName(name, 'mailed statement')).toBe('mailed statement');
    expect([...cleanFileName('a'.repeat(TEXT_LIMITS.fileNameMaxChars + 50), 'x')]).toHaveLength(TEXT_LIMITS.fileNameMaxChars);
    // Whatever it gives is a name the upload API takes.
    for (const name of ['invoice\u202efdp.exe', 'tab\there.csv', 'ok.pdf'])
      expect(statementTextProblem(cleanFileName(name, 'x'), 'Account')).toBeUndefined();
  });
});
