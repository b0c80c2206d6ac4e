import type { AccountChain, ChainLink, ChainState, ChainVerdict } from './chain';
import { countOf, formatAmount, formatDays, formatPeriod } from '../format';

/** An account's chain in one word, as coverage shows it. */
export const CHAIN_STATE_WORDS: Record<ChainState, string> = {
  continuous: 'Continuous',
  single: 'One statement',
  gaps: 'Gaps',
  breaks: 'Breaks',
  unchecked: 'Unchecked',
  empty: 'Empty',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What each state means, for the word's title. */
export const CHAIN_STATE_MEANING: Record<ChainState, string> = {
  continuous: 'Every statement begins where the one before ends, with its closing balance.',
  single: 'Only one statement so far: nothing to compare it with yet.',
  gaps: 'Days between two statements are in none: a statement is missing.',
  breaks: 'A balance does not carry over, or days are covered twice.',
  unchecked: 'A day or a balance of a statement is not read: enter it on the statement to check.',
  empty: 'No statement to check.',
};

/** The month a day falls in, as periods are written ("Mar 2024"). */
const monthOf = (day: string) => formatPeriod(day.slice(0, 7));

/** Words joined as a sentence lists them: "a", "a and b", "a, b and c". */
export const joinWords = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** Why a statement follows the one before it as it does, in a sentence beside its word (VERDICT_WORDS); `currency` is the statement's. */
export const verdictWords = (verdict: ChainVerdict, currency?: string | null): string => {
  const money = (value: number) => formatAmount(value, currency);
  switch (verdict.kind) {
    case 'first':
      return 'Nothing before it to hold it against.';
    case 'continuous':
      return 'It begins after the one before ends, with its closing balance.';
    case 'missing':
      return `No statement covers ${formatDays(verdict.from, verdict.to)} (${countOf(verdict.days, 'day')}).${
        verdict.moved !== undefined ? ` The balance changed by ${money(verdict.moved)} over those days.` : ''
      }`;
    case 'break':
      return `It opens at ${money(verdict.opening)}, but the one before closed at ${money(verdict.closing)} (${money(
        verdict.difference,
      )} apart).`;
    case 'overlap':
      return `${countOf(verdict.days, 'day')} of it are also in the one before.`;
    case 'duplicate':
      return 'The same days and balances as the one before.';
    case 'unknown':
      return `${capitalised(joinWords(verdict.lacking))} ${verdict.lacking.length === 1 ? 'is' : 'are'} not read.`;
  }
};

/** The verdict's one word, for the line's mark. */
export const VERDICT_WORDS: Record<ChainVerdict['kind'], string> = {
  first: 'First',
  continuous: 'Continuous',
  missing: 'Missing statement',
  break: 'Balance break',
  overlap: 'Overlap',
  duplicate: 'Duplicate',
  unknown: 'Not decided',
};

/**
 * The chain in one sentence: "Continuous from Jan 2019 to Oct 2026: 94 statements, every
 * closing balance matches the next opening balance", or what stops it being so.
 */
export const chainSummary = (chain: AccountChain): string => {
  const count = countOf(chain.links.length, 'statement');
  if (chain.state === 'empty') return 'No statement to check.';
  const [first, last] = [chain.from && monthOf(chain.from), chain.to && monthOf(chain.to)];
  const span = first && last ? (first === last ? ` in ${first}` : ` from ${first} to ${last}`) : '';
  if (chain.state === 'single') return `One statement${span}: nothing to compare it with yet.`;
  if (chain.state === 'continuous') return `Continuous${span}: ${count}, every closing balance matches the next opening balance.`;
  if (chain.links.length === 1) return 'One statement: the days it covers are not read. Enter them on the statement.';
  const { missing, break: breaks, overlap, duplicate, unknown } = chain.counts;
  const parts = [
    ...(missing ? [countOf(missing, 'missing statement')] : []),
    ...(breaks ? [countOf(breaks, 'balance break')] : []),
    ...(overlap ? [countOf(overlap, 'overlap')] : []),
    ...(duplicate ? [countOf(duplicate, 'duplicate')] : []),
    ...(unknown ? [`${unknown} not decided (a day or balance not read)`] : []),
  ];
  const undated = chain.links.length - chain.links.filter((link) => hasDays(link)).length;
  if (parts.length === 0 && undated > 0) parts.push(`${countOf(undated, 'statement')} without the days it covers`);
  return `Not continuous: ${count}${span}, with ${joinWords(parts)}.`;
};

const hasDays = (link: ChainLink) => Boolean(link.statement.balances?.from && link.statement.balances?.to);
