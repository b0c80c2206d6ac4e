/** @jsxImportSource @emotion/react */
'use client';

import { amplifyAuth } from '@/lib/amplify-client';
import { AuthForm, SubmitButton, useAuthAction } from './auth-form';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { passwordProblem } from '@contract/auth';
import { rememberEmail } from '@/lib/pending-email';
import { FormError } from '../ui';
import { EmailField, NewPasswordField } from './auth-fields';

export const SignUpForm = () => {
  const router = useRouter();
  const { error, fieldError, busy, submit } = useAuthAction(async (fields) => {
    const email = fields.text('email').trim();
    const password = fields.text('password');
    // The password rule is the contract's: refused here, before Cognito is asked.
    const problem = passwordProblem(password);
    if (problem) return { fieldError: problem };
    const result = await (await amplifyAuth()).signUp({ username: email, password, options: { userAttributes: { email } } });
    rememberEmail(email);
    router.push(result.isSignUpComplete ? '/sign-in' : '/confirm');
  });

  return (
    <AuthForm onSubmit={submit}>
      <EmailField name="email" />
      <NewPasswordField label="Password" name="password" error={fieldError} />
      <FormError message={error} />
      <SubmitButton busy={busy} busyLabel="Creating your account…">
        Create account
      </SubmitButton>
      <p>
        Already have an account? <Link href="/sign-in">Sign in</Link>
      </p>
    </AuthForm>
  );
};
