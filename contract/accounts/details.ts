import { institutionWords } from './institution-names';
import { ACCOUNT_KINDS, ACCOUNT_KIND_WORDS, type AccountKind } from '../reading/account-numbers';
import { textProblem } from '../upload-rules';

/**
 * What an account is, beside its name: its institution, its kind and its currency. The
 * first file filed under an account that says each gives it ("read from its files"); a
 * later file never changes what is there.
 */
export const ACCOUNT_DETAIL_FIELDS = ['institution', 'kind', 'currency'] as const;
export type AccountDetailField = (typeof ACCOUNT_DETAIL_FIELDS)[number];

export const ACCOUNT_DETAIL_LIMITS = {
  institutionMaxChars: 80,
  /** Its percent-encoded bytes, within what S3's 2 KB of metadata leaves beside the name and label. */
  institutionMaxStoredBytes: 160,
} as const;

/** ISO 4217: three capital letters. */
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

export interface AccountDetails {
  institution?: string;
  kind?: AccountKind;
  currency?: string;
}

export { ACCOUNT_KINDS, ACCOUNT_KIND_WORDS };

/** An account's details in one line, as its page and rows say them: "First Harbor Bank · current account · USD". */
export const accountDetailsLine = (details: { institution?: string | null; kind?: string | null; currency?: string | null }): string =>
  [details.institution, details.kind && ACCOUNT_KIND_WORDS[details.kind as AccountKind], details.currency].filter(Boolean).join(' · ');

/**
 * What most of an account's statements' files say of it (institution, kind, currency), each
 * detail on its own: the packet's cover names the bank and the kind this way. A detail no
 * file says is left out, never guessed.
 */
export const detailsMostSaid = (said: readonly (AccountDetails | undefined)[]): AccountDetails => {
  const most = (field: (typeof ACCOUNT_DETAIL_FIELDS)[number]) => {
    const counts = new Map<string, number>();
    for (const facts of said) if (facts?.[field]) counts.set(facts[field]!, (counts.get(facts[field]!) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  };
  const details: Record<string, string> = {};
  for (const field of ACCOUNT_DETAIL_FIELDS) {
    const value = most(field);
    if (value) details[field] = value;
  }
  return details as AccountDetails;
};

/**
 * An account's details as they follow its name: the same line, without the institution
 * when the name already holds it ("First Harbor ••4821" is not followed by "First Harbor
 * Bank" again), by the words that tell institutions apart.
 */
export const accountDetailsBeside = (
  label: string,
  details: { institution?: string | null; kind?: string | null; currency?: string | null },
): string => {
  const named = new Set(institutionWords(label));
  const bank = details.institution ? institutionWords(details.institution) : [];
  const said = bank.length > 0 && bank.every((word) => named.has(word));
  return accountDetailsLine(said ? { ...details, institution: null } : details);
};

/**
 * The facts a file's reading gives, as an upload may send them: each only where it keeps to
 * the API's rules (an institution too long to store is left out rather than refusing the file).
 */
export const uploadableFacts = (
  facts: { institution?: string; kind?: AccountKind; currency?: string } | undefined,
): AccountDetails | undefined => {
  if (!facts) return undefined;
  const institution = facts.institution?.normalize('NFC').trim();
  const kept: AccountDetails = {
    ...(institution &&
    !textProblem('institution', institution, ACCOUNT_DETAIL_LIMITS.institutionMaxChars, ACCOUNT_DETAIL_LIMITS.institutionMaxStoredBytes)
      ? { institution }
      : {}),
    ...(facts.kind && (ACCOUNT_KINDS as readonly string[]).includes(facts.kind) ? { kind: facts.kind } : {}),
    ...(facts.currency && CURRENCY_PATTERN.test(facts.currency) ? { currency: facts.currency } : {}),
  };
  return Object.keys(kept).length > 0 ? kept : undefined;
};

/** What is wrong with details a person gives, in their words; undefined when nothing is. An empty one clears it. */
export const accountDetailsProblem = (details: {
  institution?: string | null;
  kind?: string | null;
  currency?: string | null;
}): string | undefined => {
  const institution = details.institution?.normalize('NFC').trim();
  // What a person says is kept in the table, not in a file's metadata: no stored-bytes limit.
  const named = institution && textProblem("The institution's name", institution, ACCOUNT_DETAIL_LIMITS.institutionMaxChars, Infinity);
  if (named) return `${named}.`;
  if (details.kind && !(ACCOUNT_KINDS as readonly string[]).includes(details.kind))
    return `The kind must be one of: ${ACCOUNT_KINDS.map((kind) => ACCOUNT_KIND_WORDS[kind]).join(', ')}.`;
  const currency = details.currency?.trim();
  if (currency && !CURRENCY_PATTERN.test(currency)) return 'The currency is its three-letter code, in capitals (USD, EUR).';
  return undefined;
};

/** Where an account's details came from, in words: the person, its files, or both. */
export const detailsSource = (
  account: { [K in `${AccountDetailField}Said`]?: boolean | null } & { [K in AccountDetailField]?: string | null },
): string => {
  const present = ACCOUNT_DETAIL_FIELDS.filter((field) => account[field]);
  const said = present.filter((field) => account[`${field}Said`]);
  if (said.length === 0) return 'as its files say';
  if (said.length === present.length) return 'as you said';
  return `${said.join(' and ')} as you said, the rest as its files say`;
};
