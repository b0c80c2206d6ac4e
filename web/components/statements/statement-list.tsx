/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { scanWaitWords } from '@contract/scanning';
import { formatBytes } from '@contract/uploads';
import Link from 'next/link';
import { formatDay, formatPeriod } from '@contract/format';
import { statementPage } from '@/lib/routes';
import type { StatementListItem } from '@/lib/graphql';
import { SORTS } from '@/lib/statement-list-query';
import { theme } from '@/lib/theme';
import type { StatementSort } from '@contract/graphql-schema.generated';

/** Where the list is one line per statement; below it, each statement is a small card. */
const ONE_LINE = '(min-width: 641px)';

const table = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  line-height: 1.4;
  th,
  td {
    text-align: left;
    padding: 0.2rem 0.5rem;
    border-bottom: 1px solid ${theme.color.border};
    vertical-align: middle;
  }
  th {
    color: ${theme.color.muted};
    font-weight: 600;
    font-size: 0.85rem;
  }
  /* A heading that orders the list: its own words' colour, underlined where the pointer or the keyboard is. */
  th a.sort {
    color: inherit;
    text-decoration: none;
  }
  th a.sort:hover,
  th a.sort:focus-visible {
    color: ${theme.color.text};
    text-decoration: underline;
  }
  th[aria-sort] a.sort {
    color: ${theme.color.text};
  }
  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  tbody tr:hover,
  tbody tr:focus-within {
    background: ${theme.color.background};
  }
  tbody tr[data-selected='true'] {
    background: ${theme.color.highlight};
  }
  @media ${ONE_LINE} {
    table-layout: fixed;
    /* One line per statement: a long name or account is cut with an ellipsis and shown whole on hover (its title) and on its page. */
    td {
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    /* The name's link fills its cell's line, cut there, and is a target of at least 24 px however long the name. */
    td.name a {
      display: block;
      overflow: hidden;
      text-overflow: ellipsis;
      line-height: 24px;
    }
    col.tick {
      width: 2.25rem;
    }
    col.period {
      width: 6.5rem;
    }
    col.account {
      width: 20%;
    }
    col.size {
      width: 6.75rem;
    }
    col.uploaded {
      width: 8.5rem;
    }
    col.actions {
      width: 16.5rem;
    }
  }
  /* On a phone each statement is a small card: its name, then its month and account, then its size and upload day, then its actions. */
  @media (max-width: 640px) {
    colgroup,
    thead {
      display: none;
    }
    tr {
      display: grid;
      /* The same columns in every card, so months, accounts, sizes and days line up down the list. */
      grid-template-columns: 2rem 6rem minmax(0, 1fr);
      grid-template-areas:
        'tick name name'
        'tick period account'
        'tick size uploaded'
        'tick actions actions';
      gap: 0.1rem 0.5rem;
      border-bottom: 1px solid ${theme.color.border};
      padding: 0.5rem 0;
    }
    td {
      border: 0;
      padding: 0;
      min-width: 0;
    }
    td.tick {
      grid-area: tick;
    }
    td.name {
      grid-area: name;
      font-weight: 600;
      word-break: break-word;
    }
    td.period {
      grid-area: period;
    }
    td.account {
      grid-area: account;
      overflow-wrap: anywhere;
    }
    td.size {
      grid-area: size;
      text-align: left;
      color: ${theme.color.muted};
    }
    td.uploaded {
      grid-area: uploaded;
      color: ${theme.color.muted};
    }
    td.actions {
      grid-area: actions;
    }
  }
`;

/** The last cell: what keeps a statement from being downloaded (scanning, quarantined), then its actions. */
const actionsCell = css`
  display: flex;
  gap: 0.5rem;
  justify-content: flex-end;
  align-items: center;
  @media (max-width: 640px) {
    flex-wrap: wrap;
    justify-content: flex-start;
  }
`;

/** A row's actions: small, and at desktop widths shown where the pointer or the keyboard is. */
const rowActions = css`
  display: flex;
  gap: 0.25rem;
  flex: none;
  align-items: center;
  @media ${ONE_LINE} and (hover: hover) {
    opacity: 0;
    tr:hover &,
    tr:focus-within & {
      opacity: 1;
    }
  }
  @media (max-width: 640px) {
    justify-content: flex-start;
    margin-top: 0.25rem;
  }
`;

const rowButton = css`
  font: inherit;
  font-size: 0.8rem;
  font-weight: 600;
  line-height: 1.2;
  padding: 0.15rem 0.5rem;
  min-height: 24px;
  border-radius: ${theme.radius};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  cursor: pointer;
  &:hover {
    filter: brightness(0.94);
  }
  /* A finger's target on a touch screen, and on a phone's width whatever points. */
  @media (pointer: coarse), (max-width: 640px) {
    min-height: 44px;
    padding: 0.4rem 0.9rem;
  }
`;

/** A row's selection: its checkbox, or with Shift, every row from the last one ticked to this one. */
export interface ListSelection {
  selected: ReadonlySet<string>;
  onSelect: (item: StatementListItem, index: number, range: boolean) => void;
  onSelectAll: (all: boolean) => void;
}

/**
 * A column's heading that orders the list by it: a link (it works before the page's script
 * runs), newest first on the first press and the other way on the next; `aria-sort` says
 * which way the list is ordered now.
 */
const SortHeading = ({
  children,
  newest,
  oldest,
  sort,
  sortHref,
}: {
  children: string;
  newest: StatementSort;
  oldest: StatementSort;
  sort: StatementSort;
  sortHref: (sort: StatementSort) => string;
}) => {
  const by = sort === newest ? 'descending' : sort === oldest ? 'ascending' : undefined;
  const next = sort === newest ? oldest : newest;
  return (
    <th scope="col" aria-sort={by}>
      <Link href={sortHref(next)} className="sort" title={`Sort: ${SORTS[next].words.toLowerCase()}`} scroll={false}>
        {children}
        <span aria-hidden="true">{by === 'descending' ? ' ↓' : by === 'ascending' ? ' ↑' : ''}</span>
      </Link>
    </th>
  );
};

export const StatementList = ({
  items,
  selection,
  onDownload,
  onEdit,
  onDelete,
  sort,
  sortHref,
}: {
  items: StatementListItem[];
  selection: ListSelection;
  onDownload: (item: StatementListItem) => void;
  onEdit: (item: StatementListItem) => void;
  onDelete: (item: StatementListItem) => void;
  /** The order the list is in, and the address of the list in another. */
  sort: StatementSort;
  sortHref: (sort: StatementSort) => string;
}) => (
  <table css={table} aria-label="Your statements">
    <colgroup>
      <col className="tick" />
      <col className="period" />
      <col className="account" />
      <col />
      <col className="size" />
      <col className="uploaded" />
      <col className="actions" />
    </colgroup>
    <thead>
      <tr>
        <th scope="col">
          <input
            type="checkbox"
            aria-label="Select every statement on this page"
            checked={items.length > 0 && items.every((item) => selection.selected.has(item.id))}
            onChange={(event) => selection.onSelectAll(event.target.checked)}
          />
        </th>
        <SortHeading newest="PERIOD_NEWEST" oldest="PERIOD_OLDEST" sort={sort} sortHref={sortHref}>
          Period
        </SortHeading>
        <th scope="col">Account</th>
        <th scope="col">Name</th>
        <th scope="col" className="number">
          Size
        </th>
        <SortHeading newest="UPLOADED_NEWEST" oldest="UPLOADED_OLDEST" sort={sort} sortHref={sortHref}>
          Uploaded
        </SortHeading>
        <th scope="col">
          <span className="visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
    <tbody>
      {items.map((item, index) => (
        <tr key={item.id} data-testid="statement-row" data-selected={selection.selected.has(item.id)}>
          <td className="tick">
            <input
              type="checkbox"
              aria-label={`Select ${item.fileName}`}
              checked={selection.selected.has(item.id)}
              onChange={() => undefined}
              onClick={(event) => selection.onSelect(item, index, event.shiftKey)}
            />
          </td>
          <td className="period">
            <time dateTime={item.period}>{formatPeriod(item.period)}</time>
          </td>
          <td data-label="Account" className="account" title={item.accountLabel}>
            {item.accountLabel}
          </td>
          <td data-label="Name" className="name" title={item.fileName}>
            <Link href={statementPage(item.id)}>{item.fileName}</Link>
          </td>
          <td className="number size">{formatBytes(item.size)}</td>
          <td className="uploaded" title={item.arrivedByMail ? 'Came in a mail to your vault' : undefined}>
            {/* A mailed statement is marked where its arrival is, in the column's width. */}
            {item.arrivedByMail && (
              <span data-testid="arrived-by-mail">
                <span aria-hidden="true">✉ </span>
                <span className="visually-hidden">By mail, </span>
              </span>
            )}
            <time dateTime={item.uploadedAt}>{formatDay(item.uploadedAt.slice(0, 10))}</time>
          </td>
          <td className="actions">
            <div css={actionsCell}>
              {item.status !== 'AVAILABLE' && (
                <span
                  data-testid="statement-status"
                  data-status={item.status}
                  // How long it has waited is read from the clock: the browser's may be a minute past the server's.
                  suppressHydrationWarning
                  title={item.status === 'QUARANTINED' ? (item.scanDetail ?? undefined) : undefined}
                  css={css`
                    color: ${item.status === 'QUARANTINED' ? theme.color.danger : theme.color.muted};
                    font-size: 0.85rem;
                    min-width: 0;
                    overflow: hidden;
                    text-overflow: ellipsis;
                  `}
                >
                  {item.status === 'SCANNING'
                    ? scanWaitWords(item.uploadedAt, new Date())
                    : `Quarantined: ${item.scanDetail ?? 'it did not pass the malware scan'}`}
                </span>
              )}
              <span css={rowActions}>
                {item.status === 'AVAILABLE' && (
                  <button type="button" css={rowButton} onClick={() => onDownload(item)} aria-label={`Download ${item.fileName}`}>
                    Download
                  </button>
                )}
                <button type="button" css={rowButton} onClick={() => onEdit(item)} aria-label={`Edit ${item.fileName}`}>
                  Edit
                </button>
                {/* Quiet in the list; the confirmation dialog carries the destructive styling. */}
                <button type="button" css={rowButton} onClick={() => onDelete(item)} aria-label={`Delete ${item.fileName}`}>
                  Delete
                </button>
              </span>
            </div>
          </td>
        </tr>
      ))}
    </tbody>
  </table>
);
