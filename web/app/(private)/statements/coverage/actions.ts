'use server';

import type { SaveState } from '@/components/coverage/save-row';
import { revalidatePath } from 'next/cache';
import { scheduleProblem, type AccountSchedule, type Cadence } from '@contract/accounts/schedule';
import { UPDATE_ACCOUNT_SCHEDULE } from '@/lib/graphql';
import { PAGES } from '@/lib/routes';
import { serverOperation } from '@/lib/server-graphql';
import { requireSession } from '@/lib/server-session';
import { monthOfText } from '@contract/uploads';

/** What an account's schedule form shows after a save: nothing yet, saved, or why not. */
export type ScheduleState = SaveState;

/** A form field as text: absent and blank are the same (the part is cleared). */
const field = (form: FormData, name: string): string | null => {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** A month field as a person typed it (before the page's script ran, nothing wrote it as 2024-03). */
const monthField = (form: FormData, name: string): string | null => {
  const value = field(form, name);
  return value && (monthOfText(value) ?? value);
};

/**
 * Saves what the person says of one account's schedule with their own token (never an
 * owner from the form): AppSync writes only the summary in their partition, and answers
 * null for an account they have no statement in. Works with or without JavaScript.
 */
export const saveAccountSchedule = async (_previous: ScheduleState, form: FormData): Promise<ScheduleState> => {
  const session = await requireSession(PAGES.coverage);
  const accountKey = field(form, 'accountKey');
  const cadence = field(form, 'cadence');
  if (!accountKey) return { status: 'error', message: 'Which account this is for was not sent. Reload the page and try again.' };
  const grace = field(form, 'graceDays');
  const schedule: AccountSchedule = {
    cadence: cadence as Cadence | null,
    statementsFrom: monthField(form, 'statementsFrom'),
    closedAfter: monthField(form, 'closedAfter'),
    // Blank: the default; anything not a whole number is refused below, as the person typed it.
    graceDays: grace === null ? null : /^\d+$/.test(grace) ? Number(grace) : Number.NaN,
  };
  const problem = scheduleProblem(schedule);
  if (problem) return { status: 'error', message: problem };
  const result = await serverOperation(session, UPDATE_ACCOUNT_SCHEDULE, { input: { accountKey, ...schedule } });
  if (result.error !== undefined) return { status: 'error', message: result.error };
  if (!result.data.updateAccountSchedule)
    return { status: 'error', message: 'This account has no statements any more. Reload the page to see your accounts.' };
  revalidatePath(PAGES.coverage);
  return { status: 'saved', savedAt: Date.now() };
};
