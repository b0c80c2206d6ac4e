import { HOLDER, type Block, type CorpusDocument } from './blocks';
import type { StatementModel } from './model';
import { money, printedDate, rowDate, type MoneyStyle } from './printed';

/**
 * The layouts banks set their statements in, as blocks: each takes a statement's numbers
 * and the words its bank prints, so the same layout serves every language and the truth
 * stays the model's.
 */
export interface Words {
  /** The period as printed, whole ("Statement period: 3rd Jun 2023 to 2nd Jul 2023"), or label and value for a pairs block. */
  period: [string, string];
  account: [string, string];
  opening: string;
  closing: string;
  moneyIn: string;
  moneyOut: string;
  /** Transactions table headings: date, description, in, out (or amount), balance. */
  table: string[];
  /** The statement's heading, which may name its kind ("SAVINGS SUMMARY"). */
  heading?: string;
  /** A long statement's rows where a page ends and the next begins ("Balance carried forward", "Balance brought forward"). */
  carry?: { forward: string; brought: string };
  /** Page numbers in the statement's words: "Page {page} of {pages}". */
  pages?: string;
  /** The summary's figures set as two runs each (see the summary block). */
  splitFigures?: boolean;
  /** Card statements: credit limit, minimum payment, due date labels. */
  card?: { limit: string; minimum: string; due: string; amount: string };
}

/** Where the bank's name stands: the letterhead, a legal line, a footer, only a web address. */
export interface BankPlacement {
  letterhead?: string[];
  align?: 'left' | 'right';
  beside?: string;
  footer?: string[];
}

export interface LayoutInput {
  model: StatementModel;
  style: MoneyStyle;
  words: Words;
  bank: BankPlacement;
}

const amount = (cents: number, style: MoneyStyle) => money(cents, style);

/** A heading written over two lines (" / "), on one, where it labels a row or a value. */
const oneLine = (label: string) => label.replace(' / ', ' ').replace('- ', '');

const top = ({ bank, words }: LayoutInput): Block[] => [
  ...(bank.letterhead ? [{ type: 'letterhead' as const, lines: bank.letterhead, align: bank.align ?? 'left', beside: bank.beside }] : []),
  { type: 'address', lines: HOLDER },
  ...(words.heading ? [{ type: 'heading' as const, text: words.heading }] : []),
];

const bottom = ({ bank }: LayoutInput): Block[] => (bank.footer ? [{ type: 'footer', lines: bank.footer }] : []);

/** Money in and out, as sums of the transactions' signs. */
const flows = (model: StatementModel) => ({
  in: model.transactions.filter(({ cents }) => cents > 0).reduce((sum, { cents }) => sum + cents, 0),
  out: -model.transactions.filter(({ cents }) => cents < 0).reduce((sum, { cents }) => sum + cents, 0),
});

/**
 * Transactions with a running balance: date, description, paid out, paid in, balance. With
 * `balanceRows`, the opening and closing balance open and close it as rows of their own (as
 * "Balance brought forward" does); without, only the summary above names them.
 */
const runningTable = ({ model, style, words }: LayoutInput, plainStyle: MoneyStyle, balanceRows: boolean): Block => {
  let balance = model.opening;
  const rows = [
    ...(balanceRows ? [[rowDate(model.from, model.locale), oneLine(words.opening), '', '', amount(model.opening, style)]] : []),
    ...model.transactions.map(({ day, text, cents }) => {
      balance += cents;
      return [
        rowDate(day, model.locale),
        text,
        cents < 0 ? money(-cents, plainStyle) : '',
        cents > 0 ? money(cents, plainStyle) : '',
        amount(balance, style),
      ];
    }),
    ...(balanceRows ? [[rowDate(model.to, model.locale), oneLine(words.closing), '', '', amount(model.closing, style)]] : []),
  ];
  return {
    type: 'table',
    headings: words.table,
    rows,
    numeric: [2, 3, 4],
    ...(words.carry ? { carry: { ...words.carry, balanceColumn: 4 } } : {}),
  };
};

/** The same figures without a currency sign, as tables print them. */
const plain = (style: MoneyStyle): MoneyStyle => ({ ...style, sign: 'none', negative: 'minus' });

/** The facts as label and value pairs (the balances last), then the transactions with both balances as rows. */
const factsAndTable = (input: LayoutInput, title: string, facts: [string, string][], columns: 1 | 2): CorpusDocument => {
  const { model, style, words } = input;
  return {
    title,
    ...(words.pages ? { pageNumbers: words.pages } : {}),
    blocks: [
      ...top(input),
      {
        type: 'pairs',
        pairs: [...facts, [oneLine(words.opening), amount(model.opening, style)], [oneLine(words.closing), amount(model.closing, style)]],
        columns,
      },
      runningTable(input, plain(style), true),
      ...bottom(input),
    ],
  };
};

export type LayoutName = keyof typeof LAYOUTS;

export const LAYOUTS = {
  /** A summary table whose headings run over two lines ("Opening / balance"), its figures in the row below; then the transactions. */
  'summary-table': (input: LayoutInput): CorpusDocument => {
    const { model, style, words } = input;
    const { in: moneyIn, out } = flows(model);
    return {
      title: 'Statement',
      ...(words.pages ? { pageNumbers: words.pages } : {}),
      blocks: [
        ...top(input),
        { type: 'pairs', pairs: [words.period, words.account], columns: 1 },
        {
          type: 'summary',
          ...(words.splitFigures ? { split: true } : {}),
          headings: [words.opening, words.moneyIn, words.moneyOut, words.closing],
          values: [amount(model.opening, style), money(moneyIn, style), money(out, style), amount(model.closing, style)],
        },
        runningTable(input, plain(style), false),
        ...bottom(input),
      ],
    };
  },
  /** Label and value pairs in two columns, the balances among them; a running-balance table below. */
  'label-pairs': (input: LayoutInput): CorpusDocument => factsAndTable(input, 'Statement', [input.words.period, input.words.account], 2),
  /** A US checking summary: a count of transactions between each label and its amount ("Ending Balance 21 $7,310.44"). */
  'count-summary': (input: LayoutInput): CorpusDocument => {
    const { model, style, words } = input;
    const credits = model.transactions.filter(({ cents }) => cents > 0);
    const debits = model.transactions.filter(({ cents }) => cents < 0);
    const { in: moneyIn, out } = flows(model);
    return {
      title: 'Statement',
      blocks: [
        ...top(input),
        { type: 'lines', lines: [`${words.period[0]} ${words.period[1]}`, `${words.account[0]} ${words.account[1]}`] },
        {
          type: 'lines',
          lines: [
            `${words.opening} ${amount(model.opening, style)}`,
            `${words.moneyIn} ${credits.length} ${money(moneyIn, style)}`,
            `${words.moneyOut} ${debits.length} -${money(out, style)}`,
            `${words.closing} ${model.transactions.length} ${amount(model.closing, style)}`,
          ],
        },
        {
          type: 'table',
          headings: [words.table[0], words.table[1], words.card?.amount ?? 'Amount'],
          rows: model.transactions.map(({ day, text, cents }) => [rowDate(day, model.locale), text, money(cents, plain(style))]),
          numeric: [2],
        },
        ...bottom(input),
      ],
    };
  },
  /** A card statement: a header row of credit limit, previous and new balance, amount due, then the transactions. */
  card: (input: LayoutInput): CorpusDocument => {
    const { model, style, words } = input;
    const card = words.card!;
    const minimum = Math.max(2500, Math.round(model.closing * 0.03));
    return {
      title: 'Card statement',
      blocks: [
        ...top(input),
        { type: 'pairs', pairs: [words.account, words.period], columns: 1 },
        {
          type: 'summary',
          ...(words.splitFigures ? { split: true } : {}),
          headings: [card.limit, words.opening, words.closing, card.minimum, card.due],
          values: [
            money(1_000_000, style),
            amount(model.opening, style),
            amount(model.closing, style),
            money(minimum, style),
            // Payment falls due some weeks after the statement's last day.
            printedDate(new Date(Date.parse(`${model.to}T00:00:00Z`) + 25 * 86_400_000).toISOString().slice(0, 10), model.locale, 'short'),
          ],
        },
        {
          type: 'table',
          headings: [words.table[0], words.table[1], card.amount],
          rows: model.transactions.map(({ day, text, cents }) => [rowDate(day, model.locale), text, money(cents, plain(style))]),
          numeric: [2],
        },
        ...bottom(input),
      ],
    };
  },
  /** A home loan: the balance owed at the period's start and end, interest and repayments. */
  loan: (input: LayoutInput): CorpusDocument => factsAndTable(input, 'Loan statement', [input.words.account, input.words.period], 1),
  /** A brokerage summary: beginning and ending value, changes between them, no transactions table. */
  brokerage: (input: LayoutInput): CorpusDocument => {
    const { model, style, words } = input;
    const { in: moneyIn, out } = flows(model);
    return {
      title: 'Investment report',
      blocks: [
        ...top(input),
        { type: 'pairs', pairs: [words.account, words.period], columns: 2 },
        {
          type: 'table',
          headings: ['', 'Account value summary', 'This period'],
          rows: [
            ['', oneLine(words.opening), amount(model.opening, style)],
            ['', words.moneyIn, money(moneyIn, style)],
            ['', words.moneyOut, money(-out, style)],
            ['', oneLine(words.closing), amount(model.closing, style)],
          ],
          numeric: [2],
        },
        ...bottom(input),
      ],
    };
  },
};
