/** @jsxImportSource @emotion/react */
'use client';

import { PASSWORD_POLICY } from '@contract';
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
