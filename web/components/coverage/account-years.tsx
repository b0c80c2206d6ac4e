/** @jsxImportSource @emotion/react */
'use client';

import { useActionState, type ReactNode } from 'react';
import { CADENCES, CADENCE_WORDS, type Cadence } from '@contract/accounts/schedule';
import { saveAccountSchedule, type ScheduleState } from '@/app/(private)/statements/coverage/actions';
import { Button, FormError, SelectField, TextField } from '../ui';

/**
 * An account's folded part: its years (the grid the server renders, as children) and what
 * the person says of its schedule: how often its statements come, and the months it was
 * open. A blank part is read from the statements again. A form action, so it works before
 * the page's script runs and without it; after a save it stays open on what was said.
 */
export const AccountYears = ({
  summary,
  className,
  children,
  accountKey,
  label,
  cadence,
  readCadence,
  statementsFrom,
  closedAfter,
}: {
  summary: string;
  className?: string;
  children: ReactNode;
  accountKey: string;
  label: string;
  cadence?: Cadence | null;
  /** The cadence coverage reads from the statements, in words (the blank choice), if they show one. */
  readCadence?: string;
  statementsFrom?: string | null;
  closedAfter?: string | null;
}) => {
  const [state, save, saving] = useActionState<ScheduleState, FormData>(saveAccountSchedule, { status: 'idle' });
  return (
    <details className={className} open={state.status !== 'idle' || undefined}>
      <summary>{summary}</summary>
      {children}
    <form action={save} aria-label={`Schedule of ${label}`} css={{ display: 'grid', gap: '0 1rem', marginTop: '0.75rem', gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))', alignItems: 'start' }}>
      <input type="hidden" name="accountKey" value={accountKey} />
      <SelectField
        label="Statements come"
        name="cadence"
        defaultValue={cadence ?? ''}
        options={[{ value: '', text: readCadence ? `As read: ${readCadence}` : 'Not said' }, ...CADENCES.map((value) => ({ value, text: CADENCE_WORDS[value] }))]}
      />
      <TextField label="No statements before" name="statementsFrom" type="month" placeholder="2024-03" defaultValue={statementsFrom ?? ''} />
      <TextField label="Closed after" name="closedAfter" type="month" placeholder="2024-03" hint="Blank while it is open." defaultValue={closedAfter ?? ''} />
      <div css={{ marginBottom: '1rem', marginTop: '1.85rem' }}>
        <Button type="submit" variant="secondary" disabled={saving}>
          {saving ? 'Saving…' : 'Save schedule'}
        </Button>
      </div>
      {state.status === 'error' && (
        <div css={{ gridColumn: '1 / -1' }}>
          <FormError message={state.message} />
        </div>
      )}
      {state.status === 'saved' && (
        <p role="status" css={{ gridColumn: '1 / -1', margin: 0 }}>
          Saved: coverage now follows this schedule.
        </p>
      )}
    </form>
    </details>
  );
};
