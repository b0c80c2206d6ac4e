import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SHARE_ID_PATTERN } from '@contract/shares';
import { STATEMENT_ROUTES } from '@contract/routes';
import { formatBytes } from '@contract/uploads';
import { PageTitle } from '@/components/page-title';
import { RemoveFromShare } from '@/components/shares/remove-from-share';
import { ShareControls } from '@/components/shares/share-controls';
import { countOf, formatAccount, formatDateTime, formatPeriod } from '@contract/format';
import { PresignApiError } from '@/lib/presign-api';
import { PAGES, sharePage } from '@/lib/routes';
import { serverPresignApi } from '@/lib/server-presign-api';
import { requireSession } from '@/lib/server-session';
import cards from '../../statements/statement-cards.module.css';

export const metadata: Metadata = { title: 'Share' };

/** One share: what it names (each with its downloads, and whether it is still shared), who opened it when, and its controls. */
export default async function SharePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!SHARE_ID_PATTERN.test(id)) notFound();
  const session = await requireSession(sharePage(id));
  let share;
  try {
    share = await serverPresignApi(session, 'statementsApiUrl', STATEMENT_ROUTES.getShare, { params: { shareId: id } });
  } catch (error) {
    if (error instanceof PresignApiError && error.status === 404) notFound();
    throw error;
  }
  const state =
    share.state === 'revoked'
      ? `Withdrawn ${formatDateTime(share.revokedAt!)}: its link leads nowhere.`
      : share.state === 'expired'
        ? `Ended ${formatDateTime(share.expiresAt)}: its link leads nowhere.`
        : `Its link works until ${formatDateTime(share.expiresAt)}.`;
  return (
    <>
      <nav aria-label="Shares" className="statement-nav">
        <Link href={PAGES.shares}>← All shares</Link>
      </nav>
      <PageTitle
        lead={`Made ${formatDateTime(share.createdAt)}. ${state}`}
      >{`Share of ${countOf(share.statements.length, 'statement')}`}</PageTitle>
      {share.note && (
        <section aria-label="Your note" className="share-note">
          <h2 className="share-note-heading">Your note</h2>
          <p className="share-note-text">{share.note}</p>
        </section>
      )}
      <ShareControls shareId={share.shareId} state={share.state} />
      <h2 className="card-heading">What it shares</h2>
      <ul className={cards.cards}>
        {share.statements.map((statement) => (
          <li key={statement.id} className={cards.card} data-testid="shared-row">
            <div className={cards.name}>{statement.fileName}</div>
            <p className={cards.details}>
              {formatAccount(statement.accountLabel, statement.accountDetails)}, {formatPeriod(statement.period)} ·{' '}
              {formatBytes(statement.size)} ·{' '}
              {statement.removed
                ? 'taken out of the share by you'
                : statement.available
                  ? 'shared'
                  : 'no longer shared (deleted, quarantined or filed elsewhere)'}{' '}
              ·{' '}
              <span data-testid="downloads">
                {statement.downloads === 0 ? 'not downloaded' : `downloaded ${countOf(statement.downloads, 'time')}`}
              </span>
            </p>
            {statement.available && share.state !== 'revoked' && (
              <RemoveFromShare shareId={share.shareId} statementId={statement.id} fileName={statement.fileName} />
            )}
          </li>
        ))}
      </ul>
      <h2 className="card-heading">Who opened it</h2>
      {share.openings.length === 0 ? (
        <p>Nobody has opened it yet.</p>
      ) : (
        <table className="openings" data-testid="openings">
          <caption className="visually-hidden">Each opening: when, the browser, and the network it came from</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Browser</th>
              <th scope="col">Network</th>
            </tr>
          </thead>
          <tbody>
            {share.openings.map((opening) => (
              <tr key={`${opening.at}-${opening.network}`}>
                <td>{formatDateTime(opening.at)}</td>
                <td>{opening.browser}</td>
                <td>{opening.network}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
