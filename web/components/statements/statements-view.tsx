/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { STATEMENT_ROUTES, formatBytes } from '@contract';
import { useIdToken } from '@/lib/auth-context';
import {
  FIRST_PAGE,
  PAGE_SIZE,
  STATEMENTS,
  SUMMARIES,
  type StatementListItem,
  type StatementsData,
  type SummariesData,
} from '@/lib/graphql';
import { useServerData } from '@/lib/use-server-data';
import { callPresignApi } from '@/lib/presign-api';
import { Button, Card, SelectField } from '../ui';
import { ConfirmDialog } from './confirm-dialog';
import { StatementList } from './statement-list';
import { UploadPanel } from './upload-panel';
import { formatPeriod } from '@/lib/format';
import { theme } from '@/lib/theme';
import { useUploads } from './use-uploads';

/** How often the list looks again while a statement in it is being scanned for malware. */
const SCAN_POLL_MS = 3000;

/** What the server fetched with the page; what is missing the browser asks for. */
export interface StatementsInitialData {
  statements?: StatementsData;
  summaries?: SummariesData;
}

export const StatementsView = ({ initial = {} }: { initial?: StatementsInitialData }) => {
  const fromServer = useServerData(STATEMENTS, FIRST_PAGE, initial.statements);
  const summariesFromServer = useServerData(SUMMARIES, {}, initial.summaries);
  const idToken = useIdToken();
  const [period, setPeriod] = useState('');
  const [account, setAccount] = useState('');
  const [pageTokens, setPageTokens] = useState<(string | null)[]>([null]);
  const [deleting, setDeleting] = useState<StatementListItem>();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const filter = useMemo(() => ({ ...(period ? { period } : {}), ...(account ? { accountLabel: account } : {}) }), [period, account]);

  const { data, loading, error, refetch } = useQuery(STATEMENTS, {
    variables: { filter, limit: PAGE_SIZE, nextToken: pageTokens.at(-1) ?? null },
    // The first page came with the HTML: the browser does not ask again until something changes.
    fetchPolicy: fromServer ? 'cache-first' : 'cache-and-network',
    nextFetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const items = data?.statements.items ?? [];
  // Every account and period the person has, from the server (not only the current page).
  const summaries = useQuery(SUMMARIES, { fetchPolicy: summariesFromServer ? 'cache-first' : 'cache-and-network' });
  const accounts = useMemo(() => summaries.data?.accounts.map((summary) => summary.label) ?? [], [summaries.data]);
  const usage = summaries.data?.usage;

  const refetchSummaries = summaries.refetch;
  const reload = useCallback(() => {
    setPageTokens([null]);
    void refetch({ filter, limit: PAGE_SIZE, nextToken: null });
    void refetchSummaries();
  }, [refetch, filter, refetchSummaries]);
  const uploads = useUploads(reload);

  // A statement still being scanned becomes downloadable on its own: the list looks again while one is shown.
  const scanning = items.some((item) => item.status === 'SCANNING');
  useEffect(() => {
    if (!scanning) return;
    const timer = setInterval(() => void refetch(), SCAN_POLL_MS);
    return () => clearInterval(timer);
  }, [scanning, refetch]);

  const changeFilter = (apply: () => void) => {
    apply();
    setPageTokens([null]);
  };

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

  const filtered = Boolean(period || account);
  const count = (n: number) => `${n.toLocaleString('en-US')} statement${n === 1 ? '' : 's'}`;
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
      <UploadPanel uploads={uploads} accounts={accounts} />
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
            value={period}
            onChange={(e) => changeFilter(() => setPeriod(e.target.value))}
            options={[
              { value: '', text: 'All periods' },
              ...(summaries.data?.periods ?? []).map((summary) => ({
                value: summary.period,
                text: `${formatPeriod(summary.period)} (${summary.count})`,
              })),
            ]}
          />
          <SelectField
            label="Filter by account"
            value={account}
            onChange={(e) => changeFilter(() => setAccount(e.target.value))}
            options={[
              { value: '', text: 'All accounts' },
              ...(summaries.data?.accounts ?? []).map((summary) => ({ value: summary.label, text: `${summary.label} (${summary.count})` })),
            ]}
          />
          {filtered && (
            <p>
              <Button variant="secondary" onClick={() => changeFilter(() => (setPeriod(''), setAccount('')))}>
                Clear filters
              </Button>
            </p>
          )}
        </div>
        {error && !data ? (
          <p role="alert">Your statements could not be loaded. Try again in a moment.</p>
        ) : items.length === 0 ? (
          loading ? (
            <ListSkeleton />
          ) : (
            <p role="status" data-testid="empty-state">
              {filtered ? 'No statements match these filters.' : 'No statements yet. Upload your first one above.'}
            </p>
          )
        ) : (
          <StatementList items={items} onDownload={download} onDelete={setDeleting} />
        )}
        <nav
          aria-label="Pages"
          css={css`
            display: flex;
            gap: 0.75rem;
            margin-top: 1rem;
          `}
        >
          <Button variant="secondary" disabled={pageTokens.length === 1} onClick={() => setPageTokens((tokens) => tokens.slice(0, -1))}>
            Previous page
          </Button>
          <Button
            variant="secondary"
            disabled={!data?.statements.nextToken}
            onClick={() => setPageTokens((tokens) => [...tokens, data!.statements.nextToken])}
          >
            Next page
          </Button>
        </nav>
      </Card>
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
