'use client';

import { useApolloClient } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import { useIdToken } from '@/lib/auth-context';
import { STATEMENT } from '@/lib/graphql';
import { statementTextProblem } from '@contract';
import { UploadRuleError, requireUploadAllowed, uploadStatementFile } from '@/lib/upload';

export type UploadStatus = 'refused' | 'uploading' | 'listing' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  file: File;
  accountLabel: string;
  period: string;
  status: UploadStatus;
  loaded: number;
  message?: string;
}

/** How long to wait for the catalogue to list an uploaded statement. */
const LISTING_TIMEOUT_MS = 20_000;

/**
 * The upload queue of the statements page: every file is checked against the rules
 * before a byte is sent, uploaded with progress (multipart with part retries for large
 * files), then awaited until the catalogue lists it. A failed upload keeps its row with
 * the reason and a retry.
 */
export const useUploads = (onListed: () => void) => {
  const client = useApolloClient();
  const idToken = useIdToken();
  const [items, setItems] = useState<UploadItem[]>([]);
  const counter = useRef(0);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const waitUntilListed = useCallback(
    async (statementId: string) => {
      const deadline = Date.now() + LISTING_TIMEOUT_MS;
      while (Date.now() < deadline) {
        const { data } = await client.query({ query: STATEMENT, variables: { id: statementId }, fetchPolicy: 'network-only' });
        if ((data as { statement: unknown } | undefined)?.statement) return true;
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      return false;
    },
    [client],
  );

  const run = useCallback(
    async (item: UploadItem) => {
      update(item.key, { status: 'uploading', loaded: 0, message: undefined });
      try {
        const statementId = await uploadStatementFile({
          file: item.file,
          accountLabel: item.accountLabel,
          period: item.period,
          idToken,
          onProgress: (loaded) => update(item.key, { loaded }),
        });
        update(item.key, { status: 'listing', loaded: item.file.size });
        const listed = await waitUntilListed(statementId);
        update(item.key, listed ? { status: 'done' } : { status: 'failed', message: 'The file was stored but is not listed yet; refresh in a moment.' });
        onListed();
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The upload failed.';
        update(item.key, { status: error instanceof UploadRuleError ? 'refused' : 'failed', message });
      }
    },
    [idToken, onListed, update, waitUntilListed],
  );

  const add = useCallback(
    (files: File[], accountLabel: string, period: string) => {
      const added: UploadItem[] = files.map((file) => {
        const key = `upload-${++counter.current}`;
        try {
          requireUploadAllowed('statement', file);
          const textProblem = statementTextProblem(file.name, accountLabel);
          if (textProblem) throw new UploadRuleError(`${textProblem}.`);
          return { key, file, accountLabel, period, status: 'uploading', loaded: 0 };
        } catch (error) {
          return { key, file, accountLabel, period, status: 'refused', loaded: 0, message: (error as Error).message };
        }
      });
      setItems((current) => [...added, ...current]);
      for (const item of added) if (item.status === 'uploading') void run(item);
    },
    [run],
  );

  const retry = useCallback((item: UploadItem) => void run(item), [run]);
  const clearFinished = useCallback(() => setItems((current) => current.filter((item) => item.status === 'uploading' || item.status === 'listing')), []);

  return { items, add, retry, clearFinished };
};
