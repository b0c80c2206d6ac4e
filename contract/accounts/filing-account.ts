import { identifierText } from './identifier-keys';
import { sameInstitution } from './institution-names';
import { accountIndex, accountLabelOf, accountsFromLabels, bankNameOf, matchAccount, type LabelledAccount } from './match';
import { pluralOf } from '../format';
import { accountKeyOf } from '../keys';
import type { FilingProposal } from '../reading';
import type { AccountFacts } from '../reading/account-numbers';

/** What a row keeps of what its file says of the account: beside kind, currency and bank, its last four and its bank in words (a name, or a code). */
export type RowFacts = Pick<AccountFacts, 'kind' | 'currency' | 'institution' | 'from'> & { last4?: string; bank?: string };

/** An answer a row offers when the file does not settle its account: one of the person's accounts, or a new one. */
export interface AccountChoice {
  /** The label the row takes. */
  label: string;
  /** The answer in words: the account's label, or "A new account at Lakeside Bank". */
  words: string;
}

/**
 * A row's account from the file's proposal and the person's accounts (contract/accounts/match):
 * one of theirs where an identifier the file names was filed there before at the same bank
 * (its key, `identifierKeys`: text → key, for identifiers and bank facts alike), or where the
 * file's bank and last four match it; a new one, labelled from the file, where none does;
 * nothing, and the person chooses between the accounts it may be and a new one, where the
 * file does not settle it.
 */
export const filingAccount = (
  account: NonNullable<FilingProposal['account']>,
  accounts: readonly LabelledAccount[],
  identifierKeys: ReadonlyMap<string, string> = new Map(),
): {
  accountLabel: string;
  accountSource: 'file' | 'choose';
  accountDetail: string;
  accountFacts: RowFacts;
  accountChoices?: AccountChoice[];
} => {
  const { kind, currency, institution, from, last4 } = account.facts;
  const bank = bankNameOf(account.facts);
  const facts: RowFacts = { kind, currency, institution, from, last4, ...(bank ? { bank } : {}) };
  const match = matchAccount(
    account.facts,
    accountIndex(accountsFromLabels(accounts)),
    (fact) => identifierKeys.get(identifierText(fact)) ?? '',
  );
  if (match.kind === 'choose') {
    const taken = new Set(accounts.map((known) => accountKeyOf(known.label)));
    const fresh = accountLabelOf(last4, bank);
    // A new account is offered under a label no account has: with no bank named, "••1234" may be one's already.
    const another = taken.has(accountKeyOf(fresh))
      ? []
      : [{ label: fresh, words: bank ? `A new account at ${bank}` : `A new account, ${fresh}` }];
    // Its last four alone, and no bank: said with where the number was read.
    const detail =
      match.by === 'last four' && !bank
        ? `${account.detail} gives ••${last4} and no bank, and ${match.candidates.map((candidate) => `your ${candidate.id}`).join(' and ')} ${pluralOf(match.candidates.length, 'ends', 'end')} so; or name a new account`
        : match.detail;
    return {
      accountLabel: '',
      accountSource: 'choose',
      accountDetail: detail,
      accountFacts: facts,
      accountChoices: [...match.candidates.map((candidate) => ({ label: candidate.id, words: candidate.id })), ...another],
    };
  }
  if (match.kind === 'new')
    return {
      // A new account never takes a label one of theirs has ("••5678" at another bank): its bank goes in it.
      accountLabel:
        bank && accounts.some((known) => accountKeyOf(known.label) === accountKeyOf(account.value))
          ? accountLabelOf(last4, bank)
          : account.value,
      accountSource: 'file',
      accountDetail: `${account.detail} (a new account: ${match.detail})`,
      accountFacts: facts,
    };
  return {
    accountLabel: match.account.id,
    accountSource: 'file',
    accountDetail: `${match.account.id}: ${match.detail} (${account.detail})`,
    accountFacts: facts,
  };
};

/**
 * How two files' accounts with one label differ, in words; undefined when nothing they say
 * tells them apart. Besides another currency or kind: neither names its bank and the
 * number was read from another place (an OFX's account id, a CSV's card column), so they
 * are exports of two layouts, likely two banks; one bank's exports share a layout.
 */
const difference = (a: RowFacts, b: RowFacts): string | undefined =>
  a.currency && b.currency && a.currency !== b.currency
    ? `but that file is in ${b.currency} and this one is in ${a.currency}`
    : a.kind && b.kind && a.kind !== b.kind
      ? `but that file is a ${b.kind} account and this one is a ${a.kind} account`
      : !a.institution && !b.institution && a.from !== b.from
        ? `and neither file names its bank. Each gives the number in another place`
        : undefined;

/** Whether two rows' files name two banks (by name or code): then one number is two accounts. */
const twoBanks = (a: RowFacts, b: RowFacts) => a.bank !== undefined && b.bank !== undefined && !sameInstitution(a.bank, b.bank);

/**
 * A row whose account, as the file gives it, has the label of another row's in the same
 * batch while the files say they differ. Two banks (by name or code, as two OFX files' BANKIDs
 * with one account id): the later row is a new account at its bank, never merged. Another
 * currency or kind (two cards ending in the same four digits, neither naming its bank): the
 * later row is not filed with the other; the person chooses.
 */
export const batchConflict = (
  row: { accountLabel: string; accountFacts: RowFacts },
  others: readonly { name: string; accountLabel: string; accountSource: string; accountFacts?: RowFacts }[],
): { accountLabel: string; accountSource: 'choose' | 'file'; accountDetail: string } | undefined => {
  for (const other of others) {
    if (other.accountSource !== 'file' || other.accountLabel !== row.accountLabel || !other.accountFacts) continue;
    const { bank, last4 } = row.accountFacts;
    if (twoBanks(row.accountFacts, other.accountFacts) && bank && last4 && accountLabelOf(last4, bank) !== row.accountLabel)
      return {
        accountLabel: accountLabelOf(last4, bank),
        accountSource: 'file',
        accountDetail: `a new account at ${bank} (${other.name} also ends in ${last4}, but it is from ${other.accountFacts.bank})`,
      };
    const differs = difference(row.accountFacts, other.accountFacts);
    if (differs)
      return {
        accountLabel: '',
        accountSource: 'choose',
        accountDetail: `${other.name} ${last4 ? `also ends in ${last4}` : `is also ${row.accountLabel}`}, ${differs}`,
      };
  }
  return undefined;
};
