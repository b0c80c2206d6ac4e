/** @jsxImportSource @emotion/react */
'use client';

import { PASSWORD_POLICY } from '@contract';
import type { Ref } from 'react';
import { TextField } from '../ui';

/** A new password: the contract's one rule, stated up front. */
export const NewPasswordField = ({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) => (
  <TextField
    label={label}
    type="password"
    autoComplete="new-password"
    required
    minLength={PASSWORD_POLICY.minLength}
    hint={`At least ${PASSWORD_POLICY.minLength} characters. Any characters will do; a phrase is easy to remember.`}
    error={error}
    value={value}
    onChange={(event) => onChange(event.target.value)}
  />
);

/** The password a person has now: to sign in, or to prove it is them before a change. */
export const CurrentPasswordField = ({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) => (
  <TextField
    label={label}
    type="password"
    autoComplete="current-password"
    required
    value={value}
    onChange={(event) => onChange(event.target.value)}
  />
);

/** A one-time code from an e-mail: digits on a phone's keyboard, and the browser may fill it in. */
export const CodeField = ({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}) => (
  <TextField
    label={label}
    inputMode="numeric"
    autoComplete="one-time-code"
    required
    hint={hint}
    value={value}
    onChange={(event) => onChange(event.target.value)}
  />
);

/** The address a person signs in with. `fieldRef`: for a form that fills in an address handed over to it. */
export const EmailField = ({
  value,
  onChange,
  fieldRef,
}: {
  value: string;
  onChange: (value: string) => void;
  fieldRef?: Ref<HTMLInputElement>;
}) => (
  <TextField
    ref={fieldRef}
    label="E-mail"
    type="email"
    autoComplete="email"
    required
    value={value}
    onChange={(event) => onChange(event.target.value)}
  />
);
