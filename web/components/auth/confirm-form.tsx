/** @jsxImportSource @emotion/react */
'use client';

import { amplifyAuth } from '@/lib/amplify-client';
import { AuthForm, SubmitButton, useAuthAction } from './auth-form';
import { useRouter, useSearchParams } from 'next/navigation';
import { toast } from '@/lib/toast';
import { rememberEmail } from '@/lib/pending-email';
import { Button, FormError } from '../ui';
import { CodeField, HandedOverEmailField } from './auth-fields';

export const ConfirmForm = () => {
  const router = useRouter();
  const params = useSearchParams();
  const confirm = useAuthAction(async (fields) => {
    const email = fields.text('email').trim();
    await (await amplifyAuth()).confirmSignUp({ username: email, confirmationCode: fields.text('code').trim() });
    toast.success('Your e-mail is confirmed. You can sign in now.');
    rememberEmail(email);
    router.push(`/sign-in${params.get('next') ? `?next=${encodeURIComponent(params.get('next')!)}` : ''}`);
  });
  const resend = useAuthAction(async (fields) => {
    const email = fields.text('email').trim();
    if (!email) return { error: 'Enter your e-mail address, and a new code goes to it.' };
    await (await amplifyAuth()).resendSignUpCode({ username: email });
    toast.info(`A new code is on its way to ${email}.`);
  });

  return (
    <AuthForm onSubmit={confirm.submit}>
      {/* The address the previous form handed over (never in the URL). */}
      <HandedOverEmailField name="email" />
      <CodeField label="Confirmation code" name="code" hint="The 6-digit code from the e-mail we sent you." />
      <FormError message={confirm.error ?? resend.error} />
      <div className="actions">
        <SubmitButton busy={confirm.busy} busyLabel="Confirming…">
          Confirm
        </SubmitButton>
        <Button variant="secondary" onClick={(event) => resend.run(event.currentTarget.form)} disabled={resend.busy}>
          Send a new code
        </Button>
      </div>
    </AuthForm>
  );
};
