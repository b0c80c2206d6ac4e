/** @jsxImportSource @emotion/react */
'use client';

import { signUp } from 'aws-amplify/auth';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { PASSWORD_POLICY, passwordProblem } from '@contract';
import { authErrorMessage } from '@/lib/auth-errors';
import { Button, FormError, TextField, narrowForm } from '../ui';

export const SignUpForm = () => {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const problem = passwordProblem(password);
    setFieldError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const result = await signUp({ username: email.trim(), password, options: { userAttributes: { email: email.trim() } } });
      router.push(result.isSignUpComplete ? '/sign-in' : `/confirm?email=${encodeURIComponent(email.trim())}`);
    } catch (caught) {
      setError(authErrorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} css={narrowForm} noValidate>
      <TextField label="E-mail" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_POLICY.minLength}
        hint={`At least ${PASSWORD_POLICY.minLength} characters. Any characters will do; a phrase is easy to remember.`}
        error={fieldError}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </Button>
      <p>
        Already have an account? <Link href="/sign-in">Sign in</Link>
      </p>
    </form>
  );
};
