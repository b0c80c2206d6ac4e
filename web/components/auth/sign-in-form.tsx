/** @jsxImportSource @emotion/react */
'use client';

import { amplifyAuth } from '@/lib/amplify-client';
import { AuthForm, SubmitButton, useAuthAction } from './auth-form';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { announceSessionEnded, useAuth } from '@/lib/auth-context';
import { rememberEmail } from '@/lib/pending-email';
import { MESSAGES } from '@/lib/messages';
import { SIGN_IN_LANDING, SIGN_IN_REASONS, safeNext } from '@/lib/routes';
import { FormError } from '../ui';
import { CurrentPasswordField, HandedOverEmailField } from './auth-fields';

export const SignInForm = () => {
  const router = useRouter();
  const params = useSearchParams();
  const next = safeNext(params.get('next'), SIGN_IN_LANDING);
  const { state, refresh } = useAuth();

  useEffect(() => {
    if (state.status === 'signedIn') router.replace(next);
  }, [state.status, router, next]);

  // The server found this tab's session ended (and removed its cookies): the other tabs
  // of the app are signed out with it, now rather than at their next request.
  const reason = params.get('reason');
  const ended = reason === SIGN_IN_REASONS.sessionEnded;
  useEffect(() => {
    if (ended) announceSessionEnded();
  }, [ended]);

  const { error, busy, submit } = useAuthAction(async (fields) => {
    const email = fields.text('email').trim();
    const result = await (await amplifyAuth()).signIn({ username: email, password: fields.text('password') });
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
      await (await amplifyAuth()).resendSignUpCode({ username: email }).catch(() => undefined);
      rememberEmail(email);
      router.push(`/confirm?next=${encodeURIComponent(next)}`);
      return;
    }
    if (!result.isSignedIn) throw new Error(`Sign-in needs a step this app does not support (${result.nextStep.signInStep}).`);
    await refresh();
    router.replace(next);
  });

  return (
    <AuthForm onSubmit={submit}>
      {ended ? (
        <p role="status">{MESSAGES.sessionEnded}</p>
      ) : reason === SIGN_IN_REASONS.signInAgain ? (
        <p role="status">{MESSAGES.signInAgain}</p>
      ) : (
        params.get('next') && <p role="status">Sign in to continue.</p>
      )}
      {/* The address the previous form handed over (never in the URL). */}
      <HandedOverEmailField name="email" />
      <CurrentPasswordField label="Password" name="password" />
      <FormError message={error} />
      <SubmitButton busy={busy} busyLabel="Signing in…">
        Sign in
      </SubmitButton>
      <p>
        <Link href="/forgot-password">Forgot your password?</Link> · New here? <Link href="/sign-up">Create an account</Link>
      </p>
    </AuthForm>
  );
};
