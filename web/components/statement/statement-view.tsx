/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Suspense, lazy, useCallback, useEffect } from 'react';
import { statementAccountKey } from '@contract/keys';
import { STATEMENT_ROUTES } from '@contract/routes';
import { scanWaitWords } from '@contract/scanning';
import { notIndexedSentence } from '@contract/search/not-indexed';
import { formatBytes } from '@contract/uploads';
import { useIdToken } from '@/lib/auth-context';
import { formatDateTime, formatPeriod } from '@contract/format';
import type { StatementBalancesItem, StatementListItem } from '@/lib/graphql';
import { callPresignApi } from '@/lib/presign-api';
import { previewKindOf } from '@/lib/preview/kinds';
import { accountPage } from '@/lib/routes';
import { theme } from '@/lib/theme';
import { Integrity } from './integrity';
import { StatementActions } from './statement-actions';
import { Card } from '../ui';
import { BalancesForm } from './balances-form';
import { StatementBalancesRows } from './statement-balances';

/** The viewer of the statement's kind comes when a statement of that kind is opened. */
const PdfViewer = lazy(() => import('./pdf-viewer'));
const TableViewer = lazy(() => import('./table-viewer'));
const ImageViewer = lazy(() => import('./image-viewer'));

/** How often the page looks again while the statement is being scanned, or its file read. */
const SCAN_POLL_MS = 3000;
/** How many times it looks for the days and balances of a file read after its scan (a file the reading fails on is read by the sweep later). */
const READING_LOOKS = 5;

const details = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.3rem 1rem;
  margin: 0 0 1rem;
  dt {
    color: ${theme.color.muted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: 0.4rem;
    }
  }
`;

/** A statement's details and its content: shown in the page when the malware scan found it clean. */
/**
 * `accountDetails`: what its account is, in one line ("First Harbor Bank · current account · USD"), or nothing when unknown;
 * `balances`: what it says of its days and money, null until its file is read.
 */
export const StatementView = ({
  statement,
  accountDetails,
  balances = null,
  pdfPasswordKept = false,
}: {
  statement: StatementListItem;
  accountDetails?: string;
  balances?: StatementBalancesItem | null;
  /** A password is kept for its account's protected PDFs: its preview tries it before asking. */
  pdfPasswordKept?: boolean;
}) => {
  const router = useRouter();
  const idToken = useIdToken();
  const scanning = statement.status === 'SCANNING';
  // Its file is read for its days and balances just after the scan: the page looks again a few times for them.
  const reading = statement.status === 'AVAILABLE' && !balances;
  useEffect(() => {
    if (!scanning && !reading) return;
    let looks = 0;
    const timer = setInterval(() => {
      if (!scanning && ++looks > READING_LOOKS) clearInterval(timer);
      else router.refresh();
    }, SCAN_POLL_MS);
    return () => clearInterval(timer);
  }, [scanning, reading, router]);

  const kind = previewKindOf(statement.contentType);
  // One function while the statement and the session stay: the viewers read the file again only when they change.
  const statementId = statement.id;
  const previewUrl = useCallback(
    async () => (await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.previewUrl, await idToken(), { params: { statementId } })).url,
    [statementId, idToken],
  );
  return (
    <>
      <StatementActions statement={statement} />
      <Card label="Details">
        <dl css={details}>
          <dt>Account</dt>
          <dd data-testid="statement-account">
            <Link href={accountPage(statementAccountKey(statement))}>{statement.accountLabel}</Link>
            {accountDetails && <span css={{ color: theme.color.muted }}> · {accountDetails}</span>}
          </dd>
          <dt>Period</dt>
          <dd>
            <time dateTime={statement.period}>{formatPeriod(statement.period)}</time>
          </dd>
          <StatementBalancesRows balances={balances} available={statement.status === 'AVAILABLE'} />
          <dt>Size</dt>
          <dd>{formatBytes(statement.size)}</dd>
          <dt>{statement.arrivedByMail ? 'Arrived' : 'Uploaded'}</dt>
          <dd data-testid="statement-arrival">
            <time dateTime={statement.uploadedAt}>{formatDateTime(statement.uploadedAt)}</time>
            {statement.arrivedByMail && ', in a mail to your vault'}
          </dd>
          <dt>Malware scan</dt>
          {/* How long it has waited is read from the clock: the browser's may be a minute past the server's. */}
          <dd data-testid="scan-verdict" suppressHydrationWarning>
            {statement.status === 'AVAILABLE'
              ? 'Clean'
              : scanning
                ? scanWaitWords(statement.uploadedAt, new Date())
                : `Quarantined: ${statement.scanDetail ?? 'it did not pass the malware scan'}`}
          </dd>
          {statement.contentNotIndexed && (
            <>
              <dt>Search</dt>
              <dd data-testid="content-not-indexed">{notIndexedSentence(statement.contentNotIndexed)}</dd>
            </>
          )}
        </dl>
        {statement.status === 'AVAILABLE' && <BalancesForm statementId={statement.id} balances={balances} />}
        <Integrity item={statement} />
      </Card>
      <Card label="Preview">
        <h2
          css={css`
            margin: 0 0 0.75rem;
            font-size: 1.2rem;
          `}
        >
          Preview
        </h2>
        {scanning ? (
          <p role="status" data-testid="preview-unavailable">
            This statement is being scanned for malware; it shows here once the scan finds it clean.
          </p>
        ) : statement.status !== 'AVAILABLE' ? (
          <p role="status" data-testid="preview-unavailable">
            This statement is quarantined ({statement.scanDetail ?? 'it did not pass the malware scan'}), so it is never shown. You can
            delete it from the list.
          </p>
        ) : (
          <Suspense fallback={<p role="status">Loading the preview…</p>}>
            {kind === 'pdf' ? (
              <PdfViewer
                key={statement.id}
                url={previewUrl}
                size={statement.size}
                fileName={statement.fileName}
                account={{ key: statementAccountKey(statement), label: statement.accountLabel, passwordKept: pdfPasswordKept }}
              />
            ) : kind === 'image' ? (
              <ImageViewer url={previewUrl} fileName={statement.fileName} />
            ) : (
              <TableViewer url={previewUrl} size={statement.size} kind={kind} />
            )}
          </Suspense>
        )}
      </Card>
    </>
  );
};
