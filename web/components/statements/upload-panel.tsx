/** @jsxImportSource @emotion/react */
'use client';

import type { LabelledAccount } from '@contract/accounts/match';
import { css } from '@emotion/react';
import { Suspense, lazy, useEffect, useRef, useState, type DragEvent } from 'react';
import { STATEMENT_LIMITS, TEXT_LIMITS, formatBytes, monthOfText } from '@contract/uploads';
import { acceptAttribute } from '@contract/file-types';
import { acceptedTypesInWords } from '@contract/upload-rules';
import { theme } from '@/lib/theme';
import { Button, Card, MonthField, TextField } from '../ui';
import { useAuth } from '@/lib/auth-context';
import { UPLOAD_SECTION_ID } from '@/lib/statement-list-query';
import { browserSessions } from '@/lib/upload/sessions';
import { takeSharedFiles } from '@/lib/upload/shared-files';
import { SHARE_TARGET } from '@contract/share-target';
import { countOf } from '@contract/format';
import type { FilePick } from './use-filing';

/** The one hint both filing fields point to. */
const FILING_HINT_ID = 'filing-hint';

/** The queue (and the upload engine behind it) comes with the first file chosen, or an unfinished upload to show. */
const UploadQueue = lazy(() => import('./upload-queue'));

/**
 * `onListed`: a file is now in the list (the page shows it). `preset`: the account and
 * period the fields start from (the list's filter: a gap in the coverage links here).
 */
export const UploadPanel = ({
  accounts,
  preset,
  onListed,
  shared,
}: {
  /** The person's accounts: their labels, and the identifier keys files are matched by. */
  accounts: readonly LabelledAccount[];
  preset?: { accountLabel: string; period: string };
  onListed: () => void;
  /** Files another app shared to the vault: the batch the service worker kept them as (`?shared=`). */
  shared?: string;
}) => {
  const { state } = useAuth();
  const owner = state.status === 'signedIn' ? state.sub : undefined;
  const [picks, setPicks] = useState<FilePick[]>([]);
  const [unfinished, setUnfinished] = useState(false);
  // The fields are uncontrolled: what the person types, even before the page's script runs,
  // is what files that do not say are filed under. They start empty, or with what the person
  // chose by following a gap in the coverage; never with an account or a month picked for them.
  const [defaults] = useState(() => ({
    accountLabel: preset?.accountLabel ?? '',
    period: preset?.period ?? '',
  }));
  const accountField = useRef<HTMLInputElement>(null);
  const periodField = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // Uploads a reload or a crash interrupted, kept in this browser: the queue offers them.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- this browser's storage, which the server's HTML cannot know
    if (owner && browserSessions(owner).list().length > 0) setUnfinished(true);
  }, [owner]);

  /** The fields' values now: each chosen file starts from them where it does not say otherwise. */
  const fieldDefaults = () => ({
    accountLabel: accountField.current?.value.trim() ?? '',
    period: monthOfText(periodField.current?.value ?? '') ?? periodField.current?.value ?? '',
  });

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    setPicks((current) => [...current, { id: current.length, files, ...fieldDefaults() }]);
  };

  // Files shared from another app join the queue as if dropped here, once; the address
  // forgets the batch, so a reload does not look for it again.
  const [sharedNote, setSharedNote] = useState<string>();
  const takenShare = useRef(false);
  useEffect(() => {
    if (!shared || takenShare.current) return;
    takenShare.current = true;
    void takeSharedFiles(shared)
      .catch((): { lost: true } => ({ lost: true }))
      .then((result) => {
        if ('files' in result) {
          addFiles(result.files);
          setSharedNote(`${countOf(result.files.length, 'file')} shared from another app: check what each says below, then upload.`);
        } else setSharedNote('The files shared from another app did not arrive here. Choose them again with Choose files.');
        const url = new URL(window.location.href);
        url.searchParams.delete(SHARE_TARGET.param);
        window.history.replaceState(window.history.state, '', url);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per batch shared
  }, [shared]);

  // Where the browser cannot take files shared from other apps (Safari on iPhone and iPad
  // has no share target), the panel says how to bring a statement in instead.
  const [noShareTarget, setNoShareTarget] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's own kind, which the server's HTML cannot know
    setNoShareTarget(/iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1));
  }, []);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles([...event.dataTransfer.files]);
  };

  return (
    <Card label="Upload statements" id={UPLOAD_SECTION_ID} dense>
      <h2 className="visually-hidden">Upload statements</h2>
      {/* One band: where files go in, then what files that do not say are filed under. */}
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 0.5rem 1rem;
          align-items: center;
          > div,
          > div > div {
            margin: 0;
          }
          /* The fields' labels beside them where there is room, so the band is one line high. */
          @media (min-width: 641px) {
            > div > div {
              flex-direction: row;
              align-items: center;
              gap: 0.5rem;
            }
            > div > div > label {
              white-space: nowrap;
            }
          }
        `}
      >
        <div
          data-testid="drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          css={css`
            flex: 2 1 20rem;
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            justify-content: center;
            gap: 0.25rem 0.75rem;
            border: 2px dashed ${dragging ? theme.color.primary : theme.color.border};
            background: ${dragging ? theme.color.highlight : theme.color.background};
            border-radius: ${theme.radius};
            padding: 0.4rem 0.75rem;
            text-align: center;
          `}
        >
          <span>Drag statement files here, or</span>
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
        </div>
        <div
          css={css`
            flex: 1 1 14rem;
          `}
        >
          <TextField
            label="Account"
            list="known-accounts"
            maxLength={TEXT_LIMITS.accountLabelMaxChars}
            placeholder="e.g. Checking ••1234"
            aria-describedby={FILING_HINT_ID}
            ref={accountField}
            defaultValue={defaults.accountLabel}
          />
          <datalist id="known-accounts">
            {accounts.map(({ label }) => (
              <option key={label} value={label} />
            ))}
          </datalist>
        </div>
        <div
          css={css`
            flex: 1 1 10rem;
          `}
        >
          <MonthField label="Period" aria-describedby={FILING_HINT_ID} ref={periodField} defaultValue={defaults.period} />
        </div>
        <p
          id={FILING_HINT_ID}
          css={css`
            flex-basis: 100%;
            margin: 0;
            color: ${theme.color.muted};
            font-size: 0.85rem;
          `}
        >
          {acceptedTypesInWords('statement')}, up to {formatBytes(STATEMENT_LIMITS.maxBytes)} each. The account and period are for files
          that do not say theirs; each file shows what it says before it is sent.
          {noShareTarget && (
            <span data-testid="share-hint">
              {' '}
              On an iPhone or iPad, save a statement from your bank&rsquo;s app to Files (Share, then Save to Files), then choose it here.
            </span>
          )}
        </p>
        {sharedNote && (
          <p
            role="status"
            data-testid="shared-files"
            css={css`
              flex-basis: 100%;
              margin: 0;
            `}
          >
            {sharedNote}
          </p>
        )}
      </div>
      {(picks.length > 0 || unfinished) && (
        <Suspense>
          <UploadQueue picks={picks} accounts={accounts} defaults={fieldDefaults} onListed={onListed} />
        </Suspense>
      )}
    </Card>
  );
};
