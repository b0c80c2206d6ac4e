/**
 * The text of a statement export, in the encoding it was written in. Banks write CSV and
 * OFX in UTF-8 (with or without a byte-order mark), in Windows-1252 or ISO-8859-1 (German,
 * French and Spanish banks, and OFX version 1's `CHARSET:1252`), and in UTF-16 with a
 * byte-order mark (Excel's "Unicode text"). The rule is the WHATWG Encoding standard's, which
 * every browser and Node's `TextDecoder` implement: a byte-order mark names the encoding;
 * without one, text that is well-formed UTF-8 is UTF-8, and anything else is read as
 * Windows-1252 (the standard's decoder for the `iso-8859-1` and `latin1` labels too, so
 * ISO-8859-1 text reads the same). What an OFX header declares is not trusted: banks declare
 * `USASCII`/`1252` and send UTF-8, and the other way round.
 *
 * UTF-16 without a byte-order mark is not guessed: it decodes as UTF-8 full of NULs, which
 * the content check refuses as binary data.
 */
export type StatementEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface StatementText {
  text: string;
  encoding: StatementEncoding;
  /** Whether the bytes began with a byte-order mark (not part of `text`). */
  bom: boolean;
}

const BOMS: [StatementEncoding, number[]][] = [
  ['utf-8', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];

/**
 * Windows-1252's characters for bytes 0x80-0x9F (the WHATWG Encoding standard's index; the
 * five bytes it leaves undefined stay C1 controls). Decoded here rather than by
 * `TextDecoder('windows-1252')`, which Node 20 reads as ISO-8859-1 (0x80 as a control, not €),
 * so every runtime reads an export the same way.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export const decodeWindows1252 = (bytes: Uint8Array): string => {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_HIGH[byte - 0x80] : byte,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
};

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

/** The encoding a byte-order mark at the start names, if there is one: such bytes are text, whatever a file-type detector makes of them. */
export const byteOrderMark = (bytes: Uint8Array): StatementEncoding | undefined => BOMS.find(([, bom]) => startsWith(bytes, bom))?.[0];

/**
 * Decodes bytes of a statement export. `complete`: the bytes are the whole file; otherwise
 * they are its first part, which may end inside a character (that character is left out).
 */
export const decodeStatementText = (bytes: Uint8Array, complete = true): StatementText => {
  const marked = BOMS.find(([, bom]) => startsWith(bytes, bom));
  if (marked) {
    const [encoding, bom] = marked;
    const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes.subarray(bom.length), { stream: !complete });
    return { text, encoding, bom: true };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete }), encoding: 'utf-8', bom: false };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252', bom: false };
  }
};

/** Names of the encodings, as a person knows them. */
export const ENCODING_NAMES: Record<StatementEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (ISO-8859-1)',
};
