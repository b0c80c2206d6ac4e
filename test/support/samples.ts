import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * Small files that really are of each type the vault takes, for tests that need content
 * which passes the content check: a few bytes of the real format and a tail of filler.
 */
const crc32 = (bytes: Buffer): number => {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
};

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** An RGB PNG of the given size; `noise` fills it with random pixels (which do not compress), else one colour. */
export const pngOf = (width: number, height: number, noise = false): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = 1 + width * 3;
  const pixels = noise ? randomBytes(row * height) : Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) pixels[y * row] = 0;
  if (!noise) for (let y = 0; y < height; y++) pixels[y * row + 1] = 255;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A 1×1 PNG. */
export const png = (): Buffer => pngOf(1, 1);

/** A JPEG's start (SOI, JFIF APP0) and end; detectors read the first bytes. */
export const jpeg = (): Buffer =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.alloc(64, 0),
    Buffer.from([0xff, 0xd9]),
  ]);

/** A WebP's RIFF container start. */
export const webp = (): Buffer => {
  const payload = Buffer.concat([Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(32, 0)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(payload.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, payload]);
};

/** A PDF of `size` bytes: a real header, filler, and the end-of-file marker. */
export const pdf = (size = 2048): Buffer => {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]).subarray(
    0,
    Math.max(size, head.length + tail.length),
  );
};

/** A CSV statement of exactly `size` bytes (rows of plain fields, so any cut is still CSV). */
export const csv = (size = 2048): Buffer => {
  const header = 'Date,Description,Amount\n';
  const rows = Array.from(
    { length: 64 },
    (_, row) => `2024-01-${String((row % 28) + 1).padStart(2, '0')},Payee ${row},${(row * 1.23).toFixed(2)}\n`,
  ).join('');
  const text = header + rows.repeat(Math.ceil(Math.max(0, size - header.length) / rows.length));
  return Buffer.from(text.slice(0, Math.max(size, header.length)), 'utf8');
};

/** A real file of a type the vault takes, of about `size` bytes where the format allows it (PDF, CSV). */
export const sampleOf = (mime: string, size?: number): Buffer => {
  if (mime === 'application/pdf') return pdf(size);
  if (mime === 'text/csv') return csv(size);
  const make = SAMPLES[mime];
  if (!make) throw new Error(`no sample of ${mime}`);
  return make();
};

/** An OFX 1.x (SGML) statement. */
export const ofx = (): Buffer =>
  Buffer.from(
    'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n' +
      '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240131</DTSERVER><LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>' +
      '<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-12.50<NAME>Café</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n',
    'latin1',
  );

/** An OFX 2 (XML) statement, as QFX files from Intuit's tools are. */
export const ofx2 = (): Buffer =>
  Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n' +
      '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><INTU.BID>3000</INTU.BID></SONRS></SIGNONMSGSRSV1>' +
      '<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>XXXXXXXXXXXX4242</ACCTID></CCACCTFROM></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>\n',
    'utf8',
  );

/** An XLSX: a ZIP whose first entry is [Content_Types].xml and which holds xl/workbook.xml. */
export const xlsx = (): Buffer => {
  const entry = (name: string, content: string) => {
    const data = Buffer.from(content, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    return Buffer.concat([header, Buffer.from(name, 'utf8'), data]);
  };
  return Buffer.concat([
    entry(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    entry('_rels/.rels', '<?xml version="1.0"?><Relationships/>'),
    entry('xl/workbook.xml', '<?xml version="1.0"?><workbook/>'),
  ]);
};

/** A real file of each type, by MIME type. */
export const SAMPLES: Record<string, () => Buffer> = {
  'application/pdf': () => pdf(),
  'text/csv': () => csv(),
  'application/x-ofx': ofx,
  'application/vnd.intu.qfx': ofx2,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': xlsx,
  'image/jpeg': jpeg,
  'image/png': png,
  'image/webp': webp,
};

/** The EICAR anti-virus test file: harmless, and every scanner reports it as a threat. */
export const EICAR = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*', 'ascii');
