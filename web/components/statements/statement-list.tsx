/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { STATEMENT_LIMITS, formatBytes } from '@contract/uploads';
import { checksumHex } from '@contract/checksums';
import Link from 'next/link';
import { formatDay, formatPeriod } from '@contract/format';
import { statementPage } from '@/lib/routes';
import type { StatementListItem } from '@/lib/graphql';
import { theme } from '@/lib/theme';
import { Button } from '../ui';

const table = css`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 0.55rem 0.5rem;
    border-bottom: 1px solid ${theme.color.border};
    vertical-align: middle;
  }
  th {
    color: ${theme.color.muted};
    font-weight: 600;
    font-size: 0.9rem;
  }
  td.name {
    word-break: break-word;
  }
  @media (max-width: 640px) {
    thead {
      position: absolute;
      left: -9999px;
    }
    tr {
      display: block;
      border-bottom: 1px solid ${theme.color.border};
      padding: 0.5rem 0;
    }
    td {
      display: block;
      border: 0;
      padding: 0.15rem 0;
    }
    td[data-label]::before {
      content: attr(data-label) ': ';
      color: ${theme.color.muted};
    }
  }
`;

/**
 * What storage verified of the file: S3 refused any byte whose SHA-256 differed from the
 * one the upload was signed with, so the checksum shown is the file's. A file sent in parts
 * has S3's composite checksum (the SHA-256 of its parts' SHA-256s).
 */
export const Integrity = ({ item }: { item: StatementListItem }) => {
  if (!item.checksum || !item.checksumType) return null;
  const parts = item.checksumType === 'COMPOSITE' ? item.checksum.split('-')[1] : undefined;
  return (
    <details
      data-testid="integrity"
      css={css`
        font-size: 0.85rem;
        color: ${theme.color.muted};
        margin-top: 0.2rem;
      `}
    >
      <summary>Integrity verified by storage</summary>
      <span>
        {parts ? `SHA-256 of its ${parts} parts of ${formatBytes(STATEMENT_LIMITS.partBytes)} (S3 composite): ` : 'SHA-256: '}
        <code
          css={css`
            word-break: break-all;
          `}
        >
          {checksumHex(item.checksum)}
        </code>
      </span>
    </details>
  );
};

/** A row's selection: its checkbox, or with Shift, every row from the last one ticked to this one. */
export interface ListSelection {
  selected: ReadonlySet<string>;
  onSelect: (item: StatementListItem, index: number, range: boolean) => void;
  onSelectAll: (all: boolean) => void;
}

export const StatementList = ({
  items,
  selection,
  onDownload,
  onEdit,
  onDelete,
}: {
  items: StatementListItem[];
  selection: ListSelection;
  onDownload: (item: StatementListItem) => void;
  onEdit: (item: StatementListItem) => void;
  onDelete: (item: StatementListItem) => void;
}) => (
  <table css={table} aria-label="Your statements">
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
        <th scope="col">Period</th>
        <th scope="col">Account</th>
        <th scope="col">Name</th>
        <th scope="col">Size</th>
        <th scope="col">Uploaded</th>
        <th scope="col">
          <span className="visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
    <tbody>
      {items.map((item, index) => (
        <tr key={item.id} data-testid="statement-row">
          <td>
            <input
              type="checkbox"
              aria-label={`Select ${item.fileName}`}
              checked={selection.selected.has(item.id)}
              onChange={() => undefined}
              onClick={(event) => selection.onSelect(item, index, event.shiftKey)}
            />
          </td>
          <td data-label="Period">
            <time dateTime={item.period}>{formatPeriod(item.period)}</time>
          </td>
          <td data-label="Account">{item.accountLabel}</td>
          <td data-label="Name" className="name">
            <Link href={statementPage(item.id)}>{item.fileName}</Link>
            <Integrity item={item} />
          </td>
          <td data-label="Size">{formatBytes(item.size)}</td>
          <td data-label="Uploaded">
            <time dateTime={item.uploadedAt}>{formatDay(item.uploadedAt.slice(0, 10))}</time>
          </td>
          <td>
            <div
              css={css`
                display: flex;
                gap: 0.5rem;
                flex-wrap: wrap;
              `}
            >
              {item.status === 'AVAILABLE' ? (
                <Button variant="secondary" onClick={() => onDownload(item)} aria-label={`Download ${item.fileName}`}>
                  Download
                </Button>
              ) : (
                <span
                  data-testid="statement-status"
                  data-status={item.status}
                  css={css`
                    align-self: center;
                    color: ${theme.color.muted};
                  `}
                >
                  {item.status === 'SCANNING'
                    ? 'Scanning for malware…'
                    : `Quarantined: ${item.scanDetail ?? 'it did not pass the malware scan'}`}
                </span>
              )}
              <Button variant="secondary" onClick={() => onEdit(item)} aria-label={`Edit ${item.fileName}`}>
                Edit
              </Button>
              {/* Quiet in the list; the confirmation dialog carries the destructive styling. */}
              <Button variant="secondary" onClick={() => onDelete(item)} aria-label={`Delete ${item.fileName}`}>
                Delete
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </tbody>
  </table>
);
