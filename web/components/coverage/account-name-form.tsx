/** @jsxImportSource @emotion/react */
'use client';

import { useActionState } from 'react';
import { renameAccount, type RenameState } from '@/app/(private)/statements/accounts/[key]/actions';
import { Button, FormError, TextField } from '../ui';

/**
 * An account's name: changed, the account keeps all it holds and its statements take the
 * name; the name of another of the person's accounts merges the two once they tick that
 * they are one. A form action, so it works before the page's script runs and without it.
 */
export const AccountNameForm = ({ accountKey, label, others }: { accountKey: string; label: string; others: readonly string[] }) => {
  const [state, rename, renaming] = useActionState<RenameState, FormData>(renameAccount, { status: 'idle' });
  return (
    <form action={rename} aria-label={`Name of ${label}`} css={{ maxWidth: '32rem' }}>
      <input type="hidden" name="accountKey" value={accountKey} />
      <TextField
        label="Name"
        name="to"
        defaultValue={state.status === 'error' ? state.to : label}
        list="other-accounts"
        autoComplete="off"
        required
        hint="Another of your accounts' names files this one's statements under it, once you say they are one account."
      />
      <datalist id="other-accounts">
        {others.map((other) => (
          <option key={other} value={other} />
        ))}
      </datalist>
      <label css={{ display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: '24px', margin: '0 0 1rem' }}>
        <input type="checkbox" name="same" css={{ width: '1.1rem', height: '1.1rem' }} />
        They are one account: file this one&apos;s statements under it
      </label>
      <FormError message={state.status === 'error' ? state.message : undefined} />
      <Button type="submit" variant="secondary" disabled={renaming}>
        {renaming ? 'Filing its statements…' : 'Rename or merge'}
      </Button>
    </form>
  );
};
