/** @jsxImportSource @emotion/react */
'use client';

import { startTransition, useActionState, type FormEvent, type ReactNode } from 'react';
import { amplifyAuth } from '@/lib/amplify-client';
import { authErrorMessage } from '@/lib/auth-errors';
import { useHydrated } from '@/lib/use-hydrated';
import { Button, narrowForm } from '../ui';

const warmAuth = () => void amplifyAuth().catch(() => undefined);

/**
 * The sign-in, sign-up, confirmation and reset forms. Amplify's auth loads as soon as the
 * person starts filling one in, so sending it does not wait for it. `method="post"`: should
 * the form ever be sent without JavaScript, what was typed (a password) stays out of the URL.
 */
export const AuthForm = ({ onSubmit, children }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode }) => (
  <form method="post" onSubmit={onSubmit} onFocus={warmAuth} css={narrowForm} noValidate>
    {children}
  </form>
);

/** What an auth form shows once sent: nothing, or what went wrong (with the form, or with one field). */
export interface AuthOutcome {
  error?: string;
  fieldError?: string;
  /** What is wrong with the e-mail address, where a form checks it beside another field. */
  emailError?: string;
}

/** A form's fields as it was sent: each named field's text, as the browser held it then. */
export interface SentFields {
  text(name: string): string;
  /** Empties the form (after a change that is done). */
  reset(): void;
}

const sentFields = (form: HTMLFormElement | null): SentFields => {
  const data = form ? new FormData(form) : undefined;
  return {
    text: (name) => {
      const value = data?.get(name);
      return typeof value === 'string' ? value : '';
    },
    reset: () => form?.reset(),
  };
};

/**
 * Sending an auth form, as a React action: `busy` from the moment it is sent until it has
 * failed or the page it leads to has loaded, and what went wrong in words. `send` reads the
 * fields as they were when the form was sent, and throws Amplify's errors (put into words
 * here) or returns the problem of a field it checked first. `submit` is the form's handler
 * (the form keeps `method="post"`); `run` sends the form a button belongs to, for a second
 * action of the same form.
 */
export const useAuthAction = (send: (fields: SentFields) => Promise<AuthOutcome | void>) => {
  const [outcome, dispatch, busy] = useActionState(async (_previous: AuthOutcome, fields: SentFields): Promise<AuthOutcome> => {
    try {
      return (await send(fields)) ?? {};
    } catch (caught) {
      return { error: authErrorMessage(caught) };
    }
  }, {});
  const run = (form: HTMLFormElement | null) => {
    const fields = sentFields(form);
    startTransition(() => dispatch(fields));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(event.currentTarget);
  };
  return { ...outcome, busy, submit, run };
};

/**
 * The form's submit button. Until the page has hydrated it is disabled: a form sent before
 * its script runs would post natively and come back empty, losing what was typed; a
 * disabled default button also holds back Enter in a field. While the form is being sent it
 * says what is happening.
 */
export const SubmitButton = ({
  busy,
  busyLabel,
  variant,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  /** @default the primary action's look */
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) => {
  const hydrated = useHydrated();
  return (
    <Button type="submit" variant={variant} disabled={busy || !hydrated}>
      {busy ? busyLabel : children}
    </Button>
  );
};
