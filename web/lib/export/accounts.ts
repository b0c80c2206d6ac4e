import { statementAccountKey } from '@contract/keys';
import { ACCOUNT_DETAIL_FIELDS, ACCOUNT_KIND_WORDS } from '@contract/accounts/details';
import type { ExportAccount } from '../graphql';

/** What an export says of one account: what it is, where each part of that came from, and its schedule. */
export interface ManifestAccount {
  name: string;
  institution: string | null;
  /** The kind in words ("savings account"), as the account's page says it. */
  kind: string | null;
  currency: string | null;
  /** For each detail present: "you said" or "its files say". */
  sources: Partial<Record<(typeof ACCOUNT_DETAIL_FIELDS)[number], 'you said' | 'its files say'>>;
  cadence: string | null;
  statementsFrom: string | null;
  closedAfter: string | null;
  /** Days after its usual day a statement counts as late, as the person set them (null: the default). */
  graceDays: number | null;
  /** Its statements in this export (a selection may hold some of them only). */
  statements: number;
}

/** The account columns of a statement's manifest row. */
export interface AccountColumns {
  accountInstitution: string | null;
  accountKind: string | null;
  accountCurrency: string | null;
}

export const NO_ACCOUNT_COLUMNS: AccountColumns = { accountInstitution: null, accountKind: null, accountCurrency: null };

const NO_DETAILS = {
  institution: null,
  kind: null,
  currency: null,
  sources: {},
  cadence: null,
  statementsFrom: null,
  closedAfter: null,
  graceDays: null,
} satisfies Omit<ManifestAccount, 'name' | 'statements'>;

const manifestAccount = (account: ExportAccount, statements: number): ManifestAccount => ({
  name: account.label,
  institution: account.institution,
  kind: account.kind ? (ACCOUNT_KIND_WORDS[account.kind as keyof typeof ACCOUNT_KIND_WORDS] ?? account.kind) : null,
  currency: account.currency,
  sources: Object.fromEntries(
    ACCOUNT_DETAIL_FIELDS.filter((field) => account[field]).map((field) => [field, account[`${field}Said`] ? 'you said' : 'its files say']),
  ),
  cadence: account.cadence?.toLowerCase() ?? null,
  statementsFrom: account.statementsFrom,
  closedAfter: account.closedAfter,
  graceDays: account.graceDays,
  statements,
});

/** A statement as an export files it: its account by key (its label's for a record of an earlier release), and by name. */
type FiledStatement = { accountLabel: string; accountKey?: string | null };

/**
 * The accounts the exported statements are filed under, in the order of their folders, and
 * each statement's account columns. A statement whose account the summaries do not (yet)
 * hold still names its account; its details are then empty rather than guessed.
 */
export const exportAccounts = (
  accounts: readonly ExportAccount[],
  statements: readonly FiledStatement[],
): { accounts: ManifestAccount[]; columnsOf(statement: FiledStatement): AccountColumns } => {
  const byKey = new Map(accounts.map((account) => [account.accountKey, account]));
  // Each account the statements are filed under, with the first spelling of its name and its count here.
  const named = new Map<string, { label: string; count: number }>();
  for (const statement of statements) {
    const key = statementAccountKey(statement);
    const seen = named.get(key) ?? { label: statement.accountLabel, count: 0 };
    named.set(key, { ...seen, count: seen.count + 1 });
  }
  const listed = new Map(
    [...named].map(([key, { label, count }]) => {
      const account = byKey.get(key);
      return [key, account ? manifestAccount(account, count) : { ...NO_DETAILS, name: label, statements: count }] as const;
    }),
  );
  return {
    accounts: [...listed.values()].sort((a, b) => a.name.localeCompare(b.name)),
    columnsOf(statement) {
      const account = listed.get(statementAccountKey(statement));
      return account
        ? { accountInstitution: account.institution, accountKind: account.kind, accountCurrency: account.currency }
        : NO_ACCOUNT_COLUMNS;
    },
  };
};
