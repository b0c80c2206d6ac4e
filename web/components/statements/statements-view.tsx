/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useRouter } from 'next/navigation';
import { Suspense, lazy, useEffect, useRef, useState, useTransition } from 'react';
import { toast } from '@/lib/toast';
import { STATEMENT_ROUTES, formatBytes } from '@contract';
import { useIdToken } from '@/lib/auth-context';
import type { StatementListItem, StatementsData, SummariesData } from '@/lib/graphql';
import { callPresignApi } from '@/lib/presign-api';
import { statementListHref, type StatementListQuery } from '@/lib/statement-list-query';
import { Button, Card, SelectField } from '../ui';
import { StatementList } from './statement-list';
import { UploadPanel } from './upload-panel';
import { countOf, formatPeriod } from '@/lib/format';
import { theme } from '@/lib/theme';

/** The dialog's code comes with the first Delete pressed. */
const ConfirmDialog = lazy(() => import('./confirm-dialog'));

/** How often the list looks again while a statement in it is being scanned for malware. */
const SCAN_POLL_MS = 3000;

/**
 * The statements page in the browser. The server rendered the view the URL names
 * (`query`) with its data; a filter or a page turned changes the URL, and an upload or a
 * delete asks the server to render the page again, so the list, the filters' counts and
 * the usage line always come from one answer. `statements` or `summaries` is missing
 * when the server could not fetch it.
 */
export const StatementsView = ({
  query,
  statements,
  summaries,
}: {
  query: StatementListQuery;
  statements?: StatementsData;
  summaries?: SummariesData;
}) => {
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const idToken = useIdToken();
  const [deleting, setDeleting] = useState<StatementListItem>();
  // Once shown, the dialog stays mounted, so closing it returns focus where it was.
  const [askedToDelete, setAskedToDelete] = useState(false);
  const askToDelete = (item: StatementListItem) => {
    setAskedToDelete(true);
    setDeleting(item);
  };
  const listHeading = useRef<HTMLHeadingElement>(null);
  const items = statements?.statements.items ?? [];
  const nextToken = statements?.statements.nextToken;
  const accounts = summaries?.accounts.map((summary) => summary.label) ?? [];
  const usage = summaries?.usage;

  const show = (view: StatementListQuery) => startNavigation(() => router.push(statementListHref(view), { scroll: false }));
  const reload = () => startNavigation(() => router.refresh());

  // A statement still being scanned becomes downloadable on its own: the page looks again while one is shown.
  const scanning = items.some((item) => item.status === 'SCANNING');
  useEffect(() => {
    if (!scanning) return;
    const timer = setInterval(() => router.refresh(), SCAN_POLL_MS);
    return () => clearInterval(timer);
  }, [scanning, router]);

  const download = async (item: StatementListItem) => {
    try {
      const { url } = await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.downloadUrl, await idToken(), {
        params: { statementId: item.id },
      });
      const link = document.createElement('a');
      link.href = url;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    } catch (caught) {
      toast.error((caught as Error).message);
    }
  };

  const confirmDelete = async () => {
    const item = deleting;
    setDeleting(undefined);
    if (!item) return;
    try {
      await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.deleteStatement, await idToken(), { params: { statementId: item.id } });
      toast.success(`${item.fileName} was deleted.`);
      reload();
      // The row and its button are gone: focus goes to the list's heading, not to the page's top.
      listHeading.current?.focus();
    } catch (caught) {
      toast.error((caught as Error).message);
    }
  };

  const filtered = Boolean(query.period || query.account);
  const count = (n: number) => countOf(n, 'statement');
  return (
    // On a phone the list comes first; the upload panel follows it.
    <div
      css={css`
        display: flex;
        flex-direction: column;
        gap: 0;
        @media (max-width: 640px) {
          > section[aria-label='Your statements'] {
            order: -1;
          }
        }
      `}
    >
      <UploadPanel accounts={accounts} onListed={reload} />
      <Card label="Your statements">
        <h2
          ref={listHeading}
          tabIndex={-1}
          css={css`
            margin: 0 0 0.25rem;
            font-size: 1.2rem;
          `}
        >
          Your statements
        </h2>
        {usage && (
          <p
            data-testid="usage"
            css={css`
              margin: 0 0 0.75rem;
              color: inherit;
            `}
          >
            {formatBytes(usage.bytes)} of {formatBytes(usage.maxBytes)}, {count(usage.statements)}
          </p>
        )}
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 0 1rem;
            align-items: flex-end;
            > div {
              flex: 1 1 11rem;
            }
          `}
        >
          <SelectField
            label="Filter by period"
            value={query.period}
            onChange={(e) => show({ ...query, period: e.target.value, after: [] })}
            options={[
              { value: '', text: 'All periods' },
              ...(summaries?.periods ?? []).map((summary) => ({
                value: summary.period,
                text: `${formatPeriod(summary.period)} (${summary.count})`,
              })),
            ]}
          />
          <SelectField
            label="Filter by account"
            value={query.account}
            onChange={(e) => show({ ...query, account: e.target.value, after: [] })}
            options={[
              { value: '', text: 'All accounts' },
              ...(summaries?.accounts ?? []).map((summary) => ({ value: summary.label, text: `${summary.label} (${summary.count})` })),
            ]}
          />
          {filtered && (
            <p>
              <Button variant="secondary" onClick={() => show({ period: '', account: '', after: [] })}>
                Clear filters
              </Button>
            </p>
          )}
        </div>
        {!statements ? (
          <p role="alert">Your statements could not be loaded. Try again in a moment.</p>
        ) : navigating && items.length === 0 ? (
          <ListSkeleton />
        ) : items.length === 0 ? (
          <p role="status" data-testid="empty-state">
            {filtered ? 'No statements match these filters.' : 'No statements yet. Upload your first one above.'}
          </p>
        ) : (
          <div aria-busy={navigating}>
            <StatementList items={items} onDownload={download} onDelete={askToDelete} />
          </div>
        )}
        <nav
          aria-label="Pages"
          css={css`
            display: flex;
            gap: 0.75rem;
            margin-top: 1rem;
          `}
        >
          <Button
            variant="secondary"
            disabled={query.after.length === 0}
            onClick={() => show({ ...query, after: query.after.slice(0, -1) })}
          >
            Previous page
          </Button>
          <Button
            variant="secondary"
            disabled={!nextToken}
            onClick={() => nextToken && show({ ...query, after: [...query.after, nextToken] })}
          >
            Next page
          </Button>
        </nav>
      </Card>
      {askedToDelete && (
        <Suspense>
          <ConfirmDialog
            open={Boolean(deleting)}
            title="Delete this statement?"
            body={
              deleting
                ? `${deleting.fileName} (${deleting.accountLabel}, ${formatPeriod(deleting.period)}) will be removed from your vault.`
                : ''
            }
            confirmLabel="Delete"
            onConfirm={confirmDelete}
            onCancel={() => setDeleting(undefined)}
          />
        </Suspense>
      )}
    </div>
  );
};

/** Rows in the shape of the list while it loads; screen readers hear the words instead. */
const ListSkeleton = () => (
  <div role="status" data-testid="list-loading">
    <span className="visually-hidden">Loading your statements…</span>
    {[0, 1, 2].map((row) => (
      <div
        key={row}
        aria-hidden="true"
        css={css`
          height: 2.6rem;
          margin: 0.4rem 0;
          border-radius: ${theme.radius};
          background: ${theme.color.background};
          @media (prefers-reduced-motion: no-preference) {
            animation: vault-pulse 1.4s ease-in-out infinite;
          }
          @keyframes vault-pulse {
            50% {
              opacity: 0.55;
            }
          }
        `}
      />
    ))}
  </div>
);
