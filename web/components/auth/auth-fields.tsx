/** @jsxImportSource @emotion/react */
'use client';

import { PASSWORD_POLICY } from '@contract/auth';
import { useHandedOverEmail } from '@/lib/pending-email';
import { TextField } from '../ui';

/**
 * The fields of the account forms. Each is uncontrolled: the browser holds what the person
 * enters, from the first paint (before the page's script runs) to the moment the form is
 * sent, which reads it by `name`. React never writes into them, so nothing typed before the
 * page hydrates is lost or mixed with a value React held.
 */

/** A new password: the contract's one rule, stated up front. */
export const NewPasswordField = ({ label, name, error }: { label: string; name: string; error?: string }) => (
  <TextField
    label={label}
    name={name}
    type="password"
    autoComplete="new-password"
    required
    minLength={PASSWORD_POLICY.minLength}
    hint={`At least ${PASSWORD_POLICY.minLength} characters. Any characters will do; a phrase is easy to remember.`}
    error={error}
  />
);

/** The password a person has now: to sign in, or to prove it is them before a change. */
export const CurrentPasswordField = ({ label, name }: { label: string; name: string }) => (
  <TextField label={label} name={name} type="password" autoComplete="current-password" required />
);

/** A one-time code from an e-mail: digits on a phone's keyboard, and the browser may fill it in. */
export const CodeField = ({ label, name, hint }: { label: string; name: string; hint?: string }) => (
  <TextField label={label} name={name} inputMode="numeric" autoComplete="one-time-code" required hint={hint} />
);

/** The address a person signs in with. */
export const EmailField = ({ name, label = 'E-mail', error }: { name: string; label?: string; error?: string }) => (
  <TextField label={label} name={name} type="email" autoComplete="email" required error={error} />
);

/** The address, filled in with the one the previous form handed over unless the person got there first. */
export const HandedOverEmailField = ({ name }: { name: string }) => {
  const handedOver = useHandedOverEmail();
  return <TextField label="E-mail" name={name} type="email" autoComplete="email" required {...handedOver} />;
};
