'use server';

import { revalidatePath } from 'next/cache';
import { TEXT_LIMITS } from '@contract/uploads';
import { ACCOUNT_NAMES, UPDATE_PROFILE } from '@/lib/graphql';
import { PAGES } from '@/lib/routes';
import { serverOperation, serverQuery } from '@/lib/server-graphql';
import { requireSession } from '@/lib/server-session';

/** What the display-name form shows after a save: nothing yet, the saved name, or why not. */
export type DisplayNameState =
  { status: 'idle' } | { status: 'saved'; displayName: string; savedAt: number } | { status: 'error'; message: string };

/**
 * Saves the display name with the person's own token (read from the session's cookies,
 * never from the form): AppSync checks it and writes only their profile. The form works
 * with or without JavaScript; the page renders again with the saved name.
 */
export const saveDisplayName = async (_previous: DisplayNameState, form: FormData): Promise<DisplayNameState> => {
  const session = await requireSession(PAGES.profile);
  const raw = form.get('displayName');
  const displayName = typeof raw === 'string' ? raw.trim() : '';
  if (!displayName || [...displayName].length > TEXT_LIMITS.displayNameMaxChars)
    return { status: 'error', message: `Use 1 to ${TEXT_LIMITS.displayNameMaxChars} characters.` };
  const result = await serverOperation(session, UPDATE_PROFILE, { input: { displayName } });
  if (result.error !== undefined) return { status: 'error', message: result.error };
  revalidatePath(PAGES.profile);
  return { status: 'saved', displayName: result.data.updateProfile.displayName ?? displayName, savedAt: Date.now() };
};

/** The names of the person's accounts, to offer when they file a mailed file by hand; none when they cannot be read. */
export const accountNames = async (): Promise<string[]> => {
  const session = await requireSession(PAGES.profile);
  const data = await serverQuery(session, ACCOUNT_NAMES);
  return (data?.accounts ?? []).map((account) => account.label);
};
