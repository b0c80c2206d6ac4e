'use client';

import type { ReactNode } from 'react';
import { SHARE_FILE_FIELDS, SHARE_FILE_PATH } from '@contract/share-pages';
import type { RecipientShare, SharedStatement } from '@contract/shares';
import { formatBytes } from '@contract/uploads';
import { PageTitle } from '@/components/page-title';
import { countOf, formatAccount, formatDateTime, formatPeriod } from '@contract/format';
import cards from '@/app/(private)/statements/statement-cards.module.css';
import { ShareZip } from './share-zip';

/**
 * One file's View or Download: a form that POSTs the secret, the statement and the
 * disposition to the file route, which answers with a redirect to a fresh short-lived URL.
 * A plain form, so it works the same before the page's script runs, or without it; View
 * opens in a new tab.
 */
const FileButton = ({
  secret,
  statement,
  disposition,
  children,
}: {
  secret: string;
  statement: SharedStatement;
  disposition: 'inline' | 'attachment';
  children: ReactNode;
}) => (
  <form method="post" action={SHARE_FILE_PATH} target={disposition === 'inline' ? '_blank' : undefined} className="share-file-form">
    <input type="hidden" name={SHARE_FILE_FIELDS.secret} value={secret} />
    <input type="hidden" name={SHARE_FILE_FIELDS.statement} value={statement.id} />
    <input type="hidden" name={SHARE_FILE_FIELDS.disposition} value={disposition} />
    <button type="submit" className="share-file-button">
      {children}
      <span className="visually-hidden"> {statement.fileName}</span>
    </button>
  </form>
);

/**
 * A share as its recipient sees it: the statements still shared, each to look at or
 * download, all of them as one ZIP, and the owner's note (as text). Nothing of the owner
 * but the note they wrote.
 */
export const SharedStatements = ({ secret, share }: { secret: string; share: RecipientShare }) => (
  <>
    <PageTitle
      lead={`Someone shared ${countOf(share.statements.length, 'statement')} with you. This link works until ${formatDateTime(share.expiresAt)}.`}
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
                {formatAccount(statement.accountLabel, statement.accountDetails)}, {formatPeriod(statement.period)} ·{' '}
                {formatBytes(statement.size)}
              </p>
              <div className="share-actions">
                <FileButton secret={secret} statement={statement} disposition="inline">
                  View
                </FileButton>
                <FileButton secret={secret} statement={statement} disposition="attachment">
                  Download
                </FileButton>
              </div>
            </li>
          ))}
        </ul>
        <ShareZip secret={secret} statements={share.statements} />
      </>
    )}
  </>
);
