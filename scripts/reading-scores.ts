import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FilingProposal } from '../contract/reading';
import type { StatementBalances } from '../contract/reading/balances';
import { TRUTH_FIELDS, type Truth, type TruthField } from '../test/corpus/model';

/**
 * The readers scored on the corpus (test/fixtures/corpus), field by field: a value read and
 * the truth's is right; a value read that differs, or one read that the file does not print,
 * is wrong; a printed value not read is not read; a field neither printed nor read is right.
 * Shared by `npm run score:reading` and test/contract/corpus-scores.test.ts.
 */
export const ROOT = path.join(__dirname, '..');
export const CORPUS_FOLDER = path.join(ROOT, 'test', 'fixtures', 'corpus');
export const FLOORS_FILE = path.join(CORPUS_FOLDER, 'floors.json');

export type Outcome = 'right' | 'wrong' | 'not read';

/** What the readers made of one file, in the truth's terms (balances in cents). */
export type Reading = Truth;

interface RunnerLine {
  file: string;
  proposal: FilingProposal;
  balances: StatementBalances;
}

export interface Scored {
  file: string;
  made: string;
  truth: Truth;
  reading: Reading;
  outcomes: Record<TruthField, Outcome>;
  /** Whether its own arithmetic was checked (CHECKED, OFF, NOT_CHECKED), where the catalogue says. */
  arithmetic?: string;
}

const cents = (amount: number | null | undefined) => (typeof amount === 'number' ? Math.round(amount * 100) : undefined);

/** The readers' answers, as the upload panel proposes them and the catalogue reads them. */
export const readingOf = ({ proposal, balances }: RunnerLine): Reading => {
  const facts = proposal.account?.facts;
  const values: Reading = {
    bank: facts?.institution,
    kind: facts?.kind,
    last4: facts?.last4,
    period: proposal.period?.value,
    from: balances.from ?? undefined,
    to: balances.to ?? undefined,
    opening: cents(balances.opening),
    closing: cents(balances.closing),
    currency: facts?.currency ?? balances.currency ?? undefined,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Reading;
};

/** Words any bank's name may carry, and a legal line adds: the name is the rest. */
const GENERIC = new Set([
  'bank',
  'banque',
  'banco',
  'banca',
  'the',
  'of',
  'limited',
  'ltd',
  'plc',
  'na',
  'ag',
  'eg',
  'sa',
  'nv',
  'llc',
  'inc',
  'card',
  'services',
]);

/** A bank's name by its distinctive words: "FENWICK BANK LIMITED" is "Fenwick Bank", "Banco del Ebro, S.A." is "Banco del Ebro". */
export const bankWords = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !GENERIC.has(word))
    .join(' ');

const same = (field: TruthField, read: Truth[TruthField], truth: Truth[TruthField]) =>
  field === 'bank' ? bankWords(String(read)) === bankWords(String(truth)) && bankWords(String(truth)) !== '' : read === truth;

export const outcomeOf = (field: TruthField, read: Truth[TruthField], truth: Truth[TruthField]): Outcome =>
  truth === undefined
    ? read === undefined
      ? 'right'
      : 'wrong'
    : read === undefined
      ? 'not read'
      : same(field, read, truth)
        ? 'right'
        : 'wrong';

/** The corpus's files, each with its truth (`<name>.truth.json` beside `<name>.pdf`, `.jpg` or `.png`). */
export const corpusFiles = (folder = CORPUS_FOLDER): { file: string; made: string; truth: Truth }[] =>
  fs
    .readdirSync(folder)
    .filter((name) => /\.(pdf|jpg|png)$/.test(name))
    .sort()
    .map((file) => {
      const { made, ...truth } = JSON.parse(
        fs.readFileSync(path.join(folder, `${file.replace(/\.[a-z]+$/, '')}.truth.json`), 'utf8'),
      ) as Truth & { made: string };
      return { file, made, truth };
    });

/** Every corpus file through the readers (pdf.js runs in a Node process of its own), scored. */
export const scoreCorpus = (folder = CORPUS_FOLDER): Scored[] => {
  const files = corpusFiles(folder);
  const lines = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'test/support/corpus-reading-runner.mts', ...files.map(({ file }) => path.join(folder, file))],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RunnerLine);
  const byFile = new Map(lines.map((line) => [line.file, line]));
  return files.map(({ file, made, truth }) => {
    const line = byFile.get(file);
    if (!line) throw new Error(`The readers gave nothing for ${file}`);
    const reading = readingOf(line);
    const outcomes = Object.fromEntries(TRUTH_FIELDS.map((field) => [field, outcomeOf(field, reading[field], truth[field])])) as Record<
      TruthField,
      Outcome
    >;
    const arithmetic = line.balances.arithmetic?.state;
    return { file, made, truth, reading, outcomes, ...(arithmetic ? { arithmetic } : {}) };
  });
};

export type Counts = Record<TruthField, Record<Outcome, number>>;

export const countsOf = (scored: readonly Scored[]): Counts =>
  Object.fromEntries(
    TRUTH_FIELDS.map((field) => [
      field,
      {
        right: scored.filter(({ outcomes }) => outcomes[field] === 'right').length,
        wrong: scored.filter(({ outcomes }) => outcomes[field] === 'wrong').length,
        'not read': scored.filter(({ outcomes }) => outcomes[field] === 'not read').length,
      },
    ]),
  ) as Counts;

/** A wrong value, as "file: field". */
export const wrongKey = (file: string, field: TruthField) => `${file}: ${field}`;

export const wrongValues = (scored: readonly Scored[]) =>
  scored.flatMap(({ file, truth, reading, outcomes }) =>
    TRUTH_FIELDS.filter((field) => outcomes[field] === 'wrong').map((field) => ({
      file,
      field,
      read: reading[field],
      truth: truth[field],
    })),
  );

const MARKS: Record<Outcome, string> = { right: 'right', wrong: 'WRONG', 'not read': '-' };

/** One row per file: each field's outcome, for finding which layouts a reader misses. */
export const fileReport = (scored: readonly Scored[]): string =>
  [
    `  ${'file'.padEnd(52)} ${TRUTH_FIELDS.map((field) => field.padEnd(8)).join(' ')}`,
    ...scored.map(
      ({ file, outcomes }) => `  ${file.padEnd(52)} ${TRUTH_FIELDS.map((field) => MARKS[outcomes[field]].padEnd(8)).join(' ')}`,
    ),
    '',
  ].join('\n');

/**
 * The statements' own arithmetic over the files whose truth has both balances: how many are
 * checked, off or not checked, and the files checked although a balance read is wrong (none
 * may be: a check that passes on a wrong balance proves nothing).
 */
export const arithmeticScore = (scored: readonly Scored[]) => {
  const both = scored.filter(({ truth }) => truth.opening !== undefined && truth.closing !== undefined);
  const state = (name: string) => both.filter(({ arithmetic }) => arithmetic === name).length;
  return {
    files: both.length,
    checked: state('CHECKED'),
    off: state('OFF'),
    notChecked: both.length - state('CHECKED') - state('OFF'),
    checkedWrong: both
      .filter(({ arithmetic, outcomes }) => arithmetic === 'CHECKED' && (outcomes.opening === 'wrong' || outcomes.closing === 'wrong'))
      .map(({ file }) => file),
  };
};

const show = (value: unknown) => (value === undefined ? '(not printed)' : JSON.stringify(value));

const arithmeticLine = ({ files, checked, off, notChecked, checkedWrong }: ReturnType<typeof arithmeticScore>) =>
  `Own arithmetic, of ${files} files printing both balances: ${checked} read and checked, ${off} off, ${notChecked} not checked; checked with a wrong balance: ${checkedWrong.length}`;

/** The table per field, the same per way of making, the statements' own arithmetic, and the list of wrong values. */
export const scoreReport = (scored: readonly Scored[]): string => {
  const counts = countsOf(scored);
  const row = (label: string, right: number, wrong: number, notRead: number) =>
    `  ${label.padEnd(42)} ${String(right).padStart(5)} ${String(wrong).padStart(5)} ${String(notRead).padStart(8)}`;
  const printed = (field: TruthField) => scored.filter(({ truth }) => truth[field] !== undefined).length;
  const makes = [...new Set(scored.map(({ made }) => made))];
  const all = (filter: (entry: Scored) => boolean, outcome: Outcome) =>
    scored.filter(filter).reduce((sum, { outcomes }) => sum + TRUTH_FIELDS.filter((field) => outcomes[field] === outcome).length, 0);
  const wrong = wrongValues(scored);
  return [
    `Reading scored on ${scored.length} corpus files (test/fixtures/corpus), per field:`,
    row('field (files printing it)', 0, 0, 0).replace(/ +0 +0 +0$/, '  right wrong not read'),
    ...TRUTH_FIELDS.map((field) =>
      row(`${field} (${printed(field)})`, counts[field].right, counts[field].wrong, counts[field]['not read']),
    ),
    row(
      'all fields',
      all(() => true, 'right'),
      all(() => true, 'wrong'),
      all(() => true, 'not read'),
    ),
    'Per way of making (all fields):',
    ...makes.map((made) =>
      row(
        `${made} (${scored.filter((entry) => entry.made === made).length})`,
        all((entry) => entry.made === made, 'right'),
        all((entry) => entry.made === made, 'wrong'),
        all((entry) => entry.made === made, 'not read'),
      ),
    ),
    arithmeticLine(arithmeticScore(scored)),
    `Wrong values (${wrong.length}): file, field, read, truth`,
    ...wrong.map(({ file, field, read, truth }) => `  ${file}  ${field}  read ${show(read)}  truth ${show(truth)}`),
    '',
  ].join('\n');
};

/**
 * The floors the test holds the readers to: each field's right count, which a change may
 * raise and never lower, and the wrong values read today, each to be fixed and none added.
 */
export interface Floors {
  right: Record<TruthField, number>;
  wrong: string[];
}

export const readFloors = (file = FLOORS_FILE): Floors => JSON.parse(fs.readFileSync(file, 'utf8')) as Floors;

/** Floors from today's scores: refused where a right count would fall or a new wrong value appear. */
export const raisedFloors = (scored: readonly Scored[], before?: Floors): { floors: Floors; refused: string[] } => {
  const counts = countsOf(scored);
  const wrong = wrongValues(scored).map(({ file, field }) => wrongKey(file, field));
  const refused = before
    ? [
        ...TRUTH_FIELDS.filter((field) => counts[field].right < (before.right[field] ?? 0)).map(
          (field) => `${field}: ${counts[field].right} right, below its floor of ${before.right[field]}`,
        ),
        ...wrong.filter((key) => !before.wrong.includes(key)).map((key) => `${key}: a new wrong value`),
      ]
    : [];
  return {
    floors: { right: Object.fromEntries(TRUTH_FIELDS.map((field) => [field, counts[field].right])) as Floors['right'], wrong },
    refused,
  };
};
