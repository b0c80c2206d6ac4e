'use client';

import { useState } from 'react';
import type { SharedStatement } from '@contract';
import { Button } from '../ui';
import { shareFileHref } from '@/lib/routes';

/**
 * All of a share's files as one ZIP, made in the browser (client-zip, loaded when pressed):
 * each file fetched through a fresh short-lived URL, one after another.
 */
export const ShareZip = ({ secret, statements }: { secret: string; statements: SharedStatement[] }) => {
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const download = async () => {
    setState({ busy: true, message: `Preparing ${statements.length} files…` });
    try {
      const { downloadZip } = await import('client-zip');
      const used = new Set<string>();
      const unique = (name: string) => {
        let candidate = name;
        for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
        used.add(candidate.toLowerCase());
        return candidate;
      };
      async function* files() {
        for (const statement of statements) {
          const answer = await fetch(shareFileHref(secret, statement.id, 'attachment', 'url'), { cache: 'no-store' });
          if (!answer.ok) throw new Error(`${statement.fileName} could not be fetched (${answer.status}).`);
          const { url } = (await answer.json()) as { url: string };
          const file = await fetch(url, { referrerPolicy: 'no-referrer' });
          if (!file.ok) throw new Error(`${statement.fileName} could not be fetched (${file.status}).`);
          yield { name: unique(statement.fileName), input: file };
        }
      }
      const blob = await downloadZip(files()).blob();
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = 'shared-statements.zip';
      link.rel = 'noreferrer';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
      setState({ busy: false, message: `${statements.length} files saved in one ZIP.` });
    } catch (caught) {
      setState({ busy: false, message: (caught as Error).message });
    }
  };
  return (
    <p className="share-zip">
      <Button onClick={() => void download()} disabled={state.busy}>
        Download all as one ZIP
      </Button>{' '}
      <span role="status">{state.message}</span>
    </p>
  );
};
