'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { STATEMENT_ROUTES } from '@contract/routes';
import type { ShareState } from '@contract/shares';
import { useIdToken } from '@/lib/auth-context';
import { callPresignApi } from '@/lib/presign-api';
import { Button, FormError, SelectField } from '../ui';
import { SHARE_LIFETIMES } from './create-share';

/** Withdraw a share at once, or make it work longer (from now); a withdrawn share stays withdrawn. */
export const ShareControls = ({ shareId, state }: { shareId: string; state: ShareState }) => {
  const router = useRouter();
  const idToken = useIdToken();
  const [error, setError] = useState<string>();
  const [lifetime, setLifetime] = useState(String(7 * 86_400));
  const [busy, setBusy] = useState(false);
  if (state === 'revoked') return null;
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      router.refresh();
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="share-controls" role="group" aria-label="Change this share">
      <SelectField
        label={state === 'expired' ? 'Make it work again for' : 'Make it work for'}
        value={lifetime}
        onChange={(event) => setLifetime(event.target.value)}
        options={SHARE_LIFETIMES.map(({ label, seconds }) => ({ value: String(seconds), text: `${label} from now` }))}
      />
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() =>
          void act(async () =>
            callPresignApi('statementsApiUrl', STATEMENT_ROUTES.extendShare, await idToken(), {
              params: { shareId },
              body: { expiresInSeconds: Number(lifetime) },
            }),
          )
        }
      >
        Extend
      </Button>
      <Button
        variant="danger"
        disabled={busy}
        onClick={() =>
          void act(async () => callPresignApi('statementsApiUrl', STATEMENT_ROUTES.revokeShare, await idToken(), { params: { shareId } }))
        }
      >
        Withdraw now
      </Button>
      <FormError message={error} />
    </div>
  );
};
