/** @jsxImportSource @emotion/react */
'use client';

import { useActionState } from 'react';
import { PDF_PASSWORD } from '@contract/accounts/pdf-password';
import { savePdfPassword } from '@/app/(private)/statements/accounts/[key]/actions';
import { Button, FormError, TextField } from '../ui';
import type { SaveState } from './save-row';

/**
 * The password of an account's protected PDFs: kept only when the person gives it (here, or
 * when it opens one of its PDFs), shown never, forgotten with one button. A form action, so
 * it works before the page's script runs and without it.
 */
export const AccountPdfPassword = ({ accountKey, label, kept }: { accountKey: string; label: string; kept: boolean }) => {
  const [state, save, saving] = useActionState<SaveState, FormData>(savePdfPassword, { status: 'idle' });
  return (
    <form action={save} aria-label={`PDF password of ${label}`} css={{ maxWidth: '34rem' }}>
      <input type="hidden" name="accountKey" value={accountKey} />
      <p data-testid="pdf-password-state">
        {kept
          ? 'A password is kept for its protected PDFs: they open with it here, and those filed from now on, uploaded or mailed, are read with it for search and balances (those filed before stay as they were read). It is never shown.'
          : 'No password is kept. Its protected PDFs ask for theirs when opened, and those that arrive by mail wait for you.'}
      </p>
      <TextField
        label={kept ? 'Another password' : 'Password of its PDFs'}
        name="password"
        type="password"
        autoComplete="off"
        maxLength={PDF_PASSWORD.maxChars}
        hint="Kept in your vault only, for this account; read only when one of its PDFs is opened or arrives."
      />
      <FormError message={state.status === 'error' ? state.message : undefined} />
      <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button type="submit" variant="secondary" name="intent" value="keep" disabled={saving}>
          Keep password
        </Button>
        {kept && (
          <Button type="submit" variant="secondary" name="intent" value="forget" disabled={saving}>
            Forget it
          </Button>
        )}
      </div>
      {state.status === 'saved' && <p role="status">Saved.</p>}
    </form>
  );
};
