'use server';

import type { SaveState } from '@/components/coverage/save-row';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { countOf } from '@contract/format';
import { accountKeyOf } from '@contract/keys';
import { textProblem } from '@contract/upload-rules';
import { STATEMENT_PAGE_SIZE, TEXT_LIMITS } from '@contract/uploads';
import { readCoverage } from '@/lib/coverage-read';
import { ACCOUNT_DETAIL_FIELDS, accountDetailsProblem, type AccountDetailField } from '@contract/accounts/details';
import { pdfPasswordProblem } from '@contract/accounts/pdf-password';
import { EDIT_STATEMENTS, RENAME_ACCOUNT, STATEMENTS, UPDATE_ACCOUNT_DETAILS } from '@/lib/graphql';
import { keepPdfPassword } from '@/app/(private)/statements/[id]/pdf-password-actions';
import { PAGES, accountPage } from '@/lib/routes';
import { serverOperation, serverQuery } from '@/lib/server-graphql';
import { requireSession, type ServerSession } from '@/lib/server-session';

/** What the name form shows after a try: nothing yet, or why not (and whether it waits for "they are one account"). */
export type RenameState = { status: 'idle' } | { status: 'error'; message: string; merging?: boolean; to?: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Gives an account another name, or files its statements under another of the person's
 * accounts when they say the two are one (a merge). A rename is one write that keeps the
 * account (its key, details, schedule and shares); its statements then take the name, a
 * page at a time, without leaving it. A merge moves every statement, a page at a time,
 * with the person's own token, so the account's summary goes with its last statement and
 * the other's counts them. Then the account's page says what happened.
 */
export const renameAccount = async (_previous: RenameState, form: FormData): Promise<RenameState> => {
  // What was typed stays in the field when the answer is no (React resets a form after its action).
  const refused = await renameOrMerge(form);
  return { ...refused, to: text(form, 'to') };
};

/** The ids of an account's statements, a page at a time, from where the last page ended. */
const pageOf = async (session: ServerSession, accountKey: string, nextToken: string | null) =>
  serverQuery(session, STATEMENTS, { filter: { accountKey }, limit: STATEMENT_PAGE_SIZE.max, nextToken });

const renameOrMerge = async (form: FormData): Promise<Extract<RenameState, { status: 'error' }>> => {
  const fromKey = text(form, 'accountKey');
  const to = text(form, 'to');
  const session = await requireSession(fromKey ? accountPage(fromKey) : PAGES.coverage);
  const problem = textProblem('The name', to, TEXT_LIMITS.accountLabelMaxChars, TEXT_LIMITS.accountLabelMaxStoredBytes);
  if (!fromKey) return { status: 'error', message: 'Which account this is was not sent. Reload the page and try again.' };
  if (problem) return { status: 'error', message: problem };
  const coverage = await readCoverage(session);
  if (!coverage) return { status: 'error', message: 'Your accounts could not be read. Try again in a moment.' };
  const source = coverage.accounts.find((account) => account.accountKey === fromKey);
  // Another account goes by the name: it is its name now, or the one it was first given (files named so go to it).
  const target = coverage.accounts.find(
    (account) =>
      account.accountKey !== fromKey && (accountKeyOf(account.label) === accountKeyOf(to) || account.accountKey === accountKeyOf(to)),
  );
  if (!source) return { status: 'error', message: 'This account has no statements any more. Reload the page to see your accounts.' };
  if (target && form.get('same') !== 'on')
    return {
      status: 'error',
      merging: true,
      message: `${target.label} is another of your accounts. To file this account's ${countOf(source.count, 'statement')} under it, tick "They are one account".`,
    };
  if (!target) {
    // Its own name again finishes giving it to every statement (a rename cut short); another spelling is a rename.
    if (to !== source.label) {
      const renamed = await serverOperation(session, RENAME_ACCOUNT, { input: { accountKey: fromKey, label: to } });
      if (renamed.error !== undefined) return { status: 'error', message: renamed.error };
      if (!renamed.data.renameAccount)
        return { status: 'error', message: 'This account has no statements any more. Reload the page to see your accounts.' };
    }
    // Its statements take the name; they stay in the account, so the pages go on where the last ended.
    let named = 0;
    let nextToken: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof pageOf>> = await pageOf(session, fromKey, nextToken);
      if (!page) return { status: 'error', message: `Renamed; ${named} of its statements say so yet. Rename it again to finish.` };
      const ids = page.statements.items.filter((item) => item.accountLabel !== to).map((item) => item.id);
      if (ids.length > 0) {
        const edited = await serverOperation(session, EDIT_STATEMENTS, { input: { ids, accountLabel: to } });
        if (edited.error !== undefined)
          return {
            status: 'error',
            message: `Renamed; ${named} of its statements say so yet (${edited.error}). Rename it again to finish.`,
          };
        named += edited.data.editStatements.edited.length;
      }
      nextToken = page.statements.nextToken ?? null;
    } while (nextToken);
    if (to === source.label && named === 0)
      return { status: 'error', message: 'That is its name already, and every statement of it says so.' };
    revalidatePath(PAGES.statements, 'layout');
    return redirect(`${accountPage(fromKey)}?renamed=${source.count}`);
  }
  let moved = 0;
  // An edit takes at most a page of statements (STATEMENT_EDIT_MAX is the page's most).
  for (;;) {
    // The first page each time: what was moved has left the account.
    const page = await pageOf(session, fromKey, null);
    if (!page) return { status: 'error', message: `${countOf(moved, 'statement')} moved. The rest could not be read. Try again.` };
    const ids = page.statements.items.map((item) => item.id);
    if (ids.length === 0) break;
    const edited = await serverOperation(session, EDIT_STATEMENTS, { input: { ids, accountLabel: to } });
    if (edited.error !== undefined)
      return { status: 'error', message: `${countOf(moved, 'statement')} moved. The rest were not: ${edited.error}` };
    if (edited.data.editStatements.edited.length === 0) break;
    moved += edited.data.editStatements.edited.length;
  }
  revalidatePath(PAGES.statements, 'layout');
  return redirect(`${accountPage(target.accountKey)}?moved=${moved}`);
};

/** What the details form shows after a save: nothing yet, saved, or why not. */
export type DetailsState = SaveState;

/**
 * What the person says an account is: each detail they changed from what the page showed
 * becomes theirs (an emptied one is cleared, and a later file may say it); one left as it
 * was stays where it came from.
 */
export const saveAccountDetails = async (_previous: DetailsState, form: FormData): Promise<DetailsState> => {
  const accountKey = text(form, 'accountKey');
  const session = await requireSession(accountKey ? accountPage(accountKey) : PAGES.coverage);
  if (!accountKey) return { status: 'error', message: 'Which account this is was not sent. Reload the page and try again.' };
  const changed = ACCOUNT_DETAIL_FIELDS.filter((field) => text(form, field) !== text(form, `shown-${field}`));
  if (changed.length === 0) return { status: 'saved', savedAt: Date.now() };
  const input = Object.fromEntries(changed.map((field) => [field, text(form, field)])) as Partial<Record<AccountDetailField, string>>;
  const problem = accountDetailsProblem(input);
  if (problem) return { status: 'error', message: problem };
  const result = await serverOperation(session, UPDATE_ACCOUNT_DETAILS, { input: { accountKey, ...input } });
  if (result.error !== undefined) return { status: 'error', message: result.error };
  if (!result.data.updateAccountDetails)
    return { status: 'error', message: 'This account has no statements any more. Reload the page to see your accounts.' };
  revalidatePath(PAGES.statements, 'layout');
  return { status: 'saved', savedAt: Date.now() };
};

/**
 * Keeps a password for an account's protected PDFs (as typed: a password's spaces are part
 * of it), or forgets the kept one. It cannot be checked here, with no PDF to open: the first
 * protected PDF of the account says if it does not open it.
 */
export const savePdfPassword = async (_previous: SaveState, form: FormData): Promise<SaveState> => {
  const accountKey = text(form, 'accountKey');
  await requireSession(accountKey ? accountPage(accountKey) : PAGES.coverage);
  if (!accountKey) return { status: 'error', message: 'Which account this is was not sent. Reload the page and try again.' };
  const typed = form.get('password');
  const password = form.get('intent') === 'forget' ? '' : typeof typed === 'string' ? typed : '';
  if (form.get('intent') !== 'forget') {
    const problem = pdfPasswordProblem(password);
    if (problem) return { status: 'error', message: problem };
  }
  // An empty password here is refused above; the preview's action, which keeps or forgets, does the rest.
  const kept = await keepPdfPassword(accountKey, password);
  if ('error' in kept) return { status: 'error', message: kept.error };
  revalidatePath(accountPage(accountKey));
  return { status: 'saved', savedAt: Date.now() };
};
