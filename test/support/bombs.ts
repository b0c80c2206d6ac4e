import * as zlib from 'node:zlib';
import { MiB } from '../../contract/uploads';
import { STATEMENT_WORKBOOKS, statementWorkbook } from './statement-workbooks';
import { readZip } from './zip';

/**
 * Decompression bombs, written at test time (a few hundred KB each, nothing committed): a
 * workbook whose ZIP says its parts are small while one inflates to hundreds of MB, and a PDF
 * whose one page's content stream inflates to hundreds of MB. Each is otherwise a real file
 * of its type (the content check takes it).
 *
 * The inflated bytes are never held: deflate with a full flush ends every piece on a byte
 * boundary with an empty dictionary, so the deflate of one MiB of a repeated byte can be
 * repeated as it is, and pieces joined, into one valid stream (RFC 1951 blocks in a row).
 */

/** A raw deflate stream: its bytes, what they inflate to, and that length's CRC-32 (ZIP) and Adler-32 (zlib, for PDF). */
interface Deflated {
  bytes: Buffer;
  length: number;
  crc: number;
  adler: number;
}

const ADLER_MOD = 65521;
/** Adler-32 (RFC 1950) carried on over `count` bytes of `value`, in closed form: a = a + n·v, b = b + n·a + v·n(n+1)/2. */
const adlerRun = (adler: number, value: number, count: number): number => {
  const a = BigInt(adler & 0xffff);
  const b = BigInt(adler >>> 16);
  const n = BigInt(count);
  const v = BigInt(value);
  const mod = BigInt(ADLER_MOD);
  const nextA = (a + n * v) % mod;
  const nextB = (b + n * a + (v * n * (n + 1n)) / 2n) % mod;
  return Number((nextB << 16n) | nextA) >>> 0;
};
const adlerOf = (bytes: Buffer, adler = 1): number => {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  for (const byte of bytes) {
    a = (a + byte) % ADLER_MOD;
    b = (b + a) % ADLER_MOD;
  }
  return ((b << 16) | a) >>> 0;
};

/** A deflate stream of `text`, then `mib` MiB of `filler`, then `tail`; one MiB is deflated once and repeated. */
const deflatedRun = (text: string, filler: number, mib: number, tail: string): Deflated => {
  const run = Buffer.alloc(MiB, filler);
  const deflated = flushed(run);
  return deflatedChunks(
    text,
    mib,
    () => ({ bytes: run, deflated }),
    tail,
    (adler) => adlerRun(adler, filler, MiB),
  );
};

/** A raw deflate of `bytes` ended by a full flush: on a byte boundary, with nothing referring back. */
const flushed = (bytes: Buffer) => zlib.deflateRawSync(bytes, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });

/** A deflate stream of `text`, then `count` chunks (each given as its bytes and their flushed deflate), then `tail`. */
const deflatedChunks = (
  text: string,
  count: number,
  chunk: (index: number) => { bytes: Buffer; deflated: Buffer },
  tail: string,
  chunkAdler: (adler: number, bytes: Buffer) => number = (adler, bytes) => adlerOf(bytes, adler),
): Deflated => {
  const head = Buffer.from(text, 'latin1');
  const end = Buffer.from(tail, 'latin1');
  let crc = zlib.crc32(head);
  let adler = adlerOf(head);
  let length = head.length + end.length;
  const pieces: Buffer[] = [flushed(head)];
  for (let index = 0; index < count; index++) {
    const { bytes, deflated } = chunk(index);
    crc = zlib.crc32(bytes, crc);
    adler = chunkAdler(adler, bytes);
    length += bytes.length;
    pieces.push(deflated);
  }
  // An empty final block (fixed Huffman, BFINAL set) ends the stream.
  pieces.push(flushed(end), Buffer.from([0x03, 0x00]));
  return { bytes: Buffer.concat(pieces), length, crc: zlib.crc32(end, crc), adler: adlerOf(end, adler) };
};

/** `mib` MiB of sheet rows (cell addresses counted up), each a payee and an amount. */
const deflatedRows = (text: string, mib: number, tail: string): Deflated => {
  let row = 0;
  return deflatedChunks(
    text,
    mib,
    () => {
      let rows = '';
      for (;;) {
        row++;
        const next = `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>Card payment Lieferant ${row} GmbH</t></is></c><c r="B${row}"><v>-12.5</v></c></row>`;
        if (rows.length + next.length > MiB) break;
        rows += next;
      }
      const bytes = Buffer.from(rows.padEnd(MiB, ' '), 'latin1');
      return { bytes, deflated: flushed(bytes) };
    },
    tail,
  );
};

/**
 * How the bomb's ZIP states its sizes: `descriptor`: local headers say nothing (bit 3, sizes
 * after the data, as streaming writers do) and the central directory lies; `local-truth`: the
 * local header says the real sizes and the central directory lies; `both-lie`: both say the
 * same small size.
 */
export type ZipLie = 'descriptor' | 'local-truth' | 'both-lie';

interface ZipPart {
  name: string;
  deflated: Deflated;
  /** What the central directory (and with `both-lie` the local header) says it inflates to. */
  claimed?: number;
}

/** A ZIP of deflated parts, stating sizes as `lie` says for parts with a claim (the rest honestly). */
const zipOf = (parts: ZipPart[], lie: ZipLie): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, deflated, claimed } of parts) {
    const fileName = Buffer.from(name, 'utf8');
    const lying = claimed !== undefined;
    const descriptor = lying && lie === 'descriptor';
    const centralSize = claimed ?? deflated.length;
    const localSize = descriptor ? 0 : lying && lie === 'both-lie' ? claimed : deflated.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(descriptor ? 0x0008 : 0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(descriptor ? 0 : deflated.crc, 14);
    local.writeUInt32LE(descriptor ? 0 : deflated.bytes.length, 18);
    local.writeUInt32LE(localSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    const trailer = Buffer.alloc(descriptor ? 16 : 0);
    if (descriptor) {
      trailer.writeUInt32LE(0x08074b50, 0);
      trailer.writeUInt32LE(deflated.crc, 4);
      trailer.writeUInt32LE(deflated.bytes.length, 8);
      trailer.writeUInt32LE(centralSize, 12);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(descriptor ? 0x0008 : 0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(deflated.crc, 16);
    central.writeUInt32LE(deflated.bytes.length, 20);
    central.writeUInt32LE(centralSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    const entry = Buffer.concat([local, fileName, deflated.bytes, trailer]);
    locals.push(entry);
    centrals.push(Buffer.concat([central, fileName]));
    offset += entry.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const SHEET = 'xl/worksheets/sheet1.xml';

const adler32 = (adler: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(adler >>> 0);
  return bytes;
};

/** The parts of a real workbook with its first sheet replaced by `sheet`, whose ZIP claims `claimed` for it (its true size if absent). */
const workbookWith = async (sheet: Deflated, lie: ZipLie, claimed?: number): Promise<Buffer> => {
  const parts = await readZip(await statementWorkbook(STATEMENT_WORKBOOKS[0]));
  const honest = (bytes: Buffer): Deflated => ({
    bytes: zlib.deflateRawSync(bytes),
    length: bytes.length,
    crc: zlib.crc32(bytes),
    adler: adlerOf(bytes),
  });
  return zipOf(
    [...parts].map(([name, bytes]) => (name === SHEET ? { name, deflated: sheet, claimed } : { name, deflated: honest(bytes) })),
    lie,
  );
};

const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/**
 * A workbook (~0.9 MB) whose first sheet inflates to `mib` MiB (900 by default: its rows
 * element, then spaces) while its ZIP says 500 bytes; its other parts are a real workbook's.
 */
export const xlsxBomb = (lie: ZipLie = 'descriptor', mib = 900): Promise<Buffer> =>
  workbookWith(deflatedRun(SHEET_START, 0x20, mib, SHEET_END), lie, 500);

/**
 * A workbook that says truly what it holds: a first sheet of `mib` MiB of rows (a payee and
 * an amount each), every size in its ZIP true.
 */
export const xlsxLarge = (mib: number): Promise<Buffer> => workbookWith(deflatedRows(SHEET_START, mib, SHEET_END), 'local-truth');

/** What a PDF bomb's page is made of: `spaces` after a line of text (the issue's), `string` one string shown, `shows` many short ones. */
export type PdfFiller = 'spaces' | 'string' | 'strings' | 'shows';

/** A deflate stream (zlib's wrapper around it: FlateDecode is RFC 1950) as a PDF stream object's body. */
const flateStream = (content: Deflated, dictionary = ''): Buffer =>
  Buffer.concat([
    Buffer.from(`<< /Length ${content.bytes.length + 6} /Filter /FlateDecode ${dictionary}>>\nstream\n`),
    Buffer.from([0x78, 0xda]),
    content.bytes,
    adler32(content.adler),
    Buffer.from('\nendstream'),
  ]);

/** Page content of `mib` MiB (plus a line) as `filler` says. */
const pageContent = (mib: number, filler: PdfFiller): Deflated => {
  const line = 'BT /F1 12 Tf 72 720 Td (Bomb page) Tj ET\n';
  if (filler === 'spaces') return deflatedRun(line, 0x20, mib, '\n');
  if (filler === 'string') return deflatedRun(`${line}BT /F1 12 Tf 72 700 Td (`, 0x41, mib, ') Tj ET\n');
  const show = Buffer.from(filler === 'shows' ? '(ab) Tj '.repeat(MiB / 8) : `(${'A'.repeat(64 * 1024 - 6)}) Tj `.repeat(16), 'latin1');
  const deflated = flushed(show);
  return deflatedChunks(`${line}BT /F1 12 Tf 72 700 Td `, mib, () => ({ bytes: show, deflated }), ' ET\n');
};

/**
 * A one-page PDF (~0.4 MB) whose page's content inflates to `mib` MiB (400 by default): a
 * line of text, then spaces. With `form`, the page's own content only draws a form (an
 * XObject) whose stream is that content: pdf.js decodes the two on different paths. With
 * `contents`, the page's content is that stream so many times over (one object, named again
 * and again in its Contents array). Its cross-reference table is exact.
 */
export const pdfBomb = (mib = 400, options: { form?: boolean; filler?: PdfFiller; contents?: number } = {}): Buffer => {
  const content = pageContent(mib, options.filler ?? 'spaces');
  const font = '/Font << /F1 5 0 R >>';
  const contents = options.contents ? `[${'4 0 R '.repeat(options.contents)}]` : '4 0 R';
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << ${font}${options.form ? ' /XObject << /X0 6 0 R >>' : ''} >> /Contents ${contents} >>`,
    ),
    options.form ? flateStream(deflatedRun('q /X0 Do Q\n', 0x20, 0, '')) : flateStream(content),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    ...(options.form ? [flateStream(content, `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${font} >> `)] : []),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([...chunks, Buffer.from(xref)]);
};
