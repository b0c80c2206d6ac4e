import PDFDocument from 'pdfkit';
import type { ChainVerdict } from '../../../contract/accounts/chain';
import { VERDICT_WORDS, verdictWords } from '../../../contract/accounts/chain-words';
import { countOf, formatAmount, formatDateTime, formatDay, formatDays } from '../../../contract/format';
import { formatBytes } from '../../../contract/uploads';
import { storedArithmeticWords } from '../../../contract/reading/statement-arithmetic';
import { PACKET_ENTRIES, type PacketSpan } from '../../../contract/packets';
import type { Statement } from '../../../contract/entities';
import { COVER_FONTS } from './fonts';

/** One statement as its cover line says it. */
export interface CoverStatement {
  /** Its path in the ZIP. */
  entryName: string;
  fileName: string;
  size: number;
  /** The SHA-256 of the bytes in the ZIP, in hex (what sha256sum prints). */
  sha256: string;
  days: PacketSpan & { read: boolean };
  balances?: Statement['balances'] | null;
  verdict: ChainVerdict;
}

export interface CoverAccount {
  label: string;
  /** Its bank, kind and currency as most of its statements' files say them, in one line (accountDetailsBeside); empty when none says. */
  details: string;
  /** The account's part in a sentence (packetAccountWords). */
  words: string;
  complete: boolean;
  statements: CoverStatement[];
}

export interface CoverInput {
  span: PacketSpan;
  madeAt: Date;
  /** Whose vault it came from, as their sign-in names them. */
  owner?: string;
  /** The packet's verdict in a sentence (packetVerdictWords). */
  verdict: string;
  complete: boolean;
  accounts: CoverAccount[];
  /** Statements of the span left out, each in a sentence (still being scanned, quarantined). */
  leftOut: string[];
}

const INK = '#1a1a1a';
const QUIET = '#555555';
const WARNING = '#8a1c1c';

/** Where a value the cover prints came from, when not the file's text: the person entered it, or it was read by OCR from a scan. */
const provenance = (balances: CoverStatement['balances'], entered: boolean): string =>
  entered ? ' (entered by the owner)' : balances?.source ? ` (${balances.source})` : '';

/** A balance as the cover prints it, with where it came from when the person entered it or it was read by OCR. */
const money = (balances: CoverStatement['balances'], field: 'opening' | 'closing'): string => {
  const value = balances?.[field];
  if (typeof value !== 'number') return 'not read';
  return `${formatAmount(value, balances?.currency)}${provenance(balances, balances?.entered?.includes(field) === true)}`;
};

const pagesWords = (balances: CoverStatement['balances']): string => {
  if (typeof balances?.pages !== 'number') return 'pages not counted';
  const missing = balances.missingPages ?? null;
  if (missing === null) return countOf(balances.pages, 'page');
  if (missing.length === 0) return `${countOf(balances.pages, 'page')}, every numbered page present`;
  return `${countOf(balances.pages, 'page')}; numbered page${missing.length === 1 ? '' : 's'} ${missing.join(', ')} not in the file`;
};

const daysWords = (days: CoverStatement['days'], balances: CoverStatement['balances']): string => {
  const range = formatDays(days.from, days.to);
  if (!days.read) return `${range} (the month it is filed under: its own days were not read)`;
  return `${range}${provenance(balances, balances?.entered?.includes('from') === true || balances?.entered?.includes('to') === true)}`;
};

/**
 * The packet's cover: what it holds, whether each account's statements follow on, and the
 * SHA-256 of each file with how to check it. Written with pdfkit; the fonts are embedded,
 * so it prints the same everywhere.
 */
export const coverPdf = async (input: CoverInput): Promise<Uint8Array> => {
  // No standard font is loaded: the cover's own fonts are registered below.
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    font: null,
    info: { Title: `Statement packet ${input.span.from} to ${input.span.to}`, Creator: 'Statement Vault' },
  } as unknown as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont('regular', Buffer.from(COVER_FONTS.regular));
  doc.registerFont('bold', Buffer.from(COVER_FONTS.bold));
  const width = doc.page.width - 100;
  const text = (words: string, options: { font?: 'regular' | 'bold'; size?: number; color?: string; gap?: number } = {}) => {
    doc
      .font(options.font ?? 'regular')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? INK)
      .text(words, { width });
    if (options.gap) doc.moveDown(options.gap);
  };

  text('Statement packet', { font: 'bold', size: 20, gap: 0.3 });
  text(`Statements from ${formatDay(input.span.from)} to ${formatDay(input.span.to)}`, { size: 12, gap: 0.2 });
  const statements = input.accounts.flatMap((account) => account.statements);
  text(
    `${countOf(statements.length, 'statement')} (${formatBytes(statements.reduce((sum, one) => sum + one.size, 0))}) of ${countOf(
      input.accounts.length,
      'account',
    )}, made on ${formatDateTime(input.madeAt.toISOString())} by Statement Vault${input.owner ? ` from the vault of ${input.owner}` : ''}.`,
    { color: QUIET, gap: 0.8 },
  );
  text(input.verdict, { font: 'bold', size: 11, color: input.complete ? INK : WARNING, gap: 0.4 });
  for (const sentence of input.leftOut) text(sentence, { color: WARNING });
  if (input.leftOut.length) doc.moveDown(0.4);

  for (const account of input.accounts) {
    doc.moveDown(0.6);
    text(account.label, { font: 'bold', size: 14, gap: 0.1 });
    if (account.details) text(`${account.details} (as its statements say)`, { color: QUIET, gap: 0.1 });
    text(account.words, { color: account.complete ? INK : WARNING, gap: 0.5 });
    account.statements.forEach((statement, index) => {
      // A statement's lines stay on one page.
      if (doc.y > doc.page.height - 140) doc.addPage();
      text(`${index + 1}. ${statement.entryName}`, { font: 'bold' });
      // The packet's names are ASCII (safeEntryName): the name the file was filed as, where it differs.
      if (!statement.entryName.endsWith(statement.fileName)) text(`Filed as ${statement.fileName}`, { color: QUIET });
      text(
        `${daysWords(statement.days, statement.balances)} · opening ${money(statement.balances, 'opening')} · closing ${money(
          statement.balances,
          'closing',
        )} · ${pagesWords(statement.balances)} · ${formatBytes(statement.size)}`,
      );
      // Its own arithmetic: a lender reads that the statement is whole, or by how much it is not.
      const arithmetic = statement.balances?.arithmetic;
      if (arithmetic)
        text(storedArithmeticWords(arithmetic, statement.balances?.currency), { color: arithmetic.state === 'OFF' ? WARNING : QUIET });
      text(`${VERDICT_WORDS[statement.verdict.kind]}: ${verdictWords(statement.verdict, statement.balances?.currency)}`, {
        color: ['first', 'continuous'].includes(statement.verdict.kind) ? QUIET : WARNING,
      });
      text(`SHA-256: ${statement.sha256}`, { size: 9, gap: 0.5 });
    });
  }

  if (doc.y > doc.page.height - 200) doc.addPage();
  doc.moveDown(0.8);
  text('How to check that these are the files', { font: 'bold', size: 12, gap: 0.2 });
  text(
    `Each file's SHA-256 above is worked out from the bytes in this packet, and the file ${PACKET_ENTRIES.checksums} beside this cover lists them again in the form checking tools read. A file whose SHA-256 differs is not the file that left the vault.`,
    { gap: 0.3 },
  );
  text(`On Linux, in the unpacked folder: sha256sum -c ${PACKET_ENTRIES.checksums}`);
  text(`On macOS, in the unpacked folder: shasum -a 256 -c ${PACKET_ENTRIES.checksums}`);
  text('On Windows, for one file: certutil -hashfile "<file>" SHA256, and compare with its line above.', { gap: 0.3 });
  text(
    'A statement is "continuous" when its days begin the day after the previous statement ends (a week with no transactions between them still counts) and its opening balance equals the previous closing balance to the cent. Days and balances are read from each file; where the owner entered one, its line says so.',
    { color: QUIET },
  );

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    // The footer sits in the bottom margin, which would otherwise start a page of its own.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(QUIET)
      .text(`Page ${page + 1} of ${range.count}`, 50, doc.page.height - 35, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
};
