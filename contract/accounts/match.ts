import type { AccountFacts, AccountIdentifier, AccountKind } from '../reading/account-numbers';
import { sameInstitution } from './institution-names';

/**
 * Which of a person's accounts a file belongs to, from what the file says of its account.
 * An identifier the file names (a full IBAN, an OFX bank and account id, a full account
 * number) settles it; else the institution and the last four digits together; the last
 * four alone never do, since two banks' cards often share them. No match proposes a new
 * account from the file's facts; a match the facts do not settle (the last four of
 * accounts at banks the file does not name) is offered for the person to choose, never
 * taken.
 */

/** An account as matching sees it: its id, what it says of itself, and the identifiers it is known by (as the store keeps them). */
export interface MatchableAccount {
  id: string;
  institution?: string;
  last4?: string;
  kind?: AccountKind;
  /** Its identifiers, each as `identifierKey` gives it for this person. */
  identifierKeys: readonly string[];
}

/** How a file's account was matched, in the words a row shows. */
export type AccountMatch<A extends MatchableAccount = MatchableAccount> =
  | { kind: 'identifier'; account: A; detail: string }
  | { kind: 'institution and last four'; account: A; detail: string }
  /** Accounts the file may be for, which its facts do not settle: the person chooses. */
  | { kind: 'choose'; candidates: A[]; detail: string }
  /** No account of theirs: a new one, from the file's facts. */
  | { kind: 'new'; facts: AccountFacts; detail: string };

/**
 * A person's accounts indexed for matching: by identifier key and by last four digits, so a
 * file is matched in time that does not grow with the number of accounts.
 */
export const accountIndex = <A extends MatchableAccount>(accounts: readonly A[]) => {
  const byKey = new Map<string, A>();
  const byLast4 = new Map<string, A[]>();
  for (const account of accounts) {
    for (const key of account.identifierKeys) byKey.set(key, account);
    if (account.last4) byLast4.set(account.last4, [...(byLast4.get(account.last4) ?? []), account]);
  }
  return { byKey, byLast4 };
};

/** An identifier's kind in words. */
const IDENTIFIER_WORDS: Record<AccountIdentifier['kind'], string> = { iban: 'IBAN', number: 'account number', ofx: 'bank and account id' };

/**
 * The match for a file's account facts. `keyOf` gives an identifier's key as the store
 * keeps it (a keyed hash: the store never holds a full number).
 */
export const matchAccount = <A extends MatchableAccount>(
  facts: AccountFacts,
  index: ReturnType<typeof accountIndex<A>>,
  keyOf: (identifier: AccountIdentifier) => string,
): AccountMatch<A> => {
  for (const identifier of facts.identifiers) {
    const account = index.byKey.get(keyOf(identifier));
    if (account) return { kind: 'identifier', account, detail: `its ${IDENTIFIER_WORDS[identifier.kind]}` };
  }
  const sameLast4 = index.byLast4.get(facts.last4) ?? [];
  if (facts.institution) {
    const same = sameLast4.filter((account) => account.institution && sameInstitution(account.institution, facts.institution!));
    if (same.length === 1)
      return { kind: 'institution and last four', account: same[0], detail: `${facts.institution} and ••${facts.last4}` };
    if (same.length > 1)
      return { kind: 'choose', candidates: same, detail: `${same.length} accounts at ${facts.institution} end in ${facts.last4}` };
    // Same last four at other institutions (or none named): a different account.
    return { kind: 'new', facts, detail: newDetail(facts) };
  }
  if (sameLast4.length > 0)
    return {
      kind: 'choose',
      candidates: sameLast4,
      detail: `the file names no bank, and ${sameLast4.length === 1 ? 'one account ends' : `${sameLast4.length} accounts end`} in ${facts.last4}`,
    };
  return { kind: 'new', facts, detail: newDetail(facts) };
};

const newDetail = (facts: AccountFacts) =>
  `no account of yours is ${facts.institution ? `at ${facts.institution} ` : ''}ending in ${facts.last4}`;

/** The way the filing writes an account's label from a file: "First Harbor Bank ••4821", or "••4821" with no bank named. */
const FILED_LABEL = /^(?:(.*\S)\s+)?••(\d{4})$/u;

/** An account as the person's summaries give it: its label, and the identifier keys its statements' files named. */
export interface LabelledAccount {
  label: string;
  identifierKeys?: readonly string[] | null;
}

/**
 * A person's accounts as matching sees them while accounts are known by their labels: a
 * label the filing wrote ("Bank ••1234") gives its institution and last four; one the
 * person typed ("Visa") gives neither. Either is matched by the identifier keys of the
 * files filed under it: once a file with an IBAN is filed under "Visa", the next with that
 * IBAN goes there too.
 */
export const accountsFromLabels = (accounts: readonly LabelledAccount[]): MatchableAccount[] =>
  accounts.map(({ label, identifierKeys }) => {
    const match = FILED_LABEL.exec(label.normalize('NFC').trim());
    return {
      id: label,
      ...(match?.[1] ? { institution: match[1] } : {}),
      ...(match ? { last4: match[2] } : {}),
      identifierKeys: identifierKeys ?? [],
    };
  });
