import { countOf } from '../format';
import { KiB } from '../uploads';
import { accountLabelOf } from '../accounts/match';
import type { AccountFacts } from './account-numbers';
import { ofxBalances, pdfBalances, tableBalances, type StatementBalances } from './balances';
import { readCsv, readTable } from './csv';
import { compactColumns } from './layout';
import { periodFromFileName } from './file-name';
import { ofxAccountFacts, readOfx } from './ofx';
import { nameQuestion, twoReadingsQuestion, type PeriodQuestion } from './period-question';
import { readStatementText } from './statement-text';
import { csvTransactions, sheetTransactions } from './transactions';
import { decodeStatementText, decodeWindows1252, ENCODING_NAMES } from './text';

/**
 * What to file a statement under, proposed from the file itself: its period and its
 * account, each with where it came from, so the person can see why and change it. The
 * rules are pure and read only the file's first and last parts, never a whole large file;
 * the web app runs them in its worker, and nothing of the content leaves the browser.
 */
export type ProposalSource = 'file';

export interface FilingProposal {
  /** The period the content says (never the file name's: a name's date is asked, in `periodQuestion`). */
  period?: { value: string; source: ProposalSource; detail: string };
  /**
   * Where the content gives no period it can stand by: the month its name offers, or the
   * months its dates read as both ways, for the person to confirm or choose. The row cannot
   * be sent, nor a mailed file filed, until the person answers.
   */
  periodQuestion?: PeriodQuestion;
  /** The account: its label as the list shows it, and what the file says of it (identifiers to match it by, kind, currency). */
  account?: { value: string; source: 'file'; detail: string; facts: AccountFacts };
  /**
   * Its days and balances, where the part read says them (the whole of a small export, a
   * PDF's first pages): what the vault reads again from the whole file after its scan.
   */
  balances?: { value: StatementBalances; source: 'file' };
  /** What else a person should know, in words ("This file holds 3 accounts; …"). */
  notes: string[];
}

/** Balances worth proposing: a day or a balance read (what was not is said on the statement's page). */
const proposed = (value: StatementBalances): Pick<FilingProposal, 'balances'> =>
  value.from !== undefined || value.opening !== undefined || value.closing !== undefined ? { balances: { value, source: 'file' } } : {};

/**
 * How much of a file is read: its first part, and (for a larger file) its last. A workbook
 * (XLSX, a ZIP archive whose directory is at its end) is read whole, up to a size no
 * statement reaches; a larger one is proposed for by its name.
 */
export const PROPOSAL_READ = { headBytes: 256 * KiB, tailBytes: 64 * KiB, workbookBytes: 10 * 1024 * KiB } as const;

/** The pieces of a file the rules read: the first part, and the last where the file is larger. */
export interface FilePieces {
  fileName: string;
  mime: string;
  size: number;
  head: Uint8Array;
  /** The last part, present when the head is not the whole file. */
  tail?: Uint8Array;
  /** A PDF's text, as its reader got it from the first pages, or why there is none. */
  text?: DocumentText;
  /** A workbook's first sheet, its cells as text (dates as YYYY-MM-DD), or why there is none. */
  sheet?: SheetRows;
}

export type SheetRows = { rows: string[][] } | { problem: 'too large' | 'unreadable' };

const SHEET_PROBLEMS: Record<Extract<SheetRows, { problem: string }>['problem'], string> = {
  'too large': 'This workbook is too large to read here, so only its name was.',
  unreadable: 'This workbook could not be read here, so only its name was.',
};

/** The text of a document's first pages, or why it has none a reader could get (no OCR is done here: the catalogue reads scans after upload). */
export type DocumentText = { text: string } | { problem: 'protected' | 'no text' | 'unreadable' };

const TEXT_PROBLEMS: Record<Extract<DocumentText, { problem: string }>['problem'], string> = {
  protected: 'This PDF is protected by a password, so nothing in it was read.',
  'no text': 'This PDF is a scan, with no text to read here. Its words, days and balances are read after upload.',
  unreadable: 'This PDF could not be read here, so nothing in it was read.',
};

export { accountLabelOf } from '../accounts/match';

/** The proposal's account from what a file says of it. */
const accountFrom = (facts: AccountFacts): FilingProposal['account'] => ({
  value: accountLabelOf(facts.last4, facts.institution),
  source: 'file',
  detail: facts.from,
  facts,
});

/** The note for a table of several accounts or cards: none is proposed, the person chooses. */
const severalNote = (several: { last4s: string[]; from: string }) =>
  `This file holds rows of ${countOf(several.last4s.length, 'account or card', 'accounts or cards')} (${several.last4s.map((last4) => `••${last4}`).join(', ')}, in ${several.from}): choose the account it is filed under.`;

const OFX_TYPES = new Set(['application/x-ofx', 'application/vnd.intu.qfx']);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The month a file's name offers, as a question: a download's stamp ("20250614_…") is no statement's month until the person says so. */
const fromFileName = (fileName: string): PeriodQuestion | undefined => {
  const period = periodFromFileName(fileName);
  return period ? nameQuestion(period, fileName) : undefined;
};

/** The text of the pieces: the head, and the tail in the head's encoding (its first, cut line is the reader's to drop). */
const texts = (pieces: FilePieces) => {
  const complete = pieces.tail === undefined;
  const head = decodeStatementText(pieces.head, complete);
  const tail = !pieces.tail
    ? undefined
    : head.encoding === 'windows-1252'
      ? decodeWindows1252(pieces.tail)
      : new TextDecoder(head.encoding).decode(pieces.tail);
  return { complete, head, tail };
};

const proposeOfx = (pieces: FilePieces): FilingProposal => {
  const { head, tail } = texts(pieces);
  const facts = readOfx(tail ? `${head.text}\n${tail}` : head.text);
  const notes: string[] = [];
  if (facts.statements === 0 && pieces.tail === undefined)
    notes.push("This file holds no statement (only the bank's sign-on answer or an error): it will be refused.");
  const [first] = facts.accounts;
  if (facts.accounts.length > 1) notes.push(`This file holds ${facts.accounts.length} accounts; the first is proposed.`);
  if (first && !first.last4 && facts.institution)
    notes.push(`It names ${facts.institution} but no account number it can be told by: choose the account.`);
  return {
    ...(facts.period ? { period: { value: facts.period, source: 'file', detail: facts.periodFrom! } } : {}),
    ...(first?.last4
      ? { account: accountFrom(ofxAccountFacts({ ...first, last4: first.last4 }, facts.institution, `its ${first.kind} account id`)) }
      : {}),
    // A whole file only: the opening balance is its closing one less every transaction.
    ...(pieces.tail === undefined ? proposed(ofxBalances(head.text)) : {}),
    notes,
  };
};

/** A table's account, or the note that it holds several. */
const tableAccount = (facts: { account?: AccountFacts; several?: { last4s: string[]; from: string } }) => ({
  ...(facts.account ? { account: accountFrom(facts.account) } : {}),
  notes: facts.several ? [severalNote(facts.several)] : [],
});

const proposeCsv = (pieces: FilePieces): FilingProposal => {
  const { complete, head, tail } = texts(pieces);
  const facts = readCsv({ head: head.text, tail, complete });
  const dialect = `${ENCODING_NAMES[head.encoding]}${head.bom ? ' with a byte-order mark' : ''}, ${
    { ',': 'commas', ';': 'semicolons', '\t': 'tabs', '|': 'pipes' }[facts.delimiter] ?? `"${facts.delimiter}"`
  }, ${facts.lineEnding} line endings`;
  const { account, notes } = tableAccount(facts);
  return {
    ...(facts.period ? { period: { value: facts.period, source: 'file', detail: facts.periodFrom! } } : {}),
    ...(account ? { account } : {}),
    // A whole file only: its last row's balance is its closing one.
    ...(complete ? proposed(tableBalances(csvTransactions(head.text, true))) : {}),
    notes: [`Read as ${dialect}.`, ...notes],
  };
};

const proposeSheet = (pieces: FilePieces): FilingProposal => {
  if (!pieces.sheet) return { notes: [] };
  if ('problem' in pieces.sheet) return { notes: [SHEET_PROBLEMS[pieces.sheet.problem]] };
  const facts = readTable(pieces.sheet.rows);
  return {
    ...(facts.period ? { period: { value: facts.period, source: 'file', detail: `${facts.periodFrom!} (first sheet)` } } : {}),
    ...proposed(tableBalances(sheetTransactions(pieces.sheet.rows))),
    ...tableAccount(facts),
  };
};

const proposePdf = (pieces: FilePieces): FilingProposal => {
  if (!pieces.text) return { notes: [] };
  if ('problem' in pieces.text) return { notes: [TEXT_PROBLEMS[pieces.text.problem]] };
  const facts = readStatementText(compactColumns(pieces.text.text));
  return {
    ...(facts.period ? { period: { value: facts.period, source: 'file', detail: facts.periodFrom! } } : {}),
    ...(facts.periodAsk ? { periodQuestion: twoReadingsQuestion(facts.periodAsk.periods, facts.periodAsk.detail) } : {}),
    ...(facts.account ? { account: accountFrom(facts.account) } : {}),
    ...proposed(pdfBalances([pieces.text.text])),
    notes: facts.institution && !facts.account ? [`It names ${facts.institution.name} but no account number: choose the account.`] : [],
  };
};

/** The proposal for a file whose content was not read (its reading ran out of time): the month its name offers, asked. */
export const proposeByName = (fileName: string): FilingProposal => {
  const periodQuestion = fromFileName(fileName);
  return { ...(periodQuestion ? { periodQuestion } : {}), notes: [] };
};

/** What a row says of a photo or a scan saved as a picture: read by OCR in the catalogue, not in the page. */
export const PICTURE_NOTE = 'This is a picture. Its words, days and balances are read after upload.';

/**
 * The proposal for a file from its pieces. The content's own dates come first; where they
 * give no period (or are not read, as for images), the name's month is asked, never filled.
 */
export const proposeFiling = (pieces: FilePieces): FilingProposal => {
  const fromContent = OFX_TYPES.has(pieces.mime)
    ? proposeOfx(pieces)
    : pieces.mime === 'text/csv'
      ? proposeCsv(pieces)
      : pieces.mime === 'application/pdf'
        ? proposePdf(pieces)
        : pieces.mime === XLSX
          ? proposeSheet(pieces)
          : pieces.mime.startsWith('image/')
            ? { notes: [PICTURE_NOTE] }
            : { notes: [] };
  if (fromContent.period || fromContent.periodQuestion) return fromContent;
  const periodQuestion = fromFileName(pieces.fileName);
  return { ...fromContent, ...(periodQuestion ? { periodQuestion } : {}) };
};
