/** @jsxImportSource @emotion/react */
'use client';

import { useActionState } from 'react';
import { ENTERED_BALANCE_FIELDS } from '@contract/statement-balances';
import { enterBalances } from '@/app/(private)/statements/[id]/actions';
import type { StatementBalancesItem } from '@/lib/graphql';
import { SaveRow, type SaveState } from '../coverage/save-row';
import { TextField } from '../ui';

/** How a field shows its value in the form: amounts as plain decimals, so what is shown is what is sent back. */
const shown = (balances: StatementBalancesItem | null, field: (typeof ENTERED_BALANCE_FIELDS)[number]): string => {
  const value = balances?.[field];
  return value == null ? '' : typeof value === 'number' ? value.toFixed(2) : value;
};

/** Where a field's value came from, under it. */
const hint = (balances: StatementBalancesItem | null, field: (typeof ENTERED_BALANCE_FIELDS)[number]) =>
  balances?.[field] == null ? 'Not read from the file.' : balances.entered.includes(field) ? 'As you entered it.' : 'As the file says.';

/**
 * Enter or correct what a statement says of its days and money, where its file did not say
 * it or was read wrong. Each field starts from what is kept and says where that came from;
 * what the person changes becomes theirs. A form action inside a disclosure, so it works
 * before the page's script runs and without it.
 */
export const BalancesForm = ({ statementId, balances }: { statementId: string; balances: StatementBalancesItem | null }) => {
  const [state, save, saving] = useActionState<SaveState, FormData>(enterBalances, { status: 'idle' });
  return (
    <details>
      <summary>Enter or correct its days and balances</summary>
      <form
        action={save}
        aria-label="Days and balances"
        css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))', alignItems: 'start' }}
      >
        <input type="hidden" name="id" value={statementId} />
        {ENTERED_BALANCE_FIELDS.map((field) => (
          <input key={field} type="hidden" name={`shown-${field}`} value={shown(balances, field)} />
        ))}
        <TextField label="First day" name="from" type="date" defaultValue={shown(balances, 'from')} hint={hint(balances, 'from')} />
        <TextField label="Last day" name="to" type="date" defaultValue={shown(balances, 'to')} hint={hint(balances, 'to')} />
        <TextField
          label="Opening balance"
          name="opening"
          inputMode="decimal"
          defaultValue={shown(balances, 'opening')}
          hint={hint(balances, 'opening')}
        />
        <TextField
          label="Closing balance"
          name="closing"
          inputMode="decimal"
          defaultValue={shown(balances, 'closing')}
          hint={hint(balances, 'closing')}
        />
        <TextField
          label="Currency"
          name="currency"
          maxLength={3}
          placeholder="EUR"
          defaultValue={shown(balances, 'currency')}
          hint={hint(balances, 'currency')}
        />
        <SaveRow state={state} saving={saving} label="Save" saved="Saved." />
      </form>
    </details>
  );
};
