/** @jsxImportSource @emotion/react */
'use client';

import { amplifyAuth } from '@/lib/amplify-client';
import { AuthForm, SubmitButton, useAuthAction } from './auth-form';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { passwordProblem } from '@contract';
import { rememberEmail } from '@/lib/pending-email';
import { FormError } from '../ui';
import { CodeField, EmailField, NewPasswordField } from './auth-fields';

/** Two steps: request a code by e-mail, then set a new password with it. */
export const ForgotPasswordForm = () => {
  const router = useRouter();
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const request = useAuthAction(async () => {
    await (await amplifyAuth()).resetPassword({ username: email.trim() });
    setStep('reset');
  });
  const reset = useAuthAction(async () => {
    const problem = passwordProblem(password);
    if (problem) return { fieldError: problem };
    await (await amplifyAuth()).confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword: password });
    toast.success('Your password is changed. Sign in with the new one.');
    rememberEmail(email);
    router.push('/sign-in');
  });

  if (step === 'request') {
    return (
      <AuthForm onSubmit={request.submit}>
        <EmailField value={email} onChange={setEmail} />
        <FormError message={request.error} />
        <SubmitButton busy={request.busy} busyLabel="Sending…">
          Send me a code
        </SubmitButton>
      </AuthForm>
    );
  }
  return (
    <AuthForm onSubmit={reset.submit}>
      <p role="status">If an account exists for {email.trim()}, a code is on its way.</p>
      <CodeField label="Code" value={code} onChange={setCode} />
      <NewPasswordField label="New password" value={password} error={reset.fieldError} onChange={setPassword} />
      <FormError message={reset.error} />
      <SubmitButton busy={reset.busy} busyLabel="Saving…">
        Set new password
      </SubmitButton>
    </AuthForm>
  );
};
