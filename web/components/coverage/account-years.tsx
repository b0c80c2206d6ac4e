/** @jsxImportSource @emotion/react */
'use client';

import { useActionState, type ReactNode } from 'react';
import { CADENCES, CADENCE_WORDS, LATE_GRACE_DAYS, type Cadence } from '@contract/accounts/schedule';
import { saveAccountSchedule, type ScheduleState } from '@/app/(private)/statements/coverage/actions';
import { countOf } from '@contract/format';
import { MonthField, SelectField, TextField } from '../ui';
import { SaveRow } from './save-row';

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
  graceDays,
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
  graceDays?: number | null;
}) => {
  const [state, save, saving] = useActionState<ScheduleState, FormData>(saveAccountSchedule, { status: 'idle' });
  return (
    <details className={className} open={state.status !== 'idle' || undefined}>
      <summary>{summary}</summary>
      {children}
    <form action={save} aria-label={`Schedule of ${label}`} css={{ display: 'grid', gap: '0 1rem', marginTop: '0.75rem', gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))', alignItems: 'start' }}>
      <input type="hidden" name="accountKey" value={accountKey} />
      {/* Keyed by what is kept: a select takes its default only when it mounts, and the form resets to it after a save. */}
      <SelectField
        key={cadence ?? ''}
        label="Statements come"
        name="cadence"
        defaultValue={cadence ?? ''}
        options={[{ value: '', text: readCadence ? `As read: ${readCadence}` : 'Not said' }, ...CADENCES.map((value) => ({ value, text: CADENCE_WORDS[value] }))]}
      />
      <MonthField label="No statements before" name="statementsFrom" defaultValue={statementsFrom ?? ''} />
      <MonthField label="Closed after" name="closedAfter" hint="Blank while it is open." defaultValue={closedAfter ?? ''} />
      <TextField
        label="Late after (days)"
        name="graceDays"
        inputMode="numeric"
        autoComplete="off"
        hint={`Days after its usual day. Blank: ${countOf(LATE_GRACE_DAYS.default, 'day')}.`}
        defaultValue={graceDays ?? ''}
      />
      <SaveRow state={state} saving={saving} label="Save schedule" saved="Saved: coverage now follows this schedule." />
    </form>
    </details>
  );
};
