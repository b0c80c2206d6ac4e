import fc from 'fast-check';
import { FILE_TYPES } from '../../contract';
import { byteOrderMark } from '../../contract/reading/text';
import { CONTENT_SAMPLE_BYTES, checkContent } from '../../lambda/shared/content-check';
import { EICAR, SAMPLES, csv, pdf } from '../support/samples';

/**
 * The content check against the table of file types: a real file of each type passes
 * under its own label and under no other; random bytes pass under no label; text formats
 * refuse what is not text (in an encoding banks write) of their structure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const MIMES = FILE_TYPES.map((type) => type.mime);
// OFX and QFX are one format (QFX is Intuit's OFX), so each passes under the other's label.
const SAME_FORMAT = new Set(['application/x-ofx', 'application/vnd.intu.qfx']);

describe.each(MIMES)('a real %s', (mime) => {
  test('passes under its own label', async () => {
    expect(await checkContent(mime, SAMPLES[mime](), true)).toEqual({ ok: true });
  });

  test.each(MIMES.filter((other) => other !== mime && !(SAME_FORMAT.has(mime) && SAME_FORMAT.has(other))))(
    'is refused under %s, saying why',
    async (other) => {
      const verdict = await checkContent(other, SAMPLES[mime](), true);
      expect(verdict.ok).toBe(false);
      const label = FILE_TYPES.find((type) => type.mime === other)!.label;
      expect(verdict).toEqual({ ok: false, reason: expect.stringMatching(new RegExp(`^not an? ${label.replace(/[()]/g, '\\$&')}: `)) });
    },
  );
});

test('the messages say what the content is instead', async () => {
  expect(await checkContent('application/pdf', SAMPLES['image/png'](), true)).toEqual({
    ok: false,
    reason: 'not a PDF: its content is PNG',
  });
  // Not UTF-8, and 0x81 is no character in Windows-1252 either.
  expect(await checkContent('text/csv', Buffer.from([0x41, 0x2c, 0x42, 0x0a, 0x81, 0x28, 0x2c, 0x43]), true)).toEqual({
    ok: false,
    reason: 'not a CSV: it holds binary data (control characters)',
  });
  // Not UTF-8 but Windows-1252 text, as German banks write it: a CSV.
  expect(await checkContent('text/csv', Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x3b, 0x80, 0x0a]), true)).toEqual({ ok: true });
  expect(await checkContent('text/csv', Buffer.from('just one column\nof words\n'), true)).toEqual({
    ok: false,
    reason: 'not a CSV: no line has two or more fields',
  });
  expect(await checkContent('application/x-ofx', Buffer.from('<html><body>OFX</body></html>'), true)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/^not an OFX: /),
  });
  expect(await checkContent('application/pdf', EICAR, true)).toEqual({
    ok: false,
    reason: 'not a PDF: its content is not recognised as one',
  });
  expect(await checkContent('application/pdf', new Uint8Array(), true)).toEqual({ ok: false, reason: 'not a PDF: it is empty' });
});

test('a partial sample may end inside a UTF-8 character or a quoted field; a whole file may not', async () => {
  const text = Buffer.from('Date,Payee\n2024-01-01,"Café ', 'utf8');
  const cut = text.subarray(0, text.length - 2); // inside "é"
  expect(await checkContent('text/csv', cut, false)).toEqual({ ok: true });
  expect((await checkContent('text/csv', cut, true)).ok).toBe(false);
  expect(await checkContent('text/csv', text, true)).toEqual({ ok: false, reason: 'not a CSV: a quoted field is never closed' });
});

test('large files are judged on their first bytes', async () => {
  expect(await checkContent('application/pdf', pdf(CONTENT_SAMPLE_BYTES * 2).subarray(0, CONTENT_SAMPLE_BYTES), false)).toEqual({
    ok: true,
  });
  expect(await checkContent('text/csv', csv(CONTENT_SAMPLE_BYTES * 2).subarray(0, CONTENT_SAMPLE_BYTES), false)).toEqual({ ok: true });
});

/**
 * Whether the bytes hold a control character in every encoding the check reads them in
 * (UTF-8, else Windows-1252; no byte-order mark to name another): a C0 control but tab,
 * line feed and carriage return, or DEL.
 */
const controlInAnyReading = (bytes: Uint8Array): boolean =>
  !byteOrderMark(bytes) && bytes.some((byte) => (byte < 0x20 && ![0x09, 0x0a, 0x0d].includes(byte)) || byte === 0x7f);

describe('random bytes', () => {
  const leadsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

  test.each(MIMES)('never pass as %s', async (mime) => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 4096 }), async (bytes) => {
        // Random bytes that decode to text with a separator between two fields are a CSV
        // (C2 A0 23 09 is one: a no-break space, "#", a tab; so is E9 2C 41, "é,A" in
        // Windows-1252); keep to bytes that are not text in any encoding read.
        fc.pre(controlInAnyReading(bytes));
        // And to bytes that do not start with a real signature by chance.
        fc.pre(
          ![
            [0xff, 0xd8, 0xff],
            [0x89, 0x50, 0x4e, 0x47],
            [0x25, 0x50, 0x44, 0x46],
            [0x50, 0x4b, 0x03, 0x04],
            [0x52, 0x49, 0x46, 0x46],
          ].some((magic) => leadsWith(bytes, magic)),
        );
        const verdict = await checkContent(mime, bytes, true);
        expect(verdict.ok).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  test('after a real header, still pass only under their own label (a detector reads the signature, not the rest)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 0, maxLength: 2048 }),
        fc.constantFrom('application/pdf', 'image/png', 'image/jpeg'),
        async (tail, mime) => {
          const bytes = Buffer.concat([SAMPLES[mime]().subarray(0, 64), tail]);
          expect(await checkContent(mime, bytes, true)).toEqual({ ok: true });
          for (const other of MIMES.filter((candidate) => candidate !== mime))
            expect((await checkContent(other, bytes, true)).ok).toBe(false);
        },
      ),
      { numRuns: Math.min(RUNS, 100) },
    );
  });

  test('text with a NUL or a control character is never a CSV, an OFX or a QFX', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f'),
        fc.string(),
        async (before, control, after) => {
          const bytes = Buffer.concat([SAMPLES['text/csv'](), Buffer.from(`${before}${control}${after}`, 'utf8')]);
          for (const mime of ['text/csv', 'application/x-ofx', 'application/vnd.intu.qfx'])
            expect((await checkContent(mime, bytes, true)).ok).toBe(false);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
