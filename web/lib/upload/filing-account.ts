import { accountIndex, accountsFromLabels, matchAccount } from '@contract/accounts/match';
import type { FilingProposal } from '@contract/reading';
import type { AccountFacts } from '@contract/reading/account-numbers';

/**
 * A row's account from the file's proposal and the person's accounts: one of theirs where
 * the file's bank and last four match it; a new one, labelled from the file, where none
 * does; nothing, and the person chooses, where the last four alone match (the file names
 * no bank, so it may be any card ending so).
 */
export const filingAccount = (
  account: NonNullable<FilingProposal['account']>,
  accounts: readonly string[],
): {
  accountLabel: string;
  accountSource: 'file' | 'choose';
  accountDetail: string;
  accountFacts: Pick<AccountFacts, 'kind' | 'currency'>;
} => {
  const facts = { kind: account.facts.kind, currency: account.facts.currency };
  // Accounts known by their labels carry no identifier keys yet: only bank and last four match.
  const match = matchAccount(account.facts, accountIndex(accountsFromLabels(accounts)), (identifier) => identifier.value);
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
    accountDetail: `${account.detail}, your account by its ${match.kind === 'identifier' ? match.detail : 'bank and last four'}`,
    accountFacts: facts,
  };
};
