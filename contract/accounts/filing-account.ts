import { identifierText } from './identifier-keys';
import { accountIndex, accountsFromLabels, matchAccount, type LabelledAccount } from './match';
import type { FilingProposal } from '../reading';
import type { AccountFacts } from '../reading/account-numbers';

/** What a row keeps of what its file says of the account. */
type RowFacts = Pick<AccountFacts, 'kind' | 'currency' | 'institution' | 'from'>;

/**
 * A row's account from the file's proposal and the person's accounts: one of theirs where
 * an identifier the file names (its key, `identifierKeys`: text → key) was filed there
 * before, or where the file's bank and last four match it; a new one, labelled from the
 * file, where none does; nothing, and the person chooses, where the last four alone match
 * (the file names no bank, so it may be any card ending so).
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
} => {
  const { kind, currency, institution, from } = account.facts;
  const facts = { kind, currency, institution, from };
  const match = matchAccount(
    account.facts,
    accountIndex(accountsFromLabels(accounts)),
    (identifier) => identifierKeys.get(identifierText(identifier)) ?? '',
  );
  if (match.kind === 'choose')
    return {
      accountLabel: '',
      accountSource: 'choose',
      accountDetail: `${account.detail} gives ••${account.facts.last4} and no bank, and ${match.candidates.map((candidate) => `your ${candidate.id}`).join(' and ')} ${match.candidates.length === 1 ? 'ends' : 'end'} so; or name a new account`,
      accountFacts: facts,
    };
  if (match.kind === 'new')
    return {
      accountLabel: account.value,
      accountSource: 'file',
      accountDetail: `${account.detail} (a new account: ${match.detail})`,
      accountFacts: facts,
    };
  return {
    accountLabel: match.account.id,
    accountSource: 'file',
    accountDetail: `${account.detail}, your account by ${match.kind === 'identifier' ? match.detail : 'its bank and last four'}`,
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
    ? `in ${b.currency}, this one in ${a.currency}`
    : a.kind && b.kind && a.kind !== b.kind
      ? `a ${b.kind} account, this one a ${a.kind}`
      : !a.institution && !b.institution && a.from !== b.from
        ? `read from ${b.from} there and ${a.from} here, and neither names its bank`
        : undefined;

/**
 * A row whose account, as the file gives it, has the label of another row's in the same
 * batch while the files say they differ (another currency or kind: two cards ending in
 * the same four digits, neither naming its bank): the later row is not filed with the
 * other; the person chooses.
 */
export const batchConflict = (
  row: { accountLabel: string; accountFacts: RowFacts },
  others: readonly { name: string; accountLabel: string; accountSource: string; accountFacts?: RowFacts }[],
): { accountLabel: string; accountSource: 'choose'; accountDetail: string } | undefined => {
  for (const other of others) {
    if (other.accountSource !== 'file' || other.accountLabel !== row.accountLabel || !other.accountFacts) continue;
    const differs = difference(row.accountFacts, other.accountFacts);
    if (differs)
      return {
        accountLabel: '',
        accountSource: 'choose',
        accountDetail: `${other.name} here is also ${row.accountLabel} but ${differs}: two accounts ending so, or one`,
      };
  }
  return undefined;
};
