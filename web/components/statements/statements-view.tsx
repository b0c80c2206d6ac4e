/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useRouter } from 'next/navigation';
import { Suspense, lazy, useEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import Link from 'next/link';
import { toast, toastWithAction } from '@/lib/toast';
import { coalesce } from '@/lib/coalesce';
// The API client and the download link load when a button asks for them, not with the page.
import { STATEMENT_PAGE_SIZE, formatBytes } from '@contract/uploads';
import { PAGES, shareStatementsHref } from '@/lib/routes';
import { useIdToken } from '@/lib/auth-context';
import { graphqlClient } from '@/lib/graphql-client';
import {
  deleteQuestion,
  deleteStatements,
  deletedWords,
  downloadStatement,
  restoreStatements,
  restoredWords,
} from '@/lib/statement-actions';
import type { StatementListItem, StatementsData, SummariesData } from '@/lib/graphql';
import {
  SORTS,
  listedTotal,
  pageSizeOf,
  positionInWords,
  sortOf,
  statementListHref,
  type StatementListQuery,
} from '@/lib/statement-list-query';
import type { StatementSort } from '@contract/graphql-schema.generated';
import { Button, Card, SelectField } from '../ui';
import { SearchBox } from '../search/search-box';
import { StatementList, type ListSelection } from './statement-list';
import { UploadPanel } from './upload-panel';
import { countOf, formatCount, formatPeriod } from '@contract/format';
import { theme } from '@/lib/theme';

/** The dialogs' code comes with the first Delete or Edit pressed. */
const ConfirmDialog = lazy(() => import('./confirm-dialog'));
const EditDialog = lazy(() => import('./edit-dialog'));

/** The list's heading and its filters, on one line where there is room. */
const listHeader = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 0.75rem;
  align-items: center;
  margin: 0;
  > h2 {
    align-self: center;
  }
  > div {
    flex: 0 1 13rem;
    margin: 0;
  }
  /* On a phone, two menus to a row under a search box of its own. */
  @media (max-width: 640px) {
    > div {
      flex: 1 1 8rem;
    }
    > form {
      flex: 1 1 100%;
    }
  }
`;

/**
 * What can be done with the ticked statements: in sight while rows lower down are ticked
 * (it stays at the top of the window), and in its place before any is ticked, so ticking
 * one does not move the rows.
 */
const selectionBar = css`
  position: sticky;
  top: 0;
  z-index: 1;
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  align-items: center;
  min-height: 2.25rem;
  padding: 0.1rem 0;
  font-size: 0.9rem;
  background: ${theme.color.surface};
  border-bottom: 1px solid ${theme.color.border};
`;

const listFooter = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem 1rem;
  margin-top: 0.75rem;
`;

const pages = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.5rem 0.75rem;
  > span {
    align-self: center;
    font-variant-numeric: tabular-nums;
  }
  > div {
    margin: 0;
    flex-direction: row;
    align-items: center;
    gap: 0.4rem;
    /* Its label on one line beside its menu. */
    white-space: nowrap;
  }
`;

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
  shared,
  search,
}: {
  query: StatementListQuery;
  statements?: StatementsData;
  summaries?: SummariesData;
  /** Files another app shared to the vault, kept by the service worker under this batch (`?shared=`). */
  shared?: string;
  /** A search (`?q=`): what was typed, what it found in one sentence, and its results, shown in the list's place. */
  search?: { query: string; summary: string; results: ReactNode };
}) => {
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const idToken = useIdToken();
  const [deleting, setDeleting] = useState<StatementListItem[]>([]);
  const [editing, setEditing] = useState<StatementListItem[]>([]);
  // Once shown, a dialog stays mounted, so closing it returns focus where it was.
  const [askedToDelete, setAskedToDelete] = useState(false);
  const [askedToEdit, setAskedToEdit] = useState(false);
  const askToDelete = (chosen: StatementListItem[]) => {
    setAskedToDelete(true);
    setDeleting(chosen);
  };
  const askToEdit = (chosen: StatementListItem[]) => {
    setAskedToEdit(true);
    setEditing(chosen);
  };
  const listHeading = useRef<HTMLHeadingElement>(null);
  const items = statements?.statements.items ?? [];
  // The rows ticked on this page (a page turned, or a row gone, leaves them out).
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const lastTicked = useRef<number>(undefined);
  const selectedItems = items.filter((item) => ticked.has(item.id));
  const selection: ListSelection = {
    selected: ticked,
    onSelect: (item, index, range) => {
      const from = range && lastTicked.current !== undefined ? Math.min(lastTicked.current, index) : index;
      const to = range && lastTicked.current !== undefined ? Math.max(lastTicked.current, index) : index;
      const on = !ticked.has(item.id);
      const next = new Set(ticked);
      for (const row of items.slice(from, to + 1)) {
        if (on) next.add(row.id);
        else next.delete(row.id);
      }
      lastTicked.current = index;
      setTicked(next);
    },
    onSelectAll: (all) => setTicked(new Set(all ? items.map((item) => item.id) : [])),
  };
  const clearSelection = () => setTicked(new Set());
  const nextToken = statements?.statements.nextToken;
  const accounts = summaries?.accounts ?? [];
  const usage = summaries?.usage;

  const show = (view: StatementListQuery) => startNavigation(() => router.push(statementListHref(view), { scroll: false }));
  const reload = () => startNavigation(() => router.refresh());
  // Uploads that land while the list is being fetched again make one fetch more after it, not one each.
  const [listed] = useState(() => coalesce(reload));
  // After every commit: a fetch that is no longer pending has ended (one never seen pending ends too, so none waits for good).
  useEffect(() => {
    if (!navigating) listed.ended();
  });

  // A statement still being scanned becomes downloadable on its own: the page looks again while one is shown.
  const scanning = items.some((item) => item.status === 'SCANNING');
  useEffect(() => {
    if (!scanning) return;
    const timer = setInterval(() => router.refresh(), SCAN_POLL_MS);
    return () => clearInterval(timer);
  }, [scanning, router]);

  const download = async (item: StatementListItem) => {
    try {
      await downloadStatement(item, idToken);
    } catch (caught) {
      toast.error((caught as Error).message);
    }
  };

  const confirmDelete = async () => {
    const chosen = deleting;
    setDeleting([]);
    if (chosen.length === 0) return;
    try {
      await deleteStatements(chosen, idToken);
      toastWithAction(deletedWords(chosen), { label: 'Undo', run: () => void restore(chosen) });
      clearSelection();
      reload();
      // The rows and their buttons are gone: focus goes to the list's heading, not to the page's top.
      listHeading.current?.focus();
    } catch (caught) {
      toast.error((caught as Error).message);
      reload();
    }
  };

  /** Brings statements just deleted back (the toast's Undo). */
  const restore = async (chosen: StatementListItem[]) => {
    try {
      await restoreStatements(chosen, idToken);
      toast.success(restoredWords(chosen));
    } catch (caught) {
      toast.error((caught as Error).message);
    }
    reload();
  };

  /** The selected statements as one ZIP, checked against their checksums as it is saved (the export's engine). */
  const downloadSelection = async () => {
    const chosen = selectedItems;
    try {
      const engine = await import('@/lib/export');
      const target = await engine.chooseExportTarget(`statements-${new Date().toISOString().slice(0, 10)}.zip`);
      const controller = new AbortController();
      const { zip, manifest } = await engine.exportVault(engine.selectionExportSource(await graphqlClient(), chosen, idToken), {
        signal: controller.signal,
        onProgress: () => undefined,
      });
      await target.write(zip, controller.signal);
      const records = await manifest;
      const saved = records.filter((record) => record.path !== null).length;
      toast.success(`${countOf(saved, 'file')} saved in one ZIP, each checked against its record.`);
    } catch (caught) {
      if ((caught as { name?: string }).name !== 'AbortError') toast.error((caught as Error).message);
    }
  };

  const filtered = Boolean(query.period || query.account);
  const count = (n: number) => countOf(n, 'statement');
  return (
    // The upload band first, on a phone too: it is small, and a person arrives to add or to find.
    <div className="wide-page">
      <UploadPanel
        accounts={accounts}
        preset={{ accountLabel: query.account, period: query.period }}
        onListed={listed.ask}
        shared={shared}
      />
      <Card label="Your statements" dense>
        <div css={listHeader}>
          <h2
            ref={listHeading}
            tabIndex={-1}
            css={css`
              margin: 0;
              font-size: 1.2rem;
              flex: 1 1 auto;
            `}
          >
            Your statements
          </h2>
          {/* A GET form: Enter searches before the page's script has run; the results follow what is typed after. */}
          <SearchBox initial={search?.query ?? ''} />
          <SelectField
            label="Filter by period"
            hideLabel
            value={query.period}
            onChange={(e) => show({ ...query, period: e.target.value, after: [] })}
            options={[
              { value: '', text: 'All periods' },
              ...periodOptions(summaries?.periods ?? [], query.period).map((summary) => ({
                value: summary.period,
                text: `${formatPeriod(summary.period)} (${summary.count})`,
              })),
            ]}
          />
          <SelectField
            label="Filter by account"
            hideLabel
            value={query.account}
            onChange={(e) => show({ ...query, account: e.target.value, after: [] })}
            options={[
              { value: '', text: 'All accounts' },
              ...(summaries?.accounts ?? []).map((summary) => ({ value: summary.label, text: `${summary.label} (${summary.count})` })),
            ]}
          />
          {/* The order on a phone too, where the columns' headings are not shown. */}
          <SelectField
            label="Sort statements"
            hideLabel
            value={sortOf(query)}
            onChange={(e) => show({ ...query, sort: e.target.value as StatementSort, after: [] })}
            options={(Object.keys(SORTS) as StatementSort[]).map((sort) => ({ value: sort, text: SORTS[sort].words }))}
          />
          {filtered && (
            <Button variant="secondary" onClick={() => show({ ...query, period: '', account: '', after: [] })}>
              Clear filters
            </Button>
          )}
        </div>
        {/* Always there, so a screen reader hears each new count as the results follow what is typed. */}
        <p
          role="status"
          aria-live="polite"
          data-testid="search-summary"
          className={search ? undefined : 'visually-hidden'}
          css={css`
            margin: 0.6rem 0 0;
          `}
        >
          {search?.summary}
        </p>
        {search ? (
          search.results
        ) : !statements ? (
          <p role="alert">Your statements could not be loaded. Try again in a moment.</p>
        ) : navigating && items.length === 0 ? (
          <ListSkeleton />
        ) : items.length === 0 ? (
          <p role="status" data-testid="empty-state">
            {filtered ? 'No statements match these filters.' : 'No statements yet. Upload your first one above.'}
          </p>
        ) : (
          <div aria-busy={navigating}>
            <div role="toolbar" aria-label="Selected statements" css={selectionBar}>
              {selectedItems.length === 0 ? (
                <span
                  css={css`
                    color: ${theme.color.muted};
                  `}
                >
                  Tick statements to download, share, edit or delete several at once.
                </span>
              ) : (
                <>
                  <span data-testid="selection-count">{count(selectedItems.length)} selected</span>
                  <Button compact variant="secondary" onClick={() => askToEdit(selectedItems)}>
                    Edit selected…
                  </Button>
                  <Button compact variant="secondary" onClick={() => void downloadSelection()}>
                    Download selected
                  </Button>
                  <Button
                    compact
                    variant="secondary"
                    onClick={() =>
                      router.push(shareStatementsHref(selectedItems.filter((item) => item.status === 'AVAILABLE').map((item) => item.id)))
                    }
                    disabled={!selectedItems.some((item) => item.status === 'AVAILABLE')}
                  >
                    Share selected…
                  </Button>
                  <Button compact variant="secondary" onClick={() => askToDelete(selectedItems)}>
                    Delete selected…
                  </Button>
                  <Button compact variant="secondary" onClick={clearSelection}>
                    Clear selection
                  </Button>
                </>
              )}
            </div>
            <StatementList
              items={items}
              selection={selection}
              onDownload={download}
              onEdit={(item) => askToEdit([item])}
              onDelete={(item) => askToDelete([item])}
              sort={sortOf(query)}
              sortHref={(sort) => statementListHref({ ...query, sort, after: [] })}
            />
          </div>
        )}
        <div css={listFooter}>
          {/* While searching, the results are the newest best matches: no pages to turn. */}
          {!search && (
            <nav aria-label="Pages" css={pages}>
              {statements && (
                <span data-testid="list-position" aria-live="polite">
                  {positionInWords(query, items.length, summaries && listedTotal(query, summaries))}
                </span>
              )}
              <Button
                compact
                variant="secondary"
                disabled={query.after.length === 0}
                onClick={() => show({ ...query, after: query.after.slice(0, -1) })}
              >
                Previous page
              </Button>
              <Button
                compact
                variant="secondary"
                disabled={!nextToken}
                onClick={() => nextToken && show({ ...query, after: [...query.after, nextToken] })}
              >
                Next page
              </Button>
              <SelectField
                label="Statements per page"
                value={String(pageSizeOf(query))}
                onChange={(e) => show({ ...query, size: Number(e.target.value), after: [] })}
                options={STATEMENT_PAGE_SIZE.choices.map((size) => ({ value: String(size), text: String(size) }))}
              />
            </nav>
          )}
          {usage && (
            <p
              css={css`
                margin: 0;
              `}
            >
              <span data-testid="usage">
                {formatBytes(usage.bytes)} of {formatBytes(usage.maxBytes)}, {count(usage.statements)}
                {usage.deletedStatements > 0 && `, ${formatCount(usage.deletedStatements)} of them in Recently deleted`}
              </span>
              {' · '}
              <Link href={PAGES.deleted}>Recently deleted</Link>
              {' · '}
              <Link href={PAGES.shares}>Shares</Link>
            </p>
          )}
        </div>
      </Card>
      {askedToDelete && (
        <Suspense>
          <ConfirmDialog
            open={deleting.length > 0}
            {...deleteQuestion(deleting)}
            confirmLabel="Delete"
            onConfirm={confirmDelete}
            onCancel={() => setDeleting([])}
          />
        </Suspense>
      )}
      {askedToEdit && (
        <Suspense>
          <EditDialog
            statements={editing}
            onClose={() => setEditing([])}
            onDone={(edited) => {
              setEditing([]);
              toast.success(edited === 1 ? 'Saved.' : `${count(edited)} saved.`);
              clearSelection();
              reload();
            }}
          />
        </Suspense>
      )}
    </div>
  );
};

/** The periods to filter by: those in use, and the one the URL names (a month with none yet: a gap the coverage linked to). */
const periodOptions = (periods: readonly { period: string; count: number }[], chosen: string) =>
  !chosen || periods.some((summary) => summary.period === chosen)
    ? periods
    : [...periods, { period: chosen, count: 0 }].sort((a, b) => (a.period < b.period ? 1 : -1));

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
