import { KiB } from '../../contract/uploads';
import { fileTypeOf, type FileTypeSpec } from '../../contract/file-types';
import { byteOrderMark, decodeStatementText } from '../../contract/reading/text';
import { once } from './once';

/**
 * Whether a file's content is what its declared type says, from its first bytes: a file
 * declared as a PDF must be a PDF before it becomes available. Binary formats are
 * recognised by `file-type` (magic numbers, and the entries of a ZIP for XLSX); text
 * formats, which have no magic number, by text checks: text in an encoding banks write
 * (contract/reading/text.ts), no control characters, and the format's structure.
 */
export const CONTENT_SAMPLE_BYTES = 64 * KiB;

export type ContentVerdict = { ok: true } | { ok: false; reason: string };

/** "not a PDF", "not an OFX". */
const notA = (type: FileTypeSpec) => `not ${/^[AEIO]/.test(type.label) ? 'an' : 'a'} ${type.label}`;

const refuse = (type: FileTypeSpec, why: string): ContentVerdict => ({ ok: false, reason: `${notA(type)}: ${why}` });

/** `file-type`'s detector, loaded by the first file checked, not at cold start: only the catalogue's arrivals use it. */
const fileTypeDetector = once(async () => (await import('file-type')).fileTypeFromBuffer);

/** What the detector makes of bytes, in words ("its content is PDF"), or undefined when it knows nothing of them. */
export const detected = async (sample: Uint8Array): Promise<{ mime: string; words: string } | undefined> => {
  const found = await (await fileTypeDetector())(sample);
  if (!found) return undefined;
  const known = fileTypeOf(found.mime)?.label;
  return { mime: found.mime, words: known ? `its content is ${known}` : `its content is ${found.ext.toUpperCase()} (${found.mime})` };
};

/**
 * The sample as text, or a reason it is not: decoded as a bank's export is (a byte-order
 * mark's encoding, else UTF-8, else Windows-1252; a character cut at the end of a partial
 * sample is allowed), with no control characters but tab, line feed and carriage return.
 */
const asText = (sample: Uint8Array, complete: boolean): { text: string } | { problem: string } => {
  const { text } = decodeStatementText(sample, complete);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text)) return { problem: 'it holds binary data (control characters)' };
  if (text.trim().length === 0) return { problem: 'it is empty' };
  return { text };
};

/**
 * RFC 4180 records of the sample: quotes must pair up (a record cut at the end of a
 * partial sample may stay open), and some record must have two or more fields, by comma,
 * semicolon or tab (a statement export is a table).
 */
const csvProblem = (text: string, complete: boolean): string | undefined => {
  let quoted = false;
  let fields = 1;
  let widest = 1;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') index++;
        else quoted = false;
      }
    } else if (char === '"') {
      const previous = text[index - 1];
      // A quote opens a field only at its start.
      if (index > 0 && previous !== ',' && previous !== ';' && previous !== '\t' && previous !== '\n' && previous !== '\r')
        return 'a quote appears inside an unquoted field';
      quoted = true;
    } else if (char === ',' || char === ';' || char === '\t') {
      fields++;
    } else if (char === '\n') {
      widest = Math.max(widest, fields);
      fields = 1;
    }
  }
  widest = Math.max(widest, fields);
  if (quoted && complete) return 'a quoted field is never closed';
  if (widest < 2) return 'no line has two or more fields';
  return undefined;
};

/**
 * OFX (and QFX, Intuit's OFX): version 1 is SGML after a header of `KEY:VALUE` lines
 * starting with `OFXHEADER:100`; version 2 is XML with an `<?OFX OFXHEADER="200" …?>`
 * instruction. Either way the body is an `<OFX>` element. The text is decoded as any
 * export is, whatever the header declares (banks declare one character set and send another).
 */
const ofxCheck = (type: FileTypeSpec, sample: Uint8Array, complete: boolean): ContentVerdict => {
  const text = asText(sample, complete);
  if ('problem' in text) return refuse(type, text.problem);
  const head = text.text.slice(0, 1024).trimStart();
  const version1 = /^OFXHEADER:\s*100\b/.test(head);
  const version2 = /^<\?xml[^>]*\?>\s*<\?OFX\s+[^>]*OFXHEADER="200"/i.test(head);
  if (!version1 && !version2) return refuse(type, 'it does not start with an OFX header (OFXHEADER:100, or <?OFX OFXHEADER="200"?>)');
  if (!/<OFX>/i.test(text.text)) return refuse(type, 'it has no <OFX> element');
  // A bank's answer without a statement (a sign-on, an error) is valid OFX, but nothing to keep.
  if (!/<(?:STMTRS|CCSTMTRS|INVSTMTRS)>/i.test(text.text)) {
    const message = /<MESSAGE>\s*([^<\r\n]{1,200})/i.exec(text.text)?.[1]?.trim();
    return {
      ok: false,
      reason: `${/^[AEIO]/.test(type.label) ? 'an' : 'a'} ${type.label} file with no statement in it: only the bank's ${message ? `answer "${message}"` : 'sign-on answer'}. Download the statement again from your bank.`,
    };
  }
  return { ok: true };
};

/**
 * Checks the first bytes of a file (`complete` when they are the whole file) against its
 * declared MIME type, as the table of file types says.
 */
export const checkContent = async (mime: string, sample: Uint8Array, complete: boolean): Promise<ContentVerdict> => {
  const type = fileTypeOf(mime);
  if (!type) return { ok: false, reason: `${mime} is not a type the vault takes` };
  if (sample.length === 0) return refuse(type, 'it is empty');
  // A byte-order mark says the file is text (UTF-16's reads as an MPEG frame to a detector).
  const found = byteOrderMark(sample) ? undefined : await detected(sample);
  switch (type.check) {
    case 'signature':
      if (found?.mime === type.mime) return { ok: true };
      return refuse(type, found ? found.words : 'its content is not recognised as one');
    case 'csv': {
      // Text formats have no magic number, but a binary file that happens to decode is still caught here.
      if (found) return refuse(type, found.words);
      const text = asText(sample, complete);
      if ('problem' in text) return refuse(type, text.problem);
      const problem = csvProblem(text.text, complete);
      return problem ? refuse(type, problem) : { ok: true };
    }
    case 'ofx':
      if (found && found.mime !== 'application/xml') return refuse(type, found.words);
      return ofxCheck(type, sample, complete);
  }
};
