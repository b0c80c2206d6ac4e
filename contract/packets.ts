import * as z from './zod';
import { ACCOUNT_KEY_MAX_CHARS, calendarDay } from './api';
import { QUIET_DAYS, accountChain, coveredDays, lastDayOfMonth, type AccountChain, type ChainStatement } from './accounts/chain';
import { chainSummary } from './accounts/chain-words';
import { countOf, formatDay } from './format';
import { formatBytes } from './uploads';

/**
 * A packet: the statements of chosen accounts over a span of days, with a cover that lists
 * each one's days, balances, pages and SHA-256 and says whether each account's statements
 * follow on without a gap or a break. What a lender or an accountant is handed. The web
 * app previews it with these rules and the statements API makes it with the same ones.
 */
export const PACKET_LIMITS = {
  maxAccounts: 10,
  /** Ten accounts' monthly statements over two years. */
  maxStatements: 240,
  /** What the statements API streams within API Gateway's 29 seconds, with room to spare. */
  maxBytes: 200 * 1024 * 1024,
  /** Ten years and leap days. */
  maxSpanDays: 3_660,
  /** How long the packet's download URL works. */
  downloadUrlSeconds: 15 * 60,
  /** How long the bucket keeps a packet before its lifecycle removes it. */
  lifecycleDays: 1,
} as const;

/** What the person asks for: accounts by key, and the first and last day of the span. */
export const packetRequestSchema = z
  .strictObject({
    accountKeys: z
      .array(
        z
          .string({ error: 'each account must be named by its key' })
          .min(1, 'name each account by its key')
          .max(ACCOUNT_KEY_MAX_CHARS, `an account key has at most ${ACCOUNT_KEY_MAX_CHARS} characters`),
        { error: 'accountKeys must be a list of account keys' },
      )
      .min(1, 'choose at least one account')
      .max(PACKET_LIMITS.maxAccounts, `a packet holds at most ${PACKET_LIMITS.maxAccounts} accounts`)
      .refine((keys) => new Set(keys).size === keys.length, 'name each account once'),
    from: calendarDay('from'),
    to: calendarDay('to'),
  })
  .refine((request) => request.from <= request.to, 'from must be on or before to')
  .refine(
    (request) => (Date.parse(request.to) - Date.parse(request.from)) / DAY_MS < PACKET_LIMITS.maxSpanDays,
    `a packet spans at most ${PACKET_LIMITS.maxSpanDays.toLocaleString('en-US')} days`,
  );
export type PacketRequest = z.input<typeof packetRequestSchema>;

/** The packet made: where to fetch it (once, for a short while) and what it holds. */
export interface CreatedPacket {
  url: string;
  expiresAt: string;
  /** The name the download is saved under. */
  fileName: string;
  statements: number;
  bytes: number;
  /** Whether every account is continuous over the whole span; the cover says what is not. */
  complete: boolean;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

export interface PacketSpan {
  from: string;
  to: string;
}

/** The spans people are asked for most, as of `today` (YYYY-MM-DD). */
export const packetSpanPresets = (today: string): { id: 'two-months' | 'tax-year'; label: string; span: PacketSpan }[] => {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const start = new Date(Date.UTC(year, month - 3, 1));
  return [
    {
      id: 'two-months',
      label: 'Last two full months',
      span: { from: start.toISOString().slice(0, 10), to: lastDayOfMonth(year, month - 1) },
    },
    { id: 'tax-year', label: `Last tax year (Jan to Dec ${year - 1})`, span: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` } },
  ];
};

/** The whole month a statement is filed under: its days where none were read. */
const filedMonth = (statement: ChainStatement): PacketSpan & { read: false } => {
  const [year, month] = [Number(statement.period.slice(0, 4)), Number(statement.period.slice(5, 7))];
  return { from: `${statement.period}-01`, to: lastDayOfMonth(year, month), read: false };
};

/** The days a statement covers, as the span is checked: as read (or entered; an export's its month, coveredDays), else the whole month it is filed under. */
export const statementDays = (statement: ChainStatement): PacketSpan & { read: boolean } => {
  const covered = coveredDays(statement);
  return covered ? { ...covered, read: true } : filedMonth(statement);
};

/** The days a statement's file says it covers (an export's first and last transaction), as its cover line and entry name print them. */
export const fileDays = (statement: ChainStatement): PacketSpan & { read: boolean } => {
  const { from, to } = statement.balances ?? {};
  return from && to ? { from, to, read: true } : filedMonth(statement);
};

/** Whether a statement's days meet the span: what puts it in a packet (or says it is left out). */
export const meetsSpan = (statement: ChainStatement, span: PacketSpan): boolean => {
  const days = statementDays(statement);
  return days.from <= span.to && days.to >= span.from;
};

/** Why a packet of `statements` files and `bytes` is refused, in words; undefined when it fits. */
export const packetTooLarge = (statements: number, bytes: number): string | undefined =>
  statements > PACKET_LIMITS.maxStatements || bytes > PACKET_LIMITS.maxBytes
    ? `A packet holds at most ${countOf(PACKET_LIMITS.maxStatements, 'statement')} and ${formatBytes(PACKET_LIMITS.maxBytes)}; this one would hold ${countOf(statements, 'statement')} (${formatBytes(bytes)}). Choose fewer accounts or a shorter span.`
    : undefined;

/** Days of the span at its start or end that no statement covers (more than QUIET_DAYS of them). */
export interface UncoveredDays {
  from: string;
  to: string;
  days: number;
}

export interface PacketAccount<S extends ChainStatement = ChainStatement> {
  accountKey: string;
  label: string;
  /** The chain of the statements whose days meet the span, in order. */
  chain: Omit<AccountChain, 'links'> & { links: { statement: S; verdict: AccountChain['links'][number]['verdict'] }[] };
  /** The span's first or last days in no statement. */
  uncovered: UncoveredDays[];
  /** Every day of the span covered (by read days), every statement following on with its balance (one alone follows nothing). */
  complete: boolean;
}

/**
 * An account's part of a packet: its statements whose days meet the span, their chain, and
 * the days at either end of the span no statement covers. A span that begins a few days
 * before the first statement (a weekend, a statement that starts on the 3rd) is read as
 * the chain reads a quiet gap.
 */
export const packetAccount = <S extends ChainStatement>(
  account: { accountKey: string; label: string },
  statements: readonly S[],
  span: PacketSpan,
): PacketAccount<S> => {
  const within = statements.filter((statement) => meetsSpan(statement, span));
  const chain = accountChain(within) as unknown as PacketAccount<S>['chain'];
  const uncovered: UncoveredDays[] = [];
  if (chain.links.length === 0) {
    uncovered.push({ ...span, days: dayNumber(span.to) - dayNumber(span.from) + 1 });
  } else {
    const first = Math.min(...chain.links.map((link) => dayNumber(statementDays(link.statement).from)));
    const last = Math.max(...chain.links.map((link) => dayNumber(statementDays(link.statement).to)));
    const before = first - dayNumber(span.from);
    const after = dayNumber(span.to) - last;
    if (before > QUIET_DAYS) uncovered.push({ from: span.from, to: dayOf(first - 1), days: before });
    if (after > QUIET_DAYS) uncovered.push({ from: dayOf(last + 1), to: span.to, days: after });
  }
  return { ...account, chain, uncovered, complete: (chain.state === 'continuous' || chain.state === 'single') && uncovered.length === 0 };
};

/** What an account's part says, in a sentence: its chain, and the span's days no statement covers. */
export const packetAccountWords = (account: PacketAccount): string => {
  if (account.chain.links.length === 0)
    return 'No statement of this account covers any day of the span: this account is not in the packet.';
  const ends = account.uncovered.map((gap) => `${formatDay(gap.from)} to ${formatDay(gap.to)} (${countOf(gap.days, 'day')})`);
  const chain = chainSummary(account.chain as AccountChain);
  if (ends.length === 0) return chain;
  return `${chain} Not covered by any statement: ${ends.join(' and ')}.`;
};

/** What keeps an account's part from being complete, each in a few words. */
const shortfalls = (account: PacketAccount): string[] => {
  if (account.chain.links.length === 0) return ['no statement covers any day of the span'];
  const { missing, break: breaks, overlap, duplicate, unknown } = account.chain.counts;
  const undated = account.chain.links.filter((link) => !statementDays(link.statement).read).length;
  return [
    ...(missing ? [countOf(missing, 'missing statement')] : []),
    ...(breaks ? [countOf(breaks, 'balance break')] : []),
    ...(overlap ? [countOf(overlap, 'overlap')] : []),
    ...(duplicate ? [countOf(duplicate, 'statement') + ' filed twice'] : []),
    ...(unknown ? [`${unknown} not decided (a day or balance not read)`] : []),
    ...(undated && !unknown ? [`${countOf(undated, 'statement')} without the days it covers`] : []),
    ...account.uncovered.map((gap) => `no statement covers ${formatDay(gap.from)} to ${formatDay(gap.to)}`),
  ];
};

/** The packet's verdict in plain words: complete only when every account is, and what is short where it is not. */
export const packetVerdictWords = (accounts: readonly PacketAccount[]): string => {
  const short = accounts.filter((account) => !account.complete);
  if (short.length === 0)
    return 'Complete: every statement of the span is here, each begins the day after the one before ends, and each opens with the balance the one before closed with.';
  return `Not complete. ${short.map((account) => `${account.label}: ${shortfalls(account).join('; ')}.`).join(' ')}`;
};

/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** Letters and signs with no ASCII form under Unicode's decomposition, as ASCII. */
const ASCII_FORMS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '−': '-',
  // A masked account number ("Harbor Bank ••3000") keeps its mask as the letters banks print.
  '•': 'x',
  '·': 'x',
  '∙': 'x',
  '●': 'x',
  '‧': 'x',
  '*': 'x',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
};

/**
 * A name in ASCII: accents and invisible marks dropped, the letters above spelled out, anything else `_`. Only
 * ASCII names unzip as written by every unzip in every locale: Info-ZIP's unzip reads the
 * other bytes of an entry made on DOS as code page 437 whatever its UTF-8 flag says, and
 * bsdtar skips an entry whose name the locale cannot spell.
 */
export const asciiName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .replace(/[^\x20-\x7e]|\*/gu, (char) => ASCII_FORMS[char] ?? '_')
    .replace(/_{2,}/g, '_');

/**
 * A name safe as one path segment of a ZIP on every system and in every unzip: ASCII
 * (asciiName), unsafe characters replaced, at most `max` characters; `fallback` (with the
 * name's extension) when no letter or digit of it is left.
 */
export const safeEntryName = (name: string, max = 120, fallback = 'statement'): string => {
  const safe = asciiName(name)
    .replace(UNSAFE, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, max)
    .replace(/[.\s]+$/, '');
  const [, stem, extension = ''] = /^(.*?)(\.[a-z0-9]{1,8})?$/i.exec(safe)!;
  return /[a-z0-9]/i.test(stem) ? safe : `${fallback}${extension}`;
};

/** The packet's entries by account folder: `Checking/2026-01-01 to 2026-01-31 january.pdf`, each name once. */
export const packetEntryNames = (accounts: readonly PacketAccount[]): Map<string, string> => {
  const names = new Map<string, string>();
  const taken = new Set<string>(['cover.pdf', 'sha256sums']);
  for (const account of accounts) {
    let folder = safeEntryName(account.label, 60, 'account');
    for (let n = 2; taken.has(folder.toLowerCase()); n++) folder = `${safeEntryName(account.label, 55, 'account')} (${n})`;
    taken.add(folder.toLowerCase());
    for (const link of account.chain.links) {
      const days = fileDays(link.statement);
      const base = `${days.from} to ${days.to} ${safeEntryName(link.statement.fileName, 90)}`;
      let name = `${folder}/${base}`;
      for (let n = 2; taken.has(name.toLowerCase()); n++)
        name = `${folder}/${days.from} to ${days.to} (${n}) ${safeEntryName(link.statement.fileName, 85)}`;
      taken.add(name.toLowerCase());
      names.set(link.statement.id, name);
    }
  }
  return names;
};

/** The ZIP's own name: `Statement packet 2026-09-01 to 2026-10-31.zip`. */
export const packetFileName = (span: PacketSpan): string => `Statement packet ${span.from} to ${span.to}.zip`;

/** The entries beside the statements: the cover first, then the checksums a tool can check. */
export const PACKET_ENTRIES = { cover: 'cover.pdf', checksums: 'SHA256SUMS' } as const;
