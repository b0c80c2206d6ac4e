/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useRef, useState, type DragEvent } from 'react';
import { STATEMENT_LIMITS, TEXT_LIMITS, acceptAttribute, acceptedTypesInWords, formatBytes } from '@contract';
import { formatPeriod } from '@/lib/format';
import { theme } from '@/lib/theme';
import { Button, Card, ProgressBar, TextField } from '../ui';
import type { UploadItem, useUploads } from './use-uploads';

const thisMonth = () => new Date().toISOString().slice(0, 7);

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

export const UploadPanel = ({ uploads, accounts }: { uploads: ReturnType<typeof useUploads>; accounts: string[] }) => {
  const [accountLabel, setAccountLabel] = useState(accounts[0] ?? '');
  const [period, setPeriod] = useState(thisMonth());
  const [dragging, setDragging] = useState(false);
  const [missing, setMissing] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  // Default to an account the person already uses, once the list has loaded (adjusted
  // during render, so the first HTML already shows it).
  if (!accountLabel && accounts.length > 0) setAccountLabel(accounts[0]);

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    if (!accountLabel.trim()) {
      setMissing('Name the account these statements belong to first.');
      return;
    }
    setMissing(undefined);
    uploads.add(files, accountLabel.trim(), period);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles([...event.dataTransfer.files]);
  };

  return (
    <Card label="Upload statements">
      <h2
        css={css`
          margin: 0 0 0.75rem;
          font-size: 1.2rem;
        `}
      >
        Upload statements
      </h2>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 0 1rem;
          > * {
            flex: 1 1 12rem;
          }
        `}
      >
        <TextField
          label="Account"
          list="known-accounts"
          maxLength={TEXT_LIMITS.accountLabelMaxChars}
          placeholder="e.g. Checking ••1234"
          value={accountLabel}
          error={missing}
          onChange={(e) => setAccountLabel(e.target.value)}
        />
        <datalist id="known-accounts">
          {accounts.map((account) => (
            <option key={account} value={account} />
          ))}
        </datalist>
        <TextField label="Period" type="month" required value={period} onChange={(e) => setPeriod(e.target.value || thisMonth())} />
      </div>
      <div
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        css={css`
          border: 2px dashed ${dragging ? theme.color.primary : theme.color.border};
          background: ${dragging ? theme.color.highlight : theme.color.background};
          border-radius: ${theme.radius};
          padding: 1.5rem 1rem;
          text-align: center;
        `}
      >
        <p
          css={css`
            margin: 0 0 0.75rem;
          `}
        >
          Drag statement files here, or
        </p>
        <Button onClick={() => input.current?.click()}>Choose files</Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={acceptAttribute('statement')}
          aria-label="Statement files"
          css={css`
            display: none;
          `}
          onChange={(event) => {
            addFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <p
          css={css`
            margin: 0.75rem 0 0;
            color: ${theme.color.muted};
            font-size: 0.9rem;
          `}
        >
          {acceptedTypesInWords('statement')}, up to {formatBytes(STATEMENT_LIMITS.maxBytes)} each.
        </p>
      </div>
      <Unfinished uploads={uploads} />
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
            <li
              key={item.key}
              data-testid="upload-item"
              data-status={item.status}
              css={css`
                padding: 0.6rem 0;
                border-bottom: 1px solid ${theme.color.border};
              `}
            >
              <div
                css={css`
                  display: flex;
                  justify-content: space-between;
                  gap: 0.5rem;
                  flex-wrap: wrap;
                `}
              >
                <strong
                  css={css`
                    word-break: break-all;
                  `}
                >
                  {item.file.name}
                </strong>
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
              <div
                css={css`
                  display: flex;
                  gap: 0.5rem;
                  flex-wrap: wrap;
                  margin-top: 0.3rem;
                `}
              >
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
                  role="alert"
                  css={css`
                    color: ${item.status === 'duplicate' ? 'inherit' : theme.color.danger};
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
    </Card>
  );
};
