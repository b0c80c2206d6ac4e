/** @jsxImportSource @emotion/react */
'use client';

import { amplifyAuth } from '@/lib/amplify-client';
import { AuthForm, SubmitButton, useAuthAction } from './auth-form';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { passwordProblem } from '@contract';
import { rememberEmail } from '@/lib/pending-email';
import { FormError } from '../ui';
import { EmailField, NewPasswordField } from './auth-fields';

export const SignUpForm = () => {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, fieldError, busy, submit } = useAuthAction(async () => {
    // The password rule is the contract's: refused here, before Cognito is asked.
    const problem = passwordProblem(password);
    if (problem) return { fieldError: problem };
    const result = await (
      await amplifyAuth()
    ).signUp({ username: email.trim(), password, options: { userAttributes: { email: email.trim() } } });
    rememberEmail(email);
    router.push(result.isSignUpComplete ? '/sign-in' : '/confirm');
  });

  return (
    <AuthForm onSubmit={submit}>
      <EmailField value={email} onChange={setEmail} />
      <NewPasswordField label="Password" value={password} error={fieldError} onChange={setPassword} />
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
