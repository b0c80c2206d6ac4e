'use client';

import type { AccountDetails } from '@contract/accounts/details';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth, useIdToken } from '@/lib/auth-context';
import { graphqlClient } from '@/lib/graphql-client';
import { formatPeriod } from '@contract/format';
import type { SameFileData, UploadOutcomeData } from '@/lib/graphql';
import type { StatementUpload } from '@/lib/upload';
import { waitForListing } from '@/lib/upload/listing-wait';
import { noSessions, type SessionStore, type UploadSession } from '@/lib/upload/sessions';

/** The upload engine, fetched the first time the page needs it rather than with the page. */
const loadEngine = () => import('@/lib/upload/statement-engine');

export type UploadStatus =
  | 'refused'
  | 'hashing'
  | 'uploading'
  | 'paused'
  | 'completing'
  | 'listing'
  | 'scanning'
  | 'done'
  | 'quarantined'
  | 'failed'
  | 'cancelled'
  /** The vault already keeps this file: the person chooses to store it again or not. */
  | 'duplicate';

export interface UploadItem {
  key: string;
  file: File;
  accountLabel: string;
  period: string;
  status: UploadStatus;
  /** Bytes sent (or hashed, while hashing). */
  loaded: number;
  message?: string;
  /** Whether trying again could succeed (a refusal by the rules cannot). */
  retryable?: boolean;
}

/** Uploads that run: leaving the page asks first while any of them is in this state. */
const ACTIVE: UploadStatus[] = ['hashing', 'uploading', 'completing', 'paused'];

/**
 * The upload queue of the statements page. Every file is checked against the API's rules
 * before a byte is sent (a refusal says which rule, and offers no retry); then hashed,
 * uploaded with progress, and awaited until the catalogue lists it. Each upload can be
 * paused, resumed and cancelled. A multipart upload is remembered in this browser, so that
 * after a reload the person can resume it (choosing the file again) or discard it.
 */
export const useUploads = (onListed: () => void) => {
  const idToken = useIdToken();
  const { state } = useAuth();
  const owner = state.status === 'signedIn' ? state.sub : undefined;
  const sessions = useRef<SessionStore>(noSessions);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [unfinished, setUnfinished] = useState<UploadSession[]>([]);
  const uploads = useRef(new Map<string, StatementUpload>());
  const counter = useRef(0);

  // Uploads a reload or a crash interrupted, to resume or discard.
  useEffect(() => {
    if (!owner) return;
    let current = true;
    void loadEngine().then(({ browserSessions }) => {
      if (!current) return;
      sessions.current = browserSessions(owner);
      const running = new Set([...uploads.current.values()].map((upload) => upload.statementId));
      setUnfinished(sessions.current.list().filter((session) => !running.has(session.statementId)));
    });
    return () => {
      current = false;
    };
  }, [owner]);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  // Leaving the page while an upload runs asks first.
  const active = items.some((item) => ACTIVE.includes(item.status));
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);

  // Whether the page is still open: the queue stops asking once it is not.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  /** Asks the catalogue about an uploaded statement until it is available, kept out, or the page closes. */
  const waitForOutcome = useCallback(async (statementId: string, on: { scanning: () => void; slow: () => void }) => {
    const { UPLOAD_OUTCOME } = await loadEngine();
    return waitForListing({
      ask: () =>
        graphqlClient()
          .then((client) =>
            client.query<UploadOutcomeData>({ query: UPLOAD_OUTCOME, variables: { id: statementId }, fetchPolicy: 'network-only' }),
          )
          .then(({ data }) => ({
            status: data?.statement?.status,
            scanDetail: data?.statement?.scanDetail,
            refusal: data?.uploadRefusal?.reason,
          }))
          .catch(() => undefined),
      open: () => open.current,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: Date.now,
      onScanning: on.scanning,
      onSlow: on.slow,
    });
  }, []);

  const run = useCallback(
    async (key: string) => {
      const upload = uploads.current.get(key);
      if (!upload) return;
      update(key, { status: 'uploading', message: undefined });
      const { SameFileStored, UploadStopped, isRetryable } = await loadEngine();
      try {
        const statementId = await upload.run();
        update(key, { status: 'listing' });
        const outcome = await waitForOutcome(statementId, {
          scanning: () => {
            update(key, { status: 'scanning', message: undefined });
            onListed();
          },
          slow: () => update(key, { message: 'Stored safely. The vault is busy and lists it shortly; this row updates when it does.' }),
        });
        if (outcome.kind === 'closed') return;
        if (outcome.kind === 'available') update(key, { status: 'done', message: undefined });
        else if (outcome.kind === 'listed')
          update(key, { status: 'done', message: 'Its malware scan is still running; your list shows when it ends.' });
        else if (outcome.kind === 'refused')
          update(key, { status: 'refused', retryable: false, message: `Not stored: this file is ${outcome.reason}.` });
        else if (outcome.kind === 'quarantined')
          update(key, { status: 'quarantined', retryable: false, message: `Quarantined: ${outcome.reason}. It cannot be downloaded.` });
        uploads.current.delete(key);
        onListed();
      } catch (error) {
        if (error instanceof UploadStopped) {
          if (error.reason === 'paused') update(key, { status: 'paused' });
          return;
        }
        if (error instanceof SameFileStored) {
          const where = error.existing.map((same) => `“${same.fileName}” (${same.accountLabel}, ${formatPeriod(same.period)})`).join(', ');
          update(key, { status: 'duplicate', message: `Your vault already keeps this file as ${where}. Store it again?` });
          return;
        }
        const message = error instanceof Error ? error.message : 'The upload failed.';
        const retryable = isRetryable(error);
        update(key, { status: retryable ? 'failed' : 'refused', retryable, message });
      }
    },
    [onListed, update, waitForOutcome],
  );

  const start = useCallback(
    async (
      file: File,
      accountLabel: string,
      period: string,
      resumeFrom?: UploadSession,
      account: { identifierKeys?: string[]; accountFacts?: AccountDetails; uploadAgain?: boolean } = {},
    ) => {
      const key = `upload-${++counter.current}`;
      const { SAME_FILE, StatementUpload, browserSessions, requireStatementAllowed, startHashWorker } = await loadEngine();
      // A file chosen before the unfinished uploads were listed is remembered all the same.
      if (owner && sessions.current === noSessions) sessions.current = browserSessions(owner);
      let contentType: string;
      try {
        contentType = requireStatementAllowed(file, accountLabel);
      } catch (error) {
        setItems((current) => [
          { key, file, accountLabel, period, status: 'refused', loaded: 0, message: (error as Error).message, retryable: false },
          ...current,
        ]);
        return;
      }
      const upload = new StatementUpload({
        file,
        contentType,
        accountLabel,
        period,
        identifierKeys: account.identifierKeys,
        accountFacts: account.accountFacts,
        idToken,
        sessions: sessions.current,
        resumeFrom,
        startHashWorker,
        findSameFile: async (checksum) =>
          (await (await graphqlClient()).query<SameFileData>({ query: SAME_FILE, variables: { checksum }, fetchPolicy: 'network-only' }))
            .data?.statementsByChecksum ?? [],
        onPhase: (phase) => update(key, { status: phase === 'done' ? 'listing' : phase }),
        onHashProgress: (hashed) => update(key, { loaded: hashed }),
        onProgress: (sent) => update(key, { loaded: sent }),
      });
      // The person chose, in the queue, to upload a file the vault keeps: not asked again.
      if (account.uploadAgain) upload.acceptSameFile();
      uploads.current.set(key, upload);
      setItems((current) => [{ key, file, accountLabel, period, status: 'hashing', loaded: 0 }, ...current]);
      void run(key);
    },
    [idToken, owner, run, update],
  );

  /** Starts uploading files, each under its own account and period. */
  const add = useCallback(
    (
      files: {
        file: File;
        accountLabel: string;
        period: string;
        identifierKeys?: string[];
        accountFacts?: AccountDetails;
        uploadAgain?: boolean;
      }[],
    ) => {
      for (const { file, accountLabel, period, ...account } of files) void start(file, accountLabel, period, undefined, account);
    },
    [start],
  );

  const pause = useCallback((item: UploadItem) => uploads.current.get(item.key)?.pause(), []);
  /** Stores a file the vault already keeps, as the person chose. */
  const storeAgain = useCallback(
    (item: UploadItem) => {
      uploads.current.get(item.key)?.acceptSameFile();
      void run(item.key);
    },
    [run],
  );
  const resume = useCallback((item: UploadItem) => void run(item.key), [run]);
  const retry = resume;
  const cancel = useCallback(
    async (item: UploadItem) => {
      const upload = uploads.current.get(item.key);
      update(item.key, { status: 'cancelled', message: undefined });
      uploads.current.delete(item.key);
      await upload?.cancel();
    },
    [update],
  );

  /** Resumes an upload from an earlier page with the file the person chose again. */
  const resumeUnfinished = useCallback(
    (session: UploadSession, file: File) => {
      setUnfinished((current) => current.filter((known) => known.statementId !== session.statementId));
      void start(file, session.accountLabel, session.period, session);
    },
    [start],
  );

  /** Discards an upload from an earlier page: S3 aborts it and keeps none of its parts. */
  const discardUnfinished = useCallback(
    async (session: UploadSession) => {
      setUnfinished((current) => current.filter((known) => known.statementId !== session.statementId));
      const { abortMultipartUpload } = await loadEngine();
      await abortMultipartUpload(session, idToken, sessions.current);
    },
    [idToken],
  );

  const clearFinished = useCallback(
    () =>
      setItems((current) =>
        current.filter((item) => ACTIVE.includes(item.status) || item.status === 'listing' || item.status === 'scanning'),
      ),
    [],
  );

  return { items, add, pause, resume, retry, cancel, storeAgain, clearFinished, unfinished, resumeUnfinished, discardUnfinished };
};
