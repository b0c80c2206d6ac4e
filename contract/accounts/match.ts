import { ibanBankCode, type AccountFacts, type AccountIdentifier, type AccountKind, type BankId } from '../reading/account-numbers';
import { countOf, pluralOf } from '../format';
import { IDENTIFIER_KEYS } from './identifier-keys';
import { institutionWords, sameInstitution } from './institution-names';
import { withoutDisguise } from '../upload-rules';

/**
 * Which of a person's accounts a file belongs to, from what the file says of its account.
 * An account is its number at its bank: one number is often printed by two banks, so an
 * identifier matches only together with what says which bank it is at (the bank's name, an
 * OFX BANKID, an IBAN's bank code, a sort code, a routing number). An IBAN and an OFX bank
 * and account id carry their bank in themselves; a plain account number does not. A number
 * read without any bank matches only when exactly one account has it, and the match says
 * so. The institution and the last four digits together match too; the last four alone
 * never do, since two banks' cards often share them. What the facts do not settle (two
 * accounts with one number, a file that names a bank other than the account's) is asked,
 * with each account and "a new account at <bank>" as the answers; no match proposes a new
 * account from the file's facts. Two banks, one number: two accounts, never a merge.
 */

/** An account as matching sees it: its id, what it says of itself, and the identifiers it is known by (as the store keeps them). */
export interface MatchableAccount {
  id: string;
  institution?: string;
  last4?: string;
  kind?: AccountKind;
  /** Its identifiers and its banks' codes, each as `identifierKey` gives it for this person. */
  identifierKeys: readonly string[];
}

/** How a file's account was matched, in the words a row shows. */
export type AccountMatch<A extends MatchableAccount = MatchableAccount> =
  | { kind: 'identifier'; account: A; detail: string }
  | { kind: 'institution and last four'; account: A; detail: string }
  /**
   * Accounts the file may be for, which its facts do not settle (`by`: they share its number,
   * or its last four): the person chooses, or makes a new account at `bank`.
   */
  | { kind: 'choose'; by: 'identifier' | 'last four'; candidates: A[]; detail: string; bank?: string }
  /** No account of theirs: a new one, from the file's facts. */
  | { kind: 'new'; facts: AccountFacts; detail: string };

/** What is hashed for a file beside its identifiers: each thing that names its bank, so the next file of that bank is known by it. */
export type BankFact = { kind: 'bank'; value: string };

/** What a file's keys are made of: its identifiers, then what names its bank. */
export type KeyedFact = AccountIdentifier | BankFact;

/** Every code the file names its bank by: those it states, and each IBAN's bank code. */
const bankIdsOf = (facts: Pick<AccountFacts, 'identifiers' | 'bankIds'>): BankId[] => {
  const ids = [...(facts.bankIds ?? [])];
  for (const identifier of facts.identifiers) {
    const code = identifier.kind === 'iban' ? ibanBankCode(identifier.value) : undefined;
    if (code && !ids.some((id) => id.kind === 'iban' && id.value === code)) ids.push({ kind: 'iban', value: code });
  }
  return ids;
};

/**
 * What names the file's bank, as keys are made of it: its name by its distinctive words
 * ("FIRST HARBOR BANK, N.A." and "First Harbor" alike), and each code.
 */
export const bankFacts = (facts: Pick<AccountFacts, 'identifiers' | 'bankIds' | 'institution'>): BankFact[] => {
  const words = facts.institution ? institutionWords(facts.institution) : [];
  return [
    ...(words.length > 0 ? [{ kind: 'bank' as const, value: `name:${words.join(' ')}` }] : []),
    ...bankIdsOf(facts).map((id) => ({ kind: 'bank' as const, value: `${id.kind}:${id.value}` })),
  ];
};

/** The file's identifiers, then what names its bank: what is hashed and filed with it, as many as a statement carries. */
export const keyedFacts = (facts: Pick<AccountFacts, 'identifiers' | 'bankIds' | 'institution'>): KeyedFact[] =>
  [...facts.identifiers, ...bankFacts(facts)].slice(0, IDENTIFIER_KEYS.perStatement);

/**
 * An account as the list shows it: the institution's name where known (without what a PDF's
 * text may carry that prints as nothing), and the last four digits.
 */
export const accountLabelOf = (last4: string, institution?: string) => {
  const name = institution && withoutDisguise(institution).trim();
  return `${name ? `${name} ` : ''}••${last4}`;
};

/** A bank code in the words of a label: "Bank NPBS", "Sort code 20-00-00". */
const BANK_ID_WORDS: Record<BankId['kind'], (value: string) => string> = {
  ofx: (value) => `Bank ${value}`,
  iban: () => 'its bank',
  'sort code': (value) => `Sort code ${value.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3')}`,
  'routing number': (value) => `Routing number ${value}`,
  bsb: (value) => `BSB ${value.replace(/^(\d{3})(\d{3})$/, '$1-$2')}`,
};

/**
 * The file's bank as a person reads it: its name, else the first code it states; undefined
 * where it names none. An IBAN's bank code is a piece of the account's number, so it is
 * matched by (as a key) but never written in words or a label.
 */
export const bankNameOf = (facts: Pick<AccountFacts, 'bankIds' | 'institution'>): string | undefined => {
  const name = facts.institution?.trim();
  if (name) return name;
  const id = facts.bankIds?.find((one) => one.kind !== 'iban');
  return id ? BANK_ID_WORDS[id.kind](id.value) : undefined;
};

/**
 * A person's accounts indexed for matching: by identifier key and by last four digits, so a
 * file is matched in time that does not grow with the number of accounts.
 */
export const accountIndex = <A extends MatchableAccount>(accounts: readonly A[]) => {
  const byKey = new Map<string, A[]>();
  const byLast4 = new Map<string, A[]>();
  const keysOf = new Map<A, ReadonlySet<string>>();
  for (const account of accounts) {
    for (const key of account.identifierKeys) byKey.set(key, [...(byKey.get(key) ?? []), account]);
    if (account.last4) byLast4.set(account.last4, [...(byLast4.get(account.last4) ?? []), account]);
    keysOf.set(account, new Set(account.identifierKeys));
  }
  return { byKey, byLast4, keysOf };
};

/** What each identifier that matched is, in the words of "the account with this …". */
const IDENTIFIER_WORDS: Record<AccountIdentifier['kind'], string> = { iban: 'IBAN', number: 'number', ofx: 'bank and account id' };

/** A bank named by its code only, as labels here write it ("Bank NPBS", "Sort code 20-00-00"). */
const CODE_NAME = /^(?:Bank|Sort code|Routing number|BSB) [\dA-Z-]+$/;

/**
 * Whether an account is at the file's bank: `same` where a code or name the file names its
 * bank by was filed under the account, or the names agree; `other` where both have names
 * that differ (or both are named by codes that differ); `unknown` where nothing says.
 */
const bankOf = (
  account: MatchableAccount,
  file: { name?: string; codeName?: string; keys: readonly string[] },
  keys: ReadonlySet<string> | undefined,
): 'same' | 'other' | 'unknown' => {
  if (file.keys.some((key) => key && keys?.has(key))) return 'same';
  if (file.name && account.institution) return sameInstitution(account.institution, file.name) ? 'same' : 'other';
  if (file.codeName && account.institution && CODE_NAME.test(account.institution))
    return sameInstitution(account.institution, file.codeName) ? 'same' : 'other';
  return 'unknown';
};

/** Accounts in a sentence: "First Harbor ••6789", "Visa and Lakeside ••6789". */
const named = (accounts: readonly MatchableAccount[]) => accounts.map((account) => account.id).join(' and ');

/**
 * The match for a file's account facts. `keyOf` gives an identifier's or a bank fact's key
 * as the store keeps it (a keyed hash: the store never holds a full number).
 */
export const matchAccount = <A extends MatchableAccount>(
  facts: AccountFacts,
  index: ReturnType<typeof accountIndex<A>>,
  keyOf: (fact: KeyedFact) => string,
): AccountMatch<A> => {
  const bank = bankNameOf(facts);
  const name = facts.institution?.trim() || undefined;
  const fileBank = { name, ...(bank && !name ? { codeName: bank } : {}), keys: bankFacts(facts).map(keyOf) };
  const bankOfAccount = (account: A) => bankOf(account, fileBank, index.keysOf.get(account));
  const choose = (candidates: A[], detail: string, by: 'identifier' | 'last four' = 'identifier'): AccountMatch<A> => ({
    kind: 'choose',
    by,
    candidates,
    detail,
    ...(bank ? { bank } : {}),
  });

  for (const identifier of facts.identifiers) {
    const key = keyOf(identifier);
    const candidates = (key && index.byKey.get(key)) || [];
    if (candidates.length === 0) continue;
    const words = IDENTIFIER_WORDS[identifier.kind];
    // An IBAN and an OFX bank account id name their bank in themselves: the same one is the same account.
    if (identifier.kind !== 'number') {
      if (candidates.length === 1) return { kind: 'identifier', account: candidates[0], detail: `the account with this ${words}` };
      return choose(candidates, `${named(candidates)} ${pluralOf(candidates.length, 'has', 'have')} this ${words}`);
    }
    const same = candidates.filter((account) => bankOfAccount(account) === 'same');
    if (same.length === 1) return { kind: 'identifier', account: same[0], detail: 'the account with this number at this bank' };
    if (same.length > 1) return choose(same, `${named(same)} are at this bank with this number`);
    if (!bank && candidates.length === 1)
      return {
        kind: 'identifier',
        account: candidates[0],
        detail: 'the only account with this number; the file does not name its bank',
      };
    if (!bank) return choose(candidates, `${named(candidates)} have this number, and the file does not name its bank`);
    // The file names a bank none of the accounts with this number is known to be at.
    return choose(
      candidates,
      `${named(candidates)} ${pluralOf(candidates.length, 'has', 'have')} this number, but this file is from ${bank}`,
    );
  }

  const sameLast4 = index.byLast4.get(facts.last4) ?? [];
  // Its bank (by name, or by a code such as an IBAN's, which names no bank in words) and last four.
  const same = sameLast4.filter((account) => bankOfAccount(account) === 'same');
  if (same.length === 1)
    return { kind: 'institution and last four', account: same[0], detail: `the account ending in ${facts.last4} at this bank` };
  if (same.length > 1)
    return choose(same, `${countOf(same.length, 'account')} at ${bank ?? 'this bank'} end in ${facts.last4}`, 'last four');
  if (bank) {
    // Named by a code only, its bank is not known to be another's: an account ending so is asked about, never merged.
    const unknown = fileBank.name ? [] : sameLast4.filter((account) => bankOfAccount(account) === 'unknown');
    if (unknown.length > 0)
      return choose(
        unknown,
        `${named(unknown)} ${pluralOf(unknown.length, 'ends', 'end')} in ${facts.last4}, but this file is from ${bank}`,
        'last four',
      );
    // Same last four at other institutions: a different account.
    return { kind: 'new', facts, detail: newDetail(facts, bank) };
  }
  if (sameLast4.length > 0)
    return choose(
      sameLast4,
      `the file names no bank, and ${sameLast4.length === 1 ? 'one account ends' : `${countOf(sameLast4.length, 'account')} end`} in ${facts.last4}`,
      'last four',
    );
  return { kind: 'new', facts, detail: newDetail(facts, bank) };
};

const newDetail = (facts: AccountFacts, bank: string | undefined) =>
  `no account of yours is ${bank ? `at ${bank} ` : ''}ending in ${facts.last4}`;

/** The way the filing writes an account's label from a file: "First Harbor Bank ••4821", or "••4821" with no bank named. */
const FILED_LABEL = /^(?:(.*\S)\s+)?••(\d{4})$/u;

/** An account as the person's summaries give it: its label, the identifier keys its statements' files named, and its institution. */
export interface LabelledAccount {
  label: string;
  identifierKeys?: readonly string[] | null;
  /** The institution the account's details give (its first file's, or the person's), which a label may not hold. */
  institution?: string | null;
}

/**
 * A person's accounts as matching sees them while accounts are known by their labels: a
 * label the filing wrote ("Bank ••1234") gives its institution and last four; one the
 * person typed ("Visa") gives neither. The account's details name its institution where the
 * label does not. Either is matched by the identifier keys of the files filed under it: once
 * a file with an IBAN is filed under "Visa", the next with that IBAN goes there too.
 */
export const accountsFromLabels = (accounts: readonly LabelledAccount[]): MatchableAccount[] =>
  accounts.map(({ label, identifierKeys, institution }) => {
    const match = FILED_LABEL.exec(label.normalize('NFC').trim());
    const bank = institution?.trim() || match?.[1];
    return {
      id: label,
      ...(bank ? { institution: bank } : {}),
      ...(match ? { last4: match[2] } : {}),
      identifierKeys: identifierKeys ?? [],
    };
  });
