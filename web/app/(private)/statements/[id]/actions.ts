'use server';

import { revalidatePath } from 'next/cache';
import type { SaveState } from '@/components/coverage/save-row';
import { STATEMENT_ID_PATTERN } from '@contract/keys';
import { parseAmount } from '@contract/reading/transactions';
import { ENTERED_BALANCE_FIELDS, type EnteredBalanceField } from '@contract/statement-balances';
import { ENTER_BALANCES } from '@/lib/graphql';
import { PAGES, statementPage } from '@/lib/routes';
import { serverOperation } from '@/lib/server-graphql';
import { requireSession } from '@/lib/server-session';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

const FIELD_WORDS: Record<EnteredBalanceField, string> = {
  from: 'The first day',
  to: 'The last day',
  opening: 'The opening balance',
  closing: 'The closing balance',
  currency: 'The currency',
};

/**
 * Enters or corrects a statement's days and money. Only what the person changed is sent:
 * each becomes theirs, and a field emptied clears its value. Amounts are read as people
 * type them (1,204.55; 1.204,55; -80), the currency in capitals. The API holds every rule
 * again and says in words what it refuses.
 */
export const enterBalances = async (_previous: SaveState, form: FormData): Promise<SaveState> => {
  const id = text(form, 'id');
  const session = await requireSession(STATEMENT_ID_PATTERN.test(id) ? statementPage(id) : PAGES.statements);
  if (!STATEMENT_ID_PATTERN.test(id))
    return { status: 'error', message: 'Which statement this is was not sent. Reload the page and try again.' };
  const input: Record<string, string | number | null> = {};
  for (const field of ENTERED_BALANCE_FIELDS) {
    const value = text(form, field);
    if (value === text(form, `shown-${field}`)) continue;
    if (value === '') input[field] = null;
    else if (field === 'opening' || field === 'closing') {
      const amount = parseAmount(value);
      if (amount === undefined)
        return { status: 'error', message: `${FIELD_WORDS[field]} is not an amount: write it as 1,204.55 or -80.00.` };
      input[field] = amount;
    } else input[field] = field === 'currency' ? value.toUpperCase() : value;
  }
  if (Object.keys(input).length === 0) return { status: 'saved', savedAt: Date.now() };
  const result = await serverOperation(session, ENTER_BALANCES, { input: { id, ...input } });
  if (result.error !== undefined) return { status: 'error', message: result.error };
  if (!result.data.enterBalances) return { status: 'error', message: 'This statement is not there any more. Reload the page.' };
  revalidatePath(PAGES.statements, 'layout');
  return { status: 'saved', savedAt: Date.now() };
};
