/** @jsxImportSource @emotion/react */
import { formatAmount, formatDays } from '@contract/format';
import { storedArithmeticWords } from '@contract/reading/statement-arithmetic';
import type { StatementBalancesItem } from '@/lib/graphql';
import { theme } from '@/lib/theme';

/** Where a value came from, beside it: people see which figures are the file's (its text, or read by OCR) and which are theirs. */
const Source = ({ entered, read }: { entered: boolean; read: string | null | undefined }) => (
  <span css={{ color: theme.color.muted, fontSize: '0.85em' }}> · {entered ? 'you entered' : (read ?? 'from the file')}</span>
);

/** "3 pages", and whether every page its own numbering counts is there. */
const pagesLine = (pages: number, missing: readonly number[] | null | undefined): string => {
  const count = `${pages} page${pages === 1 ? '' : 's'}`;
  if (!missing) return count;
  if (missing.length === 0) return `${count}, every page its numbering counts`;
  const named = missing.length === 1 ? `page ${missing[0]} is` : `pages ${missing.join(', ')} are`;
  return `${count}; ${named} missing (its numbering counts them)`;
};

/**
 * What a statement says of its days and money, as rows of its details list: the days it
 * covers, its opening and closing balance, whether its own figures add up, a PDF's pages,
 * and what could not be read, each value with where it came from.
 */
export const StatementBalancesRows = ({ balances, available }: { balances: StatementBalancesItem | null; available: boolean }) => {
  if (!balances)
    return available ? (
      <>
        <dt>Balances</dt>
        <dd data-testid="statement-balances">Not read yet: the file is read for them after its scan.</dd>
      </>
    ) : null;
  const entered = new Set(balances.entered);
  const { from, to, opening, closing, currency, pages, missingPages, unread, source, arithmetic } = balances;
  return (
    <>
      {from && to && (
        <>
          <dt>Covers</dt>
          <dd data-testid="statement-days">
            {formatDays(from, to)}
            <Source entered={entered.has('from') || entered.has('to')} read={source} />
          </dd>
        </>
      )}
      {opening != null && (
        <>
          <dt>Opening balance</dt>
          <dd data-testid="statement-opening">
            {formatAmount(opening, currency)}
            <Source entered={entered.has('opening')} read={source} />
          </dd>
        </>
      )}
      {closing != null && (
        <>
          <dt>Closing balance</dt>
          <dd data-testid="statement-closing">
            {formatAmount(closing, currency)}
            <Source entered={entered.has('closing')} read={source} />
          </dd>
        </>
      )}
      {arithmetic && (
        <>
          <dt>Adds up</dt>
          <dd data-testid="statement-arithmetic" css={arithmetic.state === 'OFF' ? { color: theme.color.danger } : undefined}>
            {storedArithmeticWords(arithmetic, currency)}
          </dd>
        </>
      )}
      {pages != null && (
        <>
          <dt>Pages</dt>
          <dd data-testid="statement-pages">{pagesLine(pages, missingPages)}</dd>
        </>
      )}
      {unread.length > 0 && (
        <>
          <dt>Not read</dt>
          <dd data-testid="statement-unread">
            {unread.map((sentence) => (
              <span key={sentence} css={{ display: 'block' }}>
                {sentence}
              </span>
            ))}
          </dd>
        </>
      )}
    </>
  );
};
