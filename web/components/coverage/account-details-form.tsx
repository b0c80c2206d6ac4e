/** @jsxImportSource @emotion/react */
'use client';

import { useActionState } from 'react';
import { ACCOUNT_DETAIL_FIELDS, ACCOUNT_DETAIL_LIMITS, ACCOUNT_KINDS, ACCOUNT_KIND_WORDS, type AccountDetailField } from '@contract/accounts/details';
import { saveAccountDetails, type DetailsState } from '@/app/(private)/statements/accounts/[key]/actions';
import { SelectField, TextField } from '../ui';
import { SaveRow } from './save-row';

type Shown = { [K in AccountDetailField]?: string | null } & { [K in `${AccountDetailField}Said`]?: boolean | null };

/** Where a detail the form shows came from. */
const hint = (account: Shown, field: AccountDetailField) =>
  account[field] ? (account[`${field}Said`] ? 'As you said.' : 'As its files say.') : 'Not said yet.';

/**
 * What the person says an account is: its institution, kind and currency. Each starts from
 * what is known and says where it came from; what they change becomes theirs. A form action,
 * so it works before the page's script runs and without it.
 */
export const AccountDetailsForm = ({ accountKey, label, account }: { accountKey: string; label: string; account: Shown }) => {
  const [state, save, saving] = useActionState<DetailsState, FormData>(saveAccountDetails, { status: 'idle' });
  return (
    <form
      action={save}
      aria-label={`Details of ${label}`}
      css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))', alignItems: 'start' }}
    >
      <input type="hidden" name="accountKey" value={accountKey} />
      {ACCOUNT_DETAIL_FIELDS.map((field) => (
        <input key={field} type="hidden" name={`shown-${field}`} value={account[field] ?? ''} />
      ))}
      <TextField
        label="Institution"
        name="institution"
        defaultValue={account.institution ?? ''}
        maxLength={ACCOUNT_DETAIL_LIMITS.institutionMaxChars}
        hint={hint(account, 'institution')}
      />
      {/* Keyed by what is kept: a select takes its default only when it mounts, and the form resets to it after a save. */}
      <SelectField
        key={account.kind ?? ''}
        label="Kind"
        name="kind"
        defaultValue={account.kind ?? ''}
        hint={hint(account, 'kind')}
        options={[{ value: '', text: 'Not said' }, ...ACCOUNT_KINDS.map((kind) => ({ value: kind, text: ACCOUNT_KIND_WORDS[kind] }))]}
      />
      <TextField
        label="Currency"
        name="currency"
        defaultValue={account.currency ?? ''}
        placeholder="USD"
        maxLength={3}
        hint={hint(account, 'currency')}
      />
      <SaveRow state={state} saving={saving} label="Save details" saved="Saved." />
    </form>
  );
};
