/** @jsxImportSource @emotion/react */
'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { passwordProblem } from '@contract/auth';
import { amplifyAuth } from '@/lib/amplify-client';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast';
import { AuthForm, SubmitButton, useAuthAction } from '../auth/auth-form';
import { CodeField, CurrentPasswordField, EmailField, NewPasswordField } from '../auth/auth-fields';
import { Button, Card, FormError } from '../ui';

const heading = { margin: '0 0 0.75rem', fontSize: '1.2rem' } as const;

/** The password, changed with the current one (Cognito checks it) and the contract's rule for the new one. */
const PasswordCard = () => {
  const change = useAuthAction(async (fields) => {
    const next = fields.text('new-password');
    const problem = passwordProblem(next);
    if (problem) return { fieldError: problem };
    try {
      await (await amplifyAuth()).updatePassword({ oldPassword: fields.text('current-password'), newPassword: next });
    } catch (caught) {
      // Cognito answers a wrong current password as it answers a wrong sign-in.
      if (/incorrect username or password/i.test((caught as Error).message)) return { error: 'The current password is not right.' };
      throw caught;
    }
    fields.reset();
    toast.success('Your password is changed.');
  });
  return (
    <Card label="Password">
      <h2 css={heading}>Password</h2>
      <AuthForm onSubmit={change.submit}>
        <CurrentPasswordField label="Current password" name="current-password" />
        <NewPasswordField label="New password" name="new-password" error={change.fieldError} />
        <FormError message={change.error} />
        <SubmitButton busy={change.busy} busyLabel="Changing…" variant="secondary">
          Change password
        </SubmitButton>
      </AuthForm>
    </Card>
  );
};

/**
 * The e-mail address, changed as Cognito changes it: a code goes to the new address, and
 * the current one stays the account's (for signing in and for mail) until the code comes
 * back. Then the session's next ID token, and with it this page, names the new address.
 */
const EmailCard = ({ current }: { current?: string }) => {
  const router = useRouter();
  const { refresh } = useAuth();
  const [pending, setPending] = useState<string>();
  const request = useAuthAction(async (fields) => {
    const address = fields.text('email').trim();
    if (!address) return { fieldError: 'Enter the new address.' };
    const result = await (await amplifyAuth()).updateUserAttribute({ userAttribute: { attributeKey: 'email', value: address } });
    if (result.nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE') setPending(address);
  });
  const confirm = useAuthAction(async (fields) => {
    const auth = await amplifyAuth();
    await auth.confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: fields.text('code').trim() });
    await auth.fetchAuthSession({ forceRefresh: true });
    await refresh();
    toast.success(`Your e-mail address is now ${pending}.`);
    setPending(undefined);
    router.refresh();
  });
  const resend = useAuthAction(async () => {
    await (await amplifyAuth()).sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
    toast.info(`A new code is on its way to ${pending}.`);
  });
  return (
    <Card label="E-mail address">
      <h2 css={heading}>E-mail address</h2>
      {pending ? (
        // Each step its own form (key): no field of one is reused, value and all, by the other.
        <AuthForm key="confirm" onSubmit={confirm.submit}>
          <p role="status">
            A code is on its way to {pending}. Until you enter it, you keep signing in with {current}.
          </p>
          <CodeField label="Code from the new address" name="code" />
          <FormError message={confirm.error ?? resend.error} />
          <div className="actions">
            <SubmitButton busy={confirm.busy} busyLabel="Confirming…">
              Confirm new address
            </SubmitButton>
            <Button variant="secondary" onClick={(event) => resend.run(event.currentTarget.form)} disabled={resend.busy}>
              Send a new code
            </Button>
            <Button variant="secondary" onClick={() => setPending(undefined)}>
              Keep {current}
            </Button>
          </div>
        </AuthForm>
      ) : (
        <AuthForm key="request" onSubmit={request.submit}>
          <EmailField label="New e-mail address" name="email" error={request.fieldError} />
          <FormError message={request.error} />
          <SubmitButton busy={request.busy} busyLabel="Sending a code…" variant="secondary">
            Change e-mail address
          </SubmitButton>
        </AuthForm>
      )}
    </Card>
  );
};

/** Signing out here, or everywhere: every session of the account, on every device, ends. */
const SessionsCard = () => {
  const { signOut } = useAuth();
  return (
    <Card label="Sessions">
      <h2 css={heading}>Sessions</h2>
      <p>Signing out everywhere ends every session of your account, on every device and browser; each has to sign in again.</p>
      <div className="actions">
        <Button variant="secondary" onClick={() => void signOut()}>
          Sign out
        </Button>
        <Button variant="secondary" onClick={() => void signOut({ everywhere: true })}>
          Sign out everywhere
        </Button>
      </div>
    </Card>
  );
};

/** What a signed-in person can change of their own account. `email`: the address the account has now. */
export const AccountSettings = ({ email }: { email?: string }) => (
  <>
    <EmailCard current={email} />
    <PasswordCard />
    <SessionsCard />
  </>
);
