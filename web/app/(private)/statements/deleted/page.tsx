import type { Metadata } from 'next';
import Link from 'next/link';
import { RECENTLY_DELETED, daysLeft } from '@contract/recently-deleted';
import { formatBytes } from '@contract/uploads';
import { PageTitle } from '@/components/page-title';
import { DeletedForm } from '@/components/deleted/deleted-form';
import { Button } from '@/components/ui';
import { countOf, formatDay, formatPeriod } from '@contract/format';
import { DELETED_STATEMENTS, STATEMENT_DETAILS, type DeletedStatementItem } from '@/lib/graphql';
import { PAGES, deletedHref, parseDeletedOutcome, statementPage, type DeletedOutcome } from '@/lib/routes';
import { serverPages, serverQuery } from '@/lib/server-graphql';
import { requireSession, type ServerSession } from '@/lib/server-session';
import { purgeDeleted, restoreDeleted } from './actions';
import cards from '../statement-cards.module.css';
import styles from './deleted.module.css';

export const metadata: Metadata = { title: 'Recently deleted' };

/** Pages read at most: each holds a thousand statements, more than the quota lets anyone delete in 30 days. */
const MAX_PAGES = 20;

/** Everything in Recently deleted, most recently deleted first; undefined when the API did not answer. */
const readDeleted = async (session: ServerSession) => {
  const pages = await serverPages(session, DELETED_STATEMENTS, (data) => data.deletedStatements.nextToken, MAX_PAGES);
  if (!pages) return undefined;
  const items = pages.flatMap((data) => data.deletedStatements.items);
  items.sort((a, b) => (a.deletedAt < b.deletedAt ? 1 : a.deletedAt > b.deletedAt ? -1 : 0));
  return { items, usage: pages.at(-1)!.usage };
};

/** What the page says after an action: a restored statement by its name, read with the person's token. */
const OutcomeMessage = async ({ outcome, session }: { outcome: DeletedOutcome; session: ServerSession }) => {
  switch (outcome.kind) {
    case 'restored': {
      const data = await serverQuery(session, STATEMENT_DETAILS, { id: outcome.id });
      const name = data?.statement?.fileName;
      return (
        <p role="status" className={styles.outcome}>
          {name ? (
            <>
              <Link href={statementPage(outcome.id)}>{name}</Link> is back in your statements.
            </>
          ) : (
            'The statement is back in your statements.'
          )}
        </p>
      );
    }
    case 'purged':
      return (
        <p role="status" className={styles.outcome}>
          {outcome.count === 1 ? 'The statement was deleted for good.' : `${countOf(outcome.count, 'statement')} were deleted for good.`}
        </p>
      );
    case 'gone':
      return (
        <p role="alert" className={styles.outcome}>
          That statement is no longer in Recently deleted: it was restored or deleted for good already.
        </p>
      );
    case 'purging':
      return (
        <p role="alert" className={styles.outcome}>
          That statement is being deleted for good and can no longer be restored.
        </p>
      );
    case 'failed':
      return (
        <p role="alert" className={styles.outcome}>
          That did not work: the server could not be reached. Nothing changed; try again in a moment.
        </p>
      );
    default:
      return null;
  }
};

const Row = ({ item, confirming }: { item: DeletedStatementItem; confirming: boolean }) => {
  const left = daysLeft(item.purgeAt);
  return (
    <li className={cards.card} data-testid="deleted-row" aria-label={item.fileName}>
      <div className={cards.name}>{item.fileName}</div>
      <p className={cards.details}>
        {item.accountLabel}, {formatPeriod(item.period)} · {formatBytes(item.size)} · deleted{' '}
        <time dateTime={item.deletedAt}>{formatDay(item.deletedAt.slice(0, 10))}</time>
      </p>
      <p className={styles.left} data-testid="days-left">
        {item.purging
          ? 'Being deleted for good.'
          : left === 0
            ? 'Goes for good today.'
            : `Goes for good in ${countOf(left, 'day')} (${formatDay(item.purgeAt.slice(0, 10))}).`}
      </p>
      {!item.purging &&
        (confirming ? (
          <DeletedForm action={purgeDeleted} kind="purge" className={styles.confirm}>
            <input type="hidden" name="id" value={item.id} />
            <p id={`confirm-${item.id}`}>Delete “{item.fileName}” for good? It cannot be brought back.</p>
            <div className={styles.actions}>
              <Button type="submit" variant="danger" aria-describedby={`confirm-${item.id}`}>
                Delete for good
              </Button>
              <Link href={PAGES.deleted} className={styles.cancel}>
                Keep it
              </Link>
            </div>
          </DeletedForm>
        ) : (
          <div className={styles.actions}>
            <DeletedForm action={restoreDeleted} kind="restore">
              <input type="hidden" name="id" value={item.id} />
              <Button type="submit" aria-label={`Restore ${item.fileName}`}>
                Restore
              </Button>
            </DeletedForm>
            <Link
              href={deletedHref({ kind: 'confirm', id: item.id })}
              className={styles.purge}
              aria-label={`Delete for good: ${item.fileName}`}
            >
              Delete for good
            </Link>
          </div>
        ))}
    </li>
  );
};

/**
 * Recently deleted: what the person deleted in the last 30 days, each to restore exactly as
 * it was or to delete for good. Rendered here with the person's token; its forms are form
 * actions, so it works the same without JavaScript.
 */
export default async function DeletedPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession(PAGES.deleted);
  const outcome = parseDeletedOutcome(await searchParams);
  const read = await readDeleted(session);
  const restorable = read?.items.filter((item) => !item.purging) ?? [];
  return (
    <>
      <nav aria-label="Statements" className="statement-nav">
        <Link href={PAGES.statements}>← All statements</Link>
      </nav>
      <PageTitle
        lead={`What you deleted stays here for ${RECENTLY_DELETED.keepDays} days: restore it exactly as it was, or delete it for good. After ${RECENTLY_DELETED.keepDays} days it goes by itself.`}
      >
        Recently deleted
      </PageTitle>
      {outcome && <OutcomeMessage outcome={outcome} session={session} />}
      {!read ? (
        <p role="alert">Recently deleted could not be loaded. Try again in a moment.</p>
      ) : (
        <>
          <p className={styles.usage} data-testid="deleted-usage">
            {read.usage.deletedStatements === 0
              ? 'Nothing is here.'
              : `${countOf(read.usage.deletedStatements, 'statement')} (${formatBytes(read.usage.deletedBytes)}) here still count toward your storage, ${formatBytes(read.usage.bytes)} of ${formatBytes(read.usage.maxBytes)}, until they are deleted for good.`}
          </p>
          {read.items.length > 0 && (
            <ul className={`${cards.cards} ${styles.items}`}>
              {read.items.map((item) => (
                <Row key={item.id} item={item} confirming={outcome?.kind === 'confirm' && outcome.id === item.id} />
              ))}
            </ul>
          )}
          {restorable.length > 1 &&
            (outcome?.kind === 'confirmAll' ? (
              <DeletedForm action={purgeDeleted} kind="purge" className={styles.confirm}>
                {restorable.map((item) => (
                  <input key={item.id} type="hidden" name="ids" value={item.id} />
                ))}
                <p id="confirm-all">Delete all {countOf(restorable.length, 'statement')} here for good? They cannot be brought back.</p>
                <div className={styles.actions}>
                  <Button type="submit" variant="danger" aria-describedby="confirm-all">
                    Delete all for good
                  </Button>
                  <Link href={PAGES.deleted} className={styles.cancel}>
                    Keep them
                  </Link>
                </div>
              </DeletedForm>
            ) : (
              <p>
                <Link href={deletedHref({ kind: 'confirmAll' })} className={styles.purge}>
                  Delete all for good
                </Link>
              </p>
            ))}
        </>
      )}
    </>
  );
}
