'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { STATEMENT_ROUTES } from '@contract/routes';
import { useIdToken } from '@/lib/auth-context';
import { callPresignApi } from '@/lib/presign-api';
import { Button, FormError } from '../ui';

/**
 * Takes one statement out of a share, for good, after the owner says so a second time: its
 * recipient no longer sees it, and sharing it again takes a new share.
 */
export const RemoveFromShare = ({ shareId, statementId, fileName }: { shareId: string; statementId: string; fileName: string }) => {
  const router = useRouter();
  const idToken = useIdToken();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.removeSharedStatement, await idToken(), {
        params: { shareId, statementId },
      });
      router.refresh();
    } catch (caught) {
      setError((caught as Error).message);
      setBusy(false);
    }
  };
  if (!asking)
    return (
      // The file's name in the button's name after the words it shows (which a name must contain: speech input says them).
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Remove from this share<span className="visually-hidden">: {fileName}</span>
      </Button>
    );
  return (
    <span role="group" aria-label={`Remove ${fileName} from this share?`} className="share-remove-confirm">
      <span>The recipient will no longer see it. </span>
      <Button variant="danger" disabled={busy} onClick={() => void remove()}>
        Remove
      </Button>{' '}
      <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
        Keep it
      </Button>
      <FormError message={error} />
    </span>
  );
};
