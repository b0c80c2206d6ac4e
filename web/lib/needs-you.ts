import type { AccountChain, ChainVerdict } from '@contract/accounts/chain';
import type { Expectation, ExpectedStatement } from '@contract/accounts/expected';
import type { ShareSummary } from '@contract/shares';
import type { CoverageRow } from './coverage';

/** How near its end a share is listed, so the person can extend it before a recipient finds it closed. */
export const SHARE_ENDS_SOON_HOURS = 48;

/** One account's checks, as its page reads them: its chain and when its next statement is expected. */
export interface AccountChecks {
  chain: AccountChain;
  expectation?: Expectation;
}

/** A statement whose balance does not carry over from the one before, or that holds days another holds. */
export interface ChainProblem {
  statementId: string;
  fileName: string;
  period: string;
  verdict: Extract<ChainVerdict, { kind: 'break' | 'overlap' | 'duplicate' }>;
  currency?: string | null;
}

/** What one account asks of the person. */
export interface AccountNeeds {
  accountKey: string;
  label: string;
  /** Statements past their late day, oldest first. */
  late: ExpectedStatement[];
  /** Months a statement was due in and none is filed, oldest first; late ones are not repeated here. */
  missing: string[];
  /** Statements the chain holds against the one before and finds apart. */
  breaks: ChainProblem[];
  /** The month of the last statement, where none is expected after it: statements stopped coming (the account may be closed, which only the person can say). */
  stoppedAfter?: string;
}

/** Everything waiting for the person: per account, and the files that came by mail. */
export interface NeedsYou {
  accounts: AccountNeeds[];
  /** Files that arrived by mail and wait to be filed; `more` when the first page did not hold them all. Undefined where mail is off or was not read. */
  arrived?: { count: number; more: boolean };
  /** Shares still open that end within SHARE_ENDS_SOON_HOURS, soonest first. */
  endingShares: ShareSummary[];
  /** Accounts whose checks could not be read: the page says so rather than that nothing is wrong. */
  unread: string[];
  /** How many things in all, each late or missing statement, break, waiting file and ending share one. */
  total: number;
}

const BREAK_KINDS: ReadonlySet<ChainVerdict['kind']> = new Set(['break', 'overlap', 'duplicate']);

/**
 * What needs the person, from what the coverage and account pages read: each account's
 * late statements (told by the reminders too), its missing months that are not late ones
 * (a month is listed once), and its balance breaks, overlaps and duplicates (a gap in the
 * days is a missing month already); then the files waiting by mail, and the shares that
 * end soon. Accounts with nothing to do are left out. Pure.
 */
export const needsYou = (
  rows: readonly CoverageRow[],
  checks: ReadonlyMap<string, AccountChecks | undefined>,
  arrived?: { count: number; more: boolean },
  shares: readonly ShareSummary[] = [],
  now: Date = new Date(),
): NeedsYou => {
  const unread: string[] = [];
  const accounts = rows.flatMap((row): AccountNeeds[] => {
    const check = checks.get(row.key);
    if (!check) unread.push(row.label);
    const late = check?.expectation?.late ?? [];
    const latePeriods = new Set(late.map((statement) => statement.period));
    const missing = row.missingPeriods.filter((period) => !latePeriods.has(period));
    const breaks = (check?.chain.links ?? []).flatMap(({ statement, verdict }): ChainProblem[] =>
      BREAK_KINDS.has(verdict.kind)
        ? [
            {
              statementId: statement.id,
              fileName: statement.fileName,
              period: statement.period,
              verdict: verdict as ChainProblem['verdict'],
              currency: statement.balances?.currency,
            },
          ]
        : [],
    );
    const stoppedAfter = check?.expectation && !check.expectation.next ? check.expectation.newestPeriod : undefined;
    return late.length + missing.length + breaks.length > 0
      ? [{ accountKey: row.key, label: row.label, late, missing, breaks, ...(stoppedAfter ? { stoppedAfter } : {}) }]
      : [];
  });
  const soon = now.getTime() + SHARE_ENDS_SOON_HOURS * 3_600_000;
  const endingShares = shares
    .filter((share) => share.state === 'active' && Date.parse(share.expiresAt) > now.getTime() && Date.parse(share.expiresAt) <= soon)
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
  const total =
    accounts.reduce((sum, account) => sum + account.late.length + account.missing.length + account.breaks.length, 0) +
    (arrived?.count ?? 0) +
    endingShares.length;
  return { accounts, arrived: arrived && arrived.count > 0 ? arrived : undefined, endingShares, unread, total };
};
