/** @jsxImportSource @emotion/react */
'use client';

import { useRef, useState } from 'react';
import { formatBytes } from '@contract/uploads';
import { useIdToken } from '@/lib/auth-context';
import { graphqlClient } from '@/lib/graphql-client';
import type { ExportProgress } from '@/lib/export';
import { countOf } from '@contract/format';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { Button, Card, FormError, ProgressBar } from '../ui';

/** The export's code, fetched when the person reaches for the button rather than with the page. */
const loadExport = () => import('@/lib/export');

/** How often the progress line may change while bytes stream (each chunk would re-render). */
const PROGRESS_EVERY_MS = 150;

const isAbort = (error: unknown) => (error as { name?: string } | undefined)?.name === 'AbortError';

/**
 * Everything in the vault as one ZIP: the statements by account and period with their
 * original names, the profile picture, and a manifest (JSON and CSV) of every record with
 * its checksum and how the exported bytes were checked against it.
 */
export const ExportCard = () => {
  const idToken = useIdToken();
  const [progress, setProgress] = useState<ExportProgress>();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const exportController = useRef<AbortController | null>(null);
  const hydrated = useHydrated();

  const start = async () => {
    setError(undefined);
    const engine = await loadExport();
    let target;
    try {
      target = await engine.chooseExportTarget(`statement-vault-${new Date().toISOString().slice(0, 10)}.zip`);
    } catch (caught) {
      // Closing the file picker is a choice, not an error.
      if (!isAbort(caught)) setError((caught as Error).message);
      return;
    }
    const controller = new AbortController();
    exportController.current = controller;
    setRunning(true);
    let shownAt = 0;
    try {
      const { zip, manifest } = await engine.exportVault(engine.browserExportSource(await graphqlClient(), idToken), {
        signal: controller.signal,
        onProgress: (next) => {
          const now = Date.now();
          if (now - shownAt < PROGRESS_EVERY_MS && next.files !== next.totalFiles) return;
          shownAt = now;
          setProgress(next);
        },
      });
      await target.write(zip, controller.signal);
      const records = await manifest;
      const mismatched = records.filter((record) => record.verification === 'mismatch');
      const exported = records.filter((record) => record.path !== null).length;
      if (mismatched.length > 0)
        setError(`${mismatched.map((record) => record.fileName).join(', ')} did not match the checksum on record: see the manifest.`);
      else toast.success(`Your export is saved: ${countOf(exported, 'file')}, each checked against its record.`);
    } catch (caught) {
      if (controller.signal.aborted || isAbort(caught)) toast.info('The export was cancelled; nothing was saved.');
      else setError((caught as Error).message);
    } finally {
      exportController.current = null;
      setRunning(false);
      setProgress(undefined);
    }
  };

  return (
    <Card label="Your data">
      <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.2rem' }}>Your data</h2>
      <p>
        Download everything in your vault as one ZIP file: every statement under its account and period with its original name, your profile
        picture, and a list of every record with its checksum (JSON and CSV). Each file is checked against its checksum as it is saved.
      </p>
      {running && progress && (
        <div role="status" aria-live="polite">
          <p>
            Exporting: {progress.files} of {progress.totalFiles} files, {formatBytes(progress.bytes)} of {formatBytes(progress.totalBytes)}
          </p>
          <ProgressBar value={progress.bytes} max={Math.max(progress.totalBytes, 1)} label="Export" />
        </div>
      )}
      <FormError message={error} />
      <div className="actions">
        <Button
          variant="secondary"
          onClick={() => void start()}
          onFocus={() => void loadExport()}
          onPointerEnter={() => void loadExport()}
          disabled={running || !hydrated}
        >
          {running ? 'Exporting…' : 'Export everything'}
        </Button>
        {running && (
          <Button variant="secondary" onClick={() => exportController.current?.abort()}>
            Cancel export
          </Button>
        )}
      </div>
    </Card>
  );
};
