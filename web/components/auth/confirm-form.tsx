/** @jsxImportSource @emotion/react */
'use client';

import { amplifyAuth } from '@/lib/amplify-client';
import { AuthForm, SubmitButton, useAuthAction } from './auth-form';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { rememberEmail, useRecalledEmail } from '@/lib/pending-email';
import { Button, FormError } from '../ui';
import { CodeField, EmailField } from './auth-fields';

export const ConfirmForm = () => {
  const router = useRouter();
  const params = useSearchParams();
  // The address the previous form handed over (never in the URL).
  const [email, setEmail, emailField] = useRecalledEmail();
  const [code, setCode] = useState('');
  const confirm = useAuthAction(async () => {
    await (await amplifyAuth()).confirmSignUp({ username: email.trim(), confirmationCode: code.trim() });
    toast.success('Your e-mail is confirmed. You can sign in now.');
    rememberEmail(email);
    router.push(`/sign-in${params.get('next') ? `?next=${encodeURIComponent(params.get('next')!)}` : ''}`);
  });
  const resend = useAuthAction(async () => {
    await (await amplifyAuth()).resendSignUpCode({ username: email.trim() });
    toast.info(`A new code is on its way to ${email.trim()}.`);
  });

  return (
    <AuthForm onSubmit={confirm.submit}>
      <EmailField value={email} onChange={setEmail} fieldRef={emailField} />
      <CodeField label="Confirmation code" hint="The 6-digit code from the e-mail we sent you." value={code} onChange={setCode} />
      <FormError message={confirm.error ?? resend.error} />
      <div className="actions">
        <SubmitButton busy={confirm.busy} busyLabel="Confirming…">
          Confirm
        </SubmitButton>
        <Button variant="secondary" onClick={resend.run} disabled={!email.trim() || resend.busy}>
          Send a new code
        </Button>
      </div>
    </AuthForm>
  );
};
