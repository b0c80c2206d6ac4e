/** @jsxImportSource @emotion/react */
'use client';

import type { LabelledAccount } from '@contract/accounts/match';
import { css } from '@emotion/react';
import { useRef } from 'react';
import { formatBytes } from '@contract/uploads';
import { formatPeriod } from '@contract/format';
import { theme } from '@/lib/theme';
import { Button, ProgressBar } from '../ui';
import { FilingRows, fileName, queueRow, rowActions } from './filing-rows';
import { useFiling, type FilePick } from './use-filing';
import { useUploads, type UploadItem } from './use-uploads';

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  refused: 'Not uploaded',
  hashing: 'Computing its checksum',
  uploading: 'Uploading',
  paused: 'Paused',
  completing: 'Finishing',
  listing: 'Stored; adding to your list',
  scanning: 'Stored; scanning for malware',
  done: 'Uploaded',
  quarantined: 'Quarantined',
  failed: 'Upload failed',
  cancelled: 'Cancelled',
  duplicate: 'Already in your vault',
};

/** States whose message tells how things go rather than what went wrong. */
const NOT_A_PROBLEM: readonly UploadItem['status'][] = ['duplicate', 'listing', 'scanning', 'done'];

const percent = (item: UploadItem) => `${Math.floor((item.loaded / Math.max(item.file.size, 1)) * 100)}%`;

/** An upload a reload interrupted: resumed with the same file chosen again, or discarded. */
const Unfinished = ({ uploads }: { uploads: ReturnType<typeof useUploads> }) => {
  const pickers = useRef(new Map<string, HTMLInputElement | null>());
  if (uploads.unfinished.length === 0) return null;
  return (
    <section
      aria-label="Unfinished uploads"
      css={css`
        margin: 0 0 1rem;
      `}
    >
      <h3
        css={css`
          margin: 0 0 0.5rem;
          font-size: 1rem;
        `}
      >
        Unfinished uploads
      </h3>
      <ul
        css={css`
          list-style: none;
          padding: 0;
          margin: 0;
        `}
      >
        {uploads.unfinished.map((session) => (
          <li
            key={session.statementId}
            data-testid="unfinished-upload"
            css={css`
              padding: 0.4rem 0;
              display: flex;
              gap: 0.5rem;
              flex-wrap: wrap;
              align-items: center;
            `}
          >
            <span
              css={css`
                flex: 1 1 12rem;
                word-break: break-all;
              `}
            >
              {session.fileName} ({formatBytes(session.size)}, {session.accountLabel}, {formatPeriod(session.period)})
            </span>
            <Button variant="secondary" onClick={() => pickers.current.get(session.statementId)?.click()}>
              Resume {session.fileName}
            </Button>
            <Button variant="secondary" onClick={() => void uploads.discardUnfinished(session)}>
              Discard {session.fileName}
            </Button>
            <input
              ref={(element) => {
                pickers.current.set(session.statementId, element);
              }}
              type="file"
              aria-label={`Choose ${session.fileName} again to resume`}
              css={css`
                display: none;
              `}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) uploads.resumeUnfinished(session, file);
              }}
            />
          </li>
        ))}
      </ul>
      <p
        css={css`
          margin: 0.3rem 0 0;
          color: ${theme.color.muted};
          font-size: 0.9rem;
        `}
      >
        Choose the same file again to send the rest of it; parts already stored are not sent twice.
      </p>
    </section>
  );
};

/**
 * The files chosen, waiting to be confirmed with what each is filed under; then the uploads
 * of this page and those a reload interrupted, with their progress and controls.
 */
export const UploadQueue = ({
  picks,
  accounts,
  defaults,
  onListed,
}: {
  picks: FilePick[];
  /** The person's accounts (labels and identifier keys), that a file's account is matched against. */
  accounts: readonly LabelledAccount[];
  defaults: () => { accountLabel: string; period: string };
  onListed: () => void;
}) => {
  const filing = useFiling(picks, accounts);
  const uploads = useUploads(onListed);
  return (
    <>
      <Unfinished uploads={uploads} />
      <FilingRows filing={filing} defaults={defaults} onUpload={uploads.add} />
      {uploads.items.length > 0 && (
        <ul
          aria-label="Uploads"
          aria-live="polite"
          css={css`
            list-style: none;
            padding: 0;
            margin: 1rem 0 0;
          `}
        >
          {uploads.items.map((item) => (
            <li key={item.key} data-testid="upload-item" data-status={item.status} css={queueRow}>
              <div
                css={css`
                  display: flex;
                  justify-content: space-between;
                  gap: 0.5rem;
                  flex-wrap: wrap;
                `}
              >
                <strong css={fileName}>{item.file.name}</strong>
                <span>
                  {STATUS_TEXT[item.status]}
                  {(item.status === 'uploading' || item.status === 'paused' || item.status === 'hashing') && ` ${percent(item)}`}
                </span>
              </div>
              {['hashing', 'uploading', 'paused', 'completing', 'listing', 'scanning', 'done'].includes(item.status) && (
                <ProgressBar
                  value={item.loaded}
                  max={item.file.size}
                  label={item.status === 'hashing' ? `Checksum of ${item.file.name}` : `Upload of ${item.file.name}`}
                />
              )}
              <div css={rowActions}>
                {(item.status === 'uploading' || item.status === 'hashing') && (
                  <Button variant="secondary" onClick={() => uploads.pause(item)}>
                    Pause {item.file.name}
                  </Button>
                )}
                {item.status === 'paused' && (
                  <Button variant="secondary" onClick={() => uploads.resume(item)}>
                    Resume {item.file.name}
                  </Button>
                )}
                {item.status === 'duplicate' && (
                  <Button variant="secondary" onClick={() => uploads.storeAgain(item)}>
                    Store {item.file.name} again
                  </Button>
                )}
                {['hashing', 'uploading', 'paused', 'failed', 'duplicate'].includes(item.status) && (
                  <Button variant="secondary" onClick={() => void uploads.cancel(item)}>
                    Cancel {item.file.name}
                  </Button>
                )}
              </div>
              {item.message && (
                <p
                  role={NOT_A_PROBLEM.includes(item.status) ? 'status' : 'alert'}
                  css={css`
                    color: ${NOT_A_PROBLEM.includes(item.status) ? 'inherit' : theme.color.danger};
                    margin: 0.3rem 0;
                  `}
                >
                  {item.message}
                </p>
              )}
              {item.status === 'failed' && item.retryable !== false && (
                <Button variant="secondary" onClick={() => uploads.retry(item)}>
                  Retry {item.file.name}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {uploads.items.some((item) => ['done', 'refused', 'cancelled', 'failed', 'quarantined', 'duplicate'].includes(item.status)) && (
        <p>
          <Button variant="secondary" onClick={uploads.clearFinished}>
            Clear finished
          </Button>
        </p>
      )}
    </>
  );
};

export default UploadQueue;
