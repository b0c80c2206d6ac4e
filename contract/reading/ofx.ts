import { currencyOf, isMaskedId as isMasked, lastFourOfId, type AccountFacts, type AccountKind } from './account-numbers';
import { latest, periodOf, type CalendarDate } from './dates';
import { ofxAggregates, type OfxBlock } from './ofx-tags';

/**
 * What an OFX or QFX statement says of itself, read from its text: version 1 (SGML, whose
 * elements need not close) and version 2 (XML) alike, whatever the whitespace and line
 * endings. Only the few elements a filing needs are read, so a tag-level scan serves both
 * versions; nothing here builds the document.
 */
export interface OfxFacts {
  /** The statement's end: the transaction list's end date, else a balance's date, else the latest transaction. */
  period?: string;
  /** Where the period came from, in words. */
  periodFrom?: 'the end of its transaction list' | 'its balance date' | 'its latest transaction';
  /** Every account the file holds statements for, in order: the last four digits of each account id (undefined where masked). */
  accounts: OfxAccount[];
  /** The institution's name, where the file gives one. */
  institution?: string;
  /** How many statement answers (bank, card, investment) the file holds: none in a sign-on answer or an error. */
  statements: number;
}

/** An account an OFX file names, as its aggregate says. */
export interface OfxAccount {
  last4?: string;
  kind: 'bank' | 'card' | 'investment';
  /** The account's kind in people's words: ACCTTYPE for a bank account (CHECKING, SAVINGS…). */
  accountKind?: AccountKind;
  /** `BANKID:ACCTID` for a bank account, `BROKERID:ACCTID` for an investment one, the ACCTID for a card; absent when masked. */
  identifier?: string;
  /** The statement's CURDEF. */
  currency?: string;
  /** Its BANKID (or BROKERID): the bank it is at, by the code the file gives it. */
  bankId?: string;
}

/** The text of every element with this name (up to the next tag, for SGML's unclosed elements). */
export const values = (text: string, tag: string): string[] =>
  [...text.matchAll(new RegExp(`<${tag}>\\s*([^<\\r\\n]*)`, 'gi'))].map((match) => match[1].trim()).filter(Boolean);

/** OFX's date-time: YYYYMMDD, optionally followed by a time and a zone, which do not move the day named. */
export const ofxDate = (value: string): CalendarDate | undefined => {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { year, month, day } : undefined;
};

const dates = (text: string, tag: string) => values(text, tag).flatMap((value) => ofxDate(value) ?? []);

/** The aggregates read: each kind of account, the institution, and the transaction lists (whose DTEND ends the statement). */
const AGGREGATES = {
  bank: ['BANKACCTFROM'],
  card: ['CCACCTFROM'],
  investment: ['INVACCTFROM'],
  institution: ['FI'],
  banking: ['BANKTRANLIST'],
  investing: ['INVTRANLIST'],
} as const;

const ACCOUNT_KINDS = ['bank', 'card', 'investment'] as const;

/** The last four an account id is known by (account-numbers' rule for ids with letters). */
export const lastFour = lastFourOfId;

/** An end on the 1st of a month is the exclusive end some banks write (a March list ending 2024-04-01): the day before. */
const exclusiveEnd = (date: CalendarDate | undefined): CalendarDate | undefined => {
  if (!date || date.day !== 1) return date;
  const before = new Date(Date.UTC(date.year, date.month - 1, 0));
  return { year: before.getUTCFullYear(), month: before.getUTCMonth() + 1, day: before.getUTCDate() };
};

/** A bank account's ACCTTYPE in people's words. */
const BANK_ACCOUNT_KINDS: Record<string, AccountKind> = {
  CHECKING: 'current',
  SAVINGS: 'savings',
  MONEYMRKT: 'savings',
  CD: 'savings',
  CREDITLINE: 'loan',
};

/** The statement answers an OFX file may hold (a sign-on answer or an error holds none). */
const STATEMENT_ANSWERS = /<(?:STMTRS|CCSTMTRS|INVSTMTRS)>/gi;

/**
 * The CURDEF that applies at each position asked for (in increasing order): the last one
 * before it, each statement stating its own before its account. One walk over the CURDEFs.
 */
const currenciesAt = (text: string, positions: readonly number[]): (string | undefined)[] => {
  const stated = [...text.matchAll(/<CURDEF>\s*([^<\r\n]*)/gi)].flatMap((match) =>
    match[1].trim() ? [{ end: match.index + match[0].length, value: match[1].trim() }] : [],
  );
  let next = 0;
  return positions.map((at) => {
    while (next < stated.length && stated[next].end <= at) next++;
    return currencyOf(stated[next - 1]?.value);
  });
};

/** Reads an OFX or QFX file's text (or its first and last parts, joined). */
export const readOfx = (text: string): OfxFacts => {
  const aggregates = ofxAggregates(text, AGGREGATES);
  const texts = (blocks: readonly OfxBlock[]) => blocks.map(({ from, to }) => text.slice(from, to));
  const found = ACCOUNT_KINDS.flatMap((kind) =>
    aggregates[kind].map(({ from, to }) => {
      const block = text.slice(from, to);
      return { at: from, kind, block, id: values(block, 'ACCTID')[0] ?? '' };
    }),
  ).sort((a, b) => a.at - b.at);
  const positions = found.map(({ at }) => at);
  const currencies = currenciesAt(text, positions);
  const accounts = found.map(({ kind, block, id }, index): OfxAccount => {
    const bankId = values(block, 'BANKID')[0] ?? values(block, 'BROKERID')[0];
    const compact = id.replace(/\s+/g, '');
    const currency = currencies[index];
    const accountKind =
      kind === 'card'
        ? 'card'
        : kind === 'investment'
          ? 'brokerage'
          : BANK_ACCOUNT_KINDS[values(block, 'ACCTTYPE')[0]?.toUpperCase() ?? ''];
    return {
      kind,
      ...(accountKind ? { accountKind } : {}),
      ...(lastFour(id) ? { last4: lastFour(id) } : {}),
      ...(compact && !isMasked(compact) ? { identifier: bankId && kind !== 'card' ? `${bankId}:${compact}` : compact } : {}),
      ...(currency ? { currency } : {}),
      ...(bankId ? { bankId } : {}),
    };
  });
  const institution = texts(aggregates.institution).flatMap((block) => values(block, 'ORG'))[0];

  const ends = texts(aggregates.banking)
    .concat(texts(aggregates.investing))
    .flatMap((block) => dates(block, 'DTEND'));
  // A file cut into its first and last parts may have lost the list's closing tag: its DTEND is still near the start.
  const end = exclusiveEnd(latest(ends.length > 0 ? ends : dates(text, 'DTEND')));
  const balance = latest(dates(text, 'DTASOF'));
  const posted = latest(dates(text, 'DTPOSTED'));
  const [date, periodFrom] = end
    ? ([end, 'the end of its transaction list'] as const)
    : balance
      ? ([balance, 'its balance date'] as const)
      : posted
        ? ([posted, 'its latest transaction'] as const)
        : [undefined, undefined];
  return {
    accounts,
    statements: [...text.matchAll(STATEMENT_ANSWERS)].length,
    ...(institution ? { institution } : {}),
    ...(date ? { period: periodOf(date), periodFrom } : {}),
  };
};

/** What an OFX file says of one of its accounts, as the filing rules keep it. */
export const ofxAccountFacts = (account: OfxAccount & { last4: string }, institution: string | undefined, from: string): AccountFacts => ({
  last4: account.last4,
  ...(account.accountKind ? { kind: account.accountKind } : {}),
  identifiers: account.identifier ? [{ kind: 'ofx', value: account.identifier }] : [],
  ...(account.bankId ? { bankIds: [{ kind: 'ofx' as const, value: account.bankId.toUpperCase() }] } : {}),
  ...(account.currency ? { currency: account.currency } : {}),
  ...(institution ? { institution } : {}),
  from,
});
