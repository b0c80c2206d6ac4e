/** @jsxImportSource @emotion/react */
'use client';

import type { FormEvent } from 'react';
import { PDF_PASSWORD } from '@contract/accounts/pdf-password';
import { Button, FormError, TextField } from '../ui';

/** Why the PDF is not open: it asks for a password, the one typed was wrong, or the one kept for its account was. */
export type PdfLock = 'asks' | 'wrong' | 'kept wrong';

/** The statement's account, as the password form names it and keeps a password for it. */
export interface PdfAccount {
  key: string;
  label: string;
  /** A password is kept for its protected PDFs. */
  passwordKept: boolean;
}

const LOCK_WORDS: Record<PdfLock, string | undefined> = {
  asks: undefined,
  wrong: 'That password does not open this PDF.',
  'kept wrong': 'The password kept for this account does not open this PDF.',
};

/**
 * Asks for a protected PDF's password, to open it here: the file stays as it was received.
 * With an account, the person may keep the password for it, and its PDFs (those that
 * arrive by mail too) then open with it; nothing is kept unless they tick the box.
 */
export const PdfPasswordForm = ({
  lock,
  account,
  opening,
  onOpen,
}: {
  /** Why it is not open, or `trying`: a password typed is being tried. */
  lock: PdfLock | 'trying';
  account?: PdfAccount;
  opening: boolean;
  onOpen: (password: string, keep: boolean) => void;
}) => {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = form.get('password');
    if (typeof password === 'string' && password) onOpen(password, form.get('keep') === 'on');
  };
  return (
    <form aria-label="Open the protected PDF" onSubmit={submit} css={{ maxWidth: '28rem' }}>
      <p>This PDF is protected by a password. Type it to open the PDF here; the file stays as it is.</p>
      <FormError message={lock === 'trying' ? undefined : LOCK_WORDS[lock]} />
      <TextField
        label="PDF password"
        name="password"
        type="password"
        autoComplete="off"
        maxLength={PDF_PASSWORD.maxChars}
        required
        // The form appears where the preview was: the person came to type.
        autoFocus
      />
      {account && (
        <label css={{ display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: '24px', margin: '0 0 1rem' }}>
          <input type="checkbox" name="keep" css={{ width: '1.1rem', height: '1.1rem' }} />
          {account.passwordKept
            ? `Keep it for ${account.label} instead of the one kept`
            : `Keep it for ${account.label}: its PDFs then open with it`}
        </label>
      )}
      <Button type="submit" disabled={opening}>
        {opening ? 'Opening…' : 'Open'}
      </Button>
    </form>
  );
};
