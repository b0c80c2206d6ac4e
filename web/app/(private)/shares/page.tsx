import type { Metadata } from 'next';
import Link from 'next/link';
import { STATEMENT_ID_PATTERN } from '@contract/keys';
import { STATEMENT_ROUTES } from '@contract/routes';
import { SHARE_LIMITS, type ShareSummary } from '@contract/shares';
import { PageTitle } from '@/components/page-title';
import { CreateShare } from '@/components/shares/create-share';
import { Card } from '@/components/ui';
import { countOf, formatDateTime } from '@contract/format';
import { STATEMENT_DETAILS, SUMMARIES } from '@/lib/graphql';
import { PAGES, sharePage } from '@/lib/routes';
import { serverQuery } from '@/lib/server-graphql';
import { serverPresignApi } from '@/lib/server-presign-api';
import { requireSession } from '@/lib/server-session';
import cards from '../statements/statement-cards.module.css';

export const metadata: Metadata = { title: 'Shares' };

const stateWords = (share: ShareSummary) =>
  share.state === 'revoked'
    ? `Withdrawn ${formatDateTime(share.revokedAt!)}`
    : share.state === 'expired'
      ? `Ended ${formatDateTime(share.expiresAt)}`
      : `Works until ${formatDateTime(share.expiresAt)}`;

/**
 * The person's shares: each with how long it works and how often it was opened, and a form
 * that makes one (of the statements chosen in the list, or of an account over a span).
 */
export default async function SharesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession(PAGES.shares);
  const ids = String((await searchParams).ids ?? '')
    .split(',')
    .filter((id) => STATEMENT_ID_PATTERN.test(id));
  const [listed, summaries, chosen] = await Promise.all([
    serverPresignApi(session, 'statementsApiUrl', STATEMENT_ROUTES.listShares).catch(() => undefined),
    serverQuery(session, SUMMARIES),
    // The statements chosen, by name, so the person sees what they are about to hand over.
    Promise.all(ids.slice(0, SHARE_LIMITS.maxStatements).map((id) => serverQuery(session, STATEMENT_DETAILS, { id }))),
  ]);
  const found = chosen.flatMap((data) => (data?.statement ? [data.statement] : []));
  return (
    <>
      <PageTitle lead="Hand a set of statements to someone without an account (an accountant, a lender) by a link that ends when you choose. You see when it is opened, and can withdraw it at once.">
        Shares
      </PageTitle>
      <Card label="Make a share">
        <h2 className="card-heading">{ids.length > 0 ? 'Share the statements you chose' : 'Share an account over a span of months'}</h2>
        <CreateShare
          accounts={summaries?.accounts.map((account) => account.label) ?? []}
          chosen={
            ids.length > 0 ? found.map(({ id, fileName, accountLabel, period }) => ({ id, fileName, accountLabel, period })) : undefined
          }
          leftOut={ids.length - found.length}
        />
      </Card>
      <h2 className="card-heading">Your shares</h2>
      {!listed ? (
        <p role="alert">Your shares could not be loaded. Try again in a moment.</p>
      ) : listed.shares.length === 0 ? (
        <p>You have not shared anything yet.</p>
      ) : (
        <ul className={cards.cards}>
          {listed.shares.map((share) => (
            <li key={share.shareId} className={cards.card} data-testid="share-row">
              <Link href={sharePage(share.shareId)} className={cards.name}>
                {share.note ? share.note.split('\n')[0].slice(0, 80) : `${countOf(share.statementCount, 'statement')}`}
              </Link>
              <p className={cards.details}>
                {countOf(share.statementCount, 'statement')} · {stateWords(share)} ·{' '}
                {share.opens === 0 ? 'not opened yet' : `opened ${countOf(share.opens, 'time')}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
