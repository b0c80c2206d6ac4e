/** @jsxImportSource @emotion/react */
'use client';

import { amplifyAuth } from '@/lib/amplify-client';
import { AuthForm } from './auth-form';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { passwordProblem } from '@contract';
import { authErrorMessage } from '@/lib/auth-errors';
import { rememberEmail } from '@/lib/pending-email';
import { Button, FormError, TextField } from '../ui';
import { NewPasswordField } from './password-field';

/** Two steps: request a code by e-mail, then set a new password with it. */
export const ForgotPasswordForm = () => {
  const router = useRouter();
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const request = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      await (await amplifyAuth()).resetPassword({ username: email.trim() });
      setStep('reset');
    } catch (caught) {
      setError(authErrorMessage(caught));
    }
    setBusy(false);
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const problem = passwordProblem(password);
    setFieldError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await (await amplifyAuth()).confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword: password });
      toast.success('Your password is changed. Sign in with the new one.');
      rememberEmail(email);
      router.push('/sign-in');
    } catch (caught) {
      setError(authErrorMessage(caught));
      setBusy(false);
    }
  };

  if (step === 'request') {
    return (
      <AuthForm onSubmit={request}>
        <TextField label="E-mail" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormError message={error} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send me a code'}
        </Button>
      </AuthForm>
    );
  }
  return (
    <AuthForm onSubmit={reset}>
      <p role="status">If an account exists for {email.trim()}, a code is on its way.</p>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <NewPasswordField label="New password" value={password} error={fieldError} onChange={setPassword} />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Set new password'}
      </Button>
    </AuthForm>
  );
};
