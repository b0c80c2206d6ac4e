'use client';

import { useState } from 'react';
import { SHARE_FILE_FIELDS, SHARE_FILE_PATH } from '@contract/share-pages';
import type { SharedStatement } from '@contract/shares';
import { countOf } from '@contract/format';
import { useHydrated } from '@/lib/use-hydrated';
import { Button } from '../ui';

/** One file's fresh URL, asked for as the View and Download forms do: the secret in the POST body, never in a URL. */
const fileUrl = async (secret: string, statement: SharedStatement): Promise<string> => {
  const answer = await fetch(SHARE_FILE_PATH, {
    method: 'POST',
    body: new URLSearchParams({
      [SHARE_FILE_FIELDS.secret]: secret,
      [SHARE_FILE_FIELDS.statement]: statement.id,
      [SHARE_FILE_FIELDS.disposition]: 'attachment',
      [SHARE_FILE_FIELDS.as]: 'url',
    }),
    cache: 'no-store',
  });
  // Too many requests: the route says so in words (when to try again).
  if (answer.status === 429) throw new Error(await answer.text());
  if (!answer.ok) throw new Error(`${statement.fileName} could not be fetched (${answer.status}).`);
  return ((await answer.json()) as { url: string }).url;
};

/**
 * All of a share's files as one ZIP, made in the browser (client-zip, loaded when pressed):
 * each file fetched through a fresh short-lived URL, one after another, each URL asked for
 * with the secret in a POST body.
 */
export const ShareZip = ({ secret, statements }: { secret: string; statements: SharedStatement[] }) => {
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false });
  // It is made by the page's script: not pressed before it runs (nor without it).
  const hydrated = useHydrated();
  const download = async () => {
    setState({ busy: true, message: `Preparing ${countOf(statements.length, 'file')}…` });
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
          const file = await fetch(await fileUrl(secret, statement), { referrerPolicy: 'no-referrer' });
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
      setState({ busy: false, message: `${countOf(statements.length, 'file')} saved in one ZIP.` });
    } catch (caught) {
      setState({ busy: false, message: (caught as Error).message });
    }
  };
  return (
    <p className="share-zip">
      <Button onClick={() => void download()} disabled={state.busy || !hydrated}>
        Download all as one ZIP
      </Button>{' '}
      <span role="status">{state.message}</span>
    </p>
  );
};
