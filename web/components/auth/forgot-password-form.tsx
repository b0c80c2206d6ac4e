/** @jsxImportSource @emotion/react */
'use client';

import { amplifyAuth } from '@/lib/amplify-client';
import { AuthForm, SubmitButton, useAuthAction } from './auth-form';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { passwordProblem } from '@contract/auth';
import { rememberEmail } from '@/lib/pending-email';
import { FormError } from '../ui';
import { CodeField, EmailField, NewPasswordField } from './auth-fields';

/** Two steps: request a code by e-mail, then set a new password with it. */
export const ForgotPasswordForm = () => {
  const router = useRouter();
  const [step, setStep] = useState<'request' | 'reset'>('request');
  // The address the code went to, for the second step.
  const [email, setEmail] = useState('');
  const request = useAuthAction(async (fields) => {
    const address = fields.text('email').trim();
    await (await amplifyAuth()).resetPassword({ username: address });
    setEmail(address);
    setStep('reset');
  });
  const reset = useAuthAction(async (fields) => {
    const password = fields.text('password');
    const problem = passwordProblem(password);
    if (problem) return { fieldError: problem };
    await (
      await amplifyAuth()
    ).confirmResetPassword({ username: email, confirmationCode: fields.text('code').trim(), newPassword: password });
    toast.success('Your password is changed. Sign in with the new one.');
    rememberEmail(email);
    router.push('/sign-in');
  });

  if (step === 'request') {
    return (
      // Each step its own form (key): no field of the first is reused, value and all, by the second.
      <AuthForm key="request" onSubmit={request.submit}>
        <EmailField name="email" />
        <FormError message={request.error} />
        <SubmitButton busy={request.busy} busyLabel="Sending…">
          Send me a code
        </SubmitButton>
      </AuthForm>
    );
  }
  return (
    <AuthForm key="reset" onSubmit={reset.submit}>
      <p role="status">If an account exists for {email}, a code is on its way.</p>
      <CodeField label="Code" name="code" />
      <NewPasswordField label="New password" name="password" error={reset.fieldError} />
      <FormError message={reset.error} />
      <SubmitButton busy={reset.busy} busyLabel="Saving…">
        Set new password
      </SubmitButton>
    </AuthForm>
  );
};
