import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { SHARE_ROUTES } from '@contract/routes';
import { SHARE_PAGE_REFERRER_POLICY, SHARE_SECRET_PATTERN, VIEWER_ADDRESS_HEADER } from '@contract/shares';
import { formatBytes } from '@contract/uploads';
import { PageTitle } from '@/components/page-title';
import { ShareZip } from '@/components/shares/share-zip';
import { countOf, formatPeriod } from '@/lib/format';
import { shareFileHref } from '@/lib/routes';
import { callShareApi } from '@/lib/share-api';
import cards from '../../(private)/statements/statement-cards.module.css';

export const metadata: Metadata = {
  title: 'Shared statements',
  robots: { index: false, follow: false, nocache: true },
  referrer: SHARE_PAGE_REFERRER_POLICY,
};

const DAY = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/**
 * A share's page, for someone without an account: the statements its owner shared, each to
 * look at or download, and all of them as one ZIP. Rendered here (the list and the links
 * work without JavaScript); its secret goes to the share API in a header, signed by the
 * web server. A link that leads to nothing live is the app's own 404, as any unknown page.
 */
export default async function SharedStatementsPage({ params }: { params: Promise<{ secret: string }> }) {
  const { secret } = await params;
  const incoming = await headers();
  const answer = await callShareApi(SHARE_ROUTES.openShare, SHARE_SECRET_PATTERN.test(secret) ? secret : '', {
    address: incoming.get(VIEWER_ADDRESS_HEADER) ?? undefined,
    agent: incoming.get('user-agent') ?? undefined,
  });
  if (!answer.ok && answer.status === 404) notFound();
  if (!answer.ok)
    return (
      <>
        <PageTitle>Shared statements</PageTitle>
        <p role="alert">{answer.message}</p>
      </>
    );
  const share = answer.body;
  return (
    <>
      <PageTitle
        lead={`Someone shared ${countOf(share.statements.length, 'statement')} with you. This link works until ${DAY.format(new Date(share.expiresAt))}.`}
      >
        Shared statements
      </PageTitle>
      {share.note && (
        <section aria-label="Their note" className="share-note">
          <h2 className="share-note-heading">Their note</h2>
          <p className="share-note-text">{share.note}</p>
        </section>
      )}
      {share.statements.length === 0 ? (
        <p role="status">Nothing is shared here any more.</p>
      ) : (
        <>
          <ul className={cards.cards} aria-label="Shared statements">
            {share.statements.map((statement) => (
              <li key={statement.id} className={cards.card} data-testid="shared-statement">
                <div className={cards.name}>{statement.fileName}</div>
                <p className={cards.details}>
                  {statement.accountLabel}, {formatPeriod(statement.period)} · {formatBytes(statement.size)}
                </p>
                <p className="share-actions">
                  <a href={shareFileHref(secret, statement.id, 'inline')} target="_blank" rel="noreferrer noopener">
                    View<span className="visually-hidden"> {statement.fileName}</span>
                  </a>
                  <a href={shareFileHref(secret, statement.id, 'attachment')} rel="noreferrer" download>
                    Download<span className="visually-hidden"> {statement.fileName}</span>
                  </a>
                </p>
              </li>
            ))}
          </ul>
          <ShareZip secret={secret} statements={share.statements} />
        </>
      )}
    </>
  );
}
