/** @jsxImportSource @emotion/react */
'use client';

import { amplifyAuth } from '@/lib/amplify-client';
import { AuthForm } from './auth-form';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { authErrorMessage } from '@/lib/auth-errors';
import { rememberEmail, useRecalledEmail } from '@/lib/pending-email';
import { Button, FormError, TextField } from '../ui';

export const ConfirmForm = () => {
  const router = useRouter();
  const params = useSearchParams();
  // The address the previous form handed over (never in the URL).
  const [email, setEmail] = useRecalledEmail();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      await (await amplifyAuth()).confirmSignUp({ username: email.trim(), confirmationCode: code.trim() });
      toast.success('Your e-mail is confirmed. You can sign in now.');
      rememberEmail(email);
      router.push(`/sign-in${params.get('next') ? `?next=${encodeURIComponent(params.get('next')!)}` : ''}`);
    } catch (caught) {
      setError(authErrorMessage(caught));
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(undefined);
    try {
      await (await amplifyAuth()).resendSignUpCode({ username: email.trim() });
      toast.info(`A new code is on its way to ${email.trim()}.`);
    } catch (caught) {
      setError(authErrorMessage(caught));
    }
  };

  return (
    <AuthForm onSubmit={submit}>
      <TextField label="E-mail" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField
        label="Confirmation code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        hint="The 6-digit code from the e-mail we sent you."
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <FormError message={error} />
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? 'Confirming…' : 'Confirm'}
        </Button>
        <Button variant="secondary" onClick={resend} disabled={!email.trim()}>
          Send a new code
        </Button>
      </div>
    </AuthForm>
  );
};
