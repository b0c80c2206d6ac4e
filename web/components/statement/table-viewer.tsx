/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import {
  PROPOSAL_READ,
  csvTransactions,
  decodeStatementText,
  ofxTransactions,
  sheetTransactions,
  type TransactionTable,
} from '@contract/reading';
import { httpRanges } from '@/lib/preview/http-ranges';
import { cellText } from '@/lib/upload/sheet-rows';
import { countOf, formatAmount, formatCount, formatDay } from '@contract/format';
import { theme } from '@/lib/theme';
import { Button } from '../ui';

/** Rows shown at first, and added by each "Show more". */
const ROWS_SHOWN = 100;

const table = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th,
  td {
    text-align: left;
    padding: 0.4rem 0.5rem;
    border-bottom: 1px solid ${theme.color.border};
    vertical-align: top;
  }
  th {
    color: ${theme.color.muted};
  }
  td.number,
  th.number {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  td.description {
    word-break: break-word;
  }
`;

type Read = { table: TransactionTable; complete: boolean };

/**
 * Reads the transactions: of a CSV or OFX file its first part at once (one range), the
 * rest when asked for; a workbook whole (a ZIP's directory is at its end). The file's own
 * encoding and dialect are read as the filing rules read them.
 */
const readTransactions = async (kind: 'csv' | 'ofx' | 'xlsx', url: () => Promise<string>, size: number, whole: boolean): Promise<Read> => {
  const ranges = httpRanges(url, size);
  if (kind === 'xlsx') {
    const bytes = await ranges.read(0, size);
    const { readSheet } = await import('read-excel-file/browser');
    const rows = (await readSheet(new Blob([bytes as Uint8Array<ArrayBuffer>]))).map((row) => row.map(cellText));
    return { table: sheetTransactions(rows), complete: true };
  }
  const end = whole ? size : Math.min(size, PROPOSAL_READ.headBytes);
  const complete = end === size;
  const { text } = decodeStatementText(await ranges.read(0, end), complete);
  return { table: kind === 'ofx' ? ofxTransactions(text) : csvTransactions(text, complete), complete };
};

/** Money in and out over the whole file, where every transaction's amount reads as a number (none guessed). */
const totalsOf = (rows: readonly { value?: number }[]): { in: number; out: number } | undefined => {
  if (rows.length === 0 || rows.some((row) => row.value === undefined)) return undefined;
  // In cents, so a long statement adds up to the cent.
  const cents = (value: number) => Math.round(value * 100);
  const sum = (values: number[]) => values.reduce((total, value) => total + cents(value), 0) / 100;
  const values = rows.map((row) => row.value!);
  return { in: sum(values.filter((value) => value > 0)), out: sum(values.filter((value) => value < 0)) };
};

/**
 * A CSV, OFX/QFX or XLSX statement as a table of its transactions. Every cell is text
 * React writes as text: markup or a formula in the file shows as the characters it is.
 */
export default function TableViewer({ url, size, kind }: { url: () => Promise<string>; size: number; kind: 'csv' | 'ofx' | 'xlsx' }) {
  const [read, setRead] = useState<Read>();
  const [shown, setShown] = useState(ROWS_SHOWN);
  const [loadingRest, setLoadingRest] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let current = true;
    readTransactions(kind, url, size, false).then(
      (first) => current && setRead(first),
      () => current && setError('this file could not be read.'),
    );
    return () => {
      current = false;
    };
  }, [kind, url, size]);

  const showMore = async () => {
    if (!read) return;
    if (read.complete || read.table.rows.length > shown + ROWS_SHOWN) {
      setShown(shown + ROWS_SHOWN);
      return;
    }
    setLoadingRest(true);
    try {
      setRead(await readTransactions(kind, url, size, true));
      setShown(shown + ROWS_SHOWN);
    } catch {
      setError('the rest of this file could not be read.');
    } finally {
      setLoadingRest(false);
    }
  };

  if (error) return <p role="alert">The preview could not be shown: {error}</p>;
  if (!read) return <p role="status">Reading the transactions…</p>;
  const { columns, rows } = read.table;
  if (rows.length === 0) return <p role="status">No transactions were found in this file; download it to open it.</p>;
  const more = !read.complete || rows.length > shown;
  const totals = read.complete ? totalsOf(rows) : undefined;
  return (
    <div>
      <p role="status" data-testid="rows-shown">
        {read.complete
          ? `${formatCount(Math.min(shown, rows.length))} of ${countOf(rows.length, 'transaction')}`
          : `The first ${countOf(Math.min(shown, rows.length), 'transaction')}`}
      </p>
      {totals && (
        <p data-testid="transaction-totals">
          Money in {formatAmount(totals.in)} · money out {formatAmount(totals.out)}
          {read.table.skipped > 0 && ` (${countOf(read.table.skipped, 'line')} of the file not read as a transaction)`}
        </p>
      )}
      {/* Wider than a phone: it scrolls sideways, so it takes the focus a keyboard scrolls it with. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Transactions"
        css={css`
          overflow-x: auto;
        `}
      >
        <table css={table} data-testid="transactions">
          <thead>
            <tr>
              {columns.date && <th scope="col">Date</th>}
              <th scope="col">Description</th>
              {columns.amount && (
                <th scope="col" className="number">
                  Amount
                </th>
              )}
              {columns.balance && (
                <th scope="col" className="number">
                  Balance
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((row, index) => (
              <tr key={index}>
                {/* A day that reads as one is said as every date in the vault is; the file's own writing stays in its title. */}
                {columns.date && (
                  <td>
                    {row.isoDate ? (
                      <time dateTime={row.isoDate} title={row.date}>
                        {formatDay(row.isoDate)}
                      </time>
                    ) : (
                      row.date
                    )}
                  </td>
                )}
                <td className="description">{row.description}</td>
                {columns.amount && <td className="number">{row.amount}</td>}
                {columns.balance && <td className="number">{row.balance ?? ''}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more && (
        <p>
          <Button variant="secondary" onClick={() => void showMore()} disabled={loadingRest}>
            {loadingRest ? 'Reading the rest of the file…' : 'Show more transactions'}
          </Button>
        </p>
      )}
    </div>
  );
}
