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
  const { error, fieldError, emailError, busy, submit } = useAuthAction(async (fields) => {
    const email = fields.text('email').trim();
    const password = fields.text('password');
    // Both fields are checked here, before Cognito is asked, and each says what is wrong with it (the password rule is the contract's).
    const problem = passwordProblem(password);
    const addressProblem = !email
      ? 'Enter your e-mail address.'
      : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
        ? 'Enter an e-mail address such as name@example.com.'
        : undefined;
    if (problem || addressProblem) return { fieldError: problem, emailError: addressProblem };
    const result = await (await amplifyAuth()).signUp({ username: email, password, options: { userAttributes: { email } } });
    rememberEmail(email);
    router.push(result.isSignUpComplete ? '/sign-in' : '/confirm');
  });

  return (
    <AuthForm onSubmit={submit}>
      <EmailField name="email" error={emailError} />
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
