'use server';

import { ACCOUNT_KEY_MAX_CHARS } from '@contract/api';
import { pdfPasswordProblem } from '@contract/accounts/pdf-password';
import { KEEP_PDF_PASSWORD, PDF_PASSWORD } from '@/lib/graphql';
import { PAGES } from '@/lib/routes';
import { serverOperation } from '@/lib/server-graphql';
import { requireSession } from '@/lib/server-session';

const accountKeyProblem = (accountKey: string) =>
  accountKey.length < 1 || accountKey.length > ACCOUNT_KEY_MAX_CHARS ? 'Which account this is was not sent. Reload the page.' : undefined;

/**
 * The password kept for one of the person's accounts' protected PDFs, read with their own
 * session when a PDF of the account asks for one: never with the page's HTML.
 */
export const keptPdfPassword = async (accountKey: string): Promise<{ password: string | null } | { error: string }> => {
  const session = await requireSession(PAGES.statements);
  const problem = accountKeyProblem(accountKey);
  if (problem) return { error: problem };
  const result = await serverOperation(session, PDF_PASSWORD, { accountKey });
  return result.error !== undefined ? { error: result.error } : { password: result.data.pdfPassword };
};

/** Keeps the password for an account's protected PDFs, or forgets it (empty). */
export const keepPdfPassword = async (accountKey: string, password: string): Promise<{ kept: boolean } | { error: string }> => {
  const session = await requireSession(PAGES.statements);
  const problem = accountKeyProblem(accountKey) ?? (password ? pdfPasswordProblem(password) : undefined);
  if (problem) return { error: problem };
  const result = await serverOperation(session, KEEP_PDF_PASSWORD, { input: { accountKey, password } });
  if (result.error !== undefined) return { error: result.error };
  if (!result.data.keepPdfPassword) return { error: 'This account has no statements any more. Reload the page.' };
  return { kept: Boolean(result.data.keepPdfPassword.pdfPasswordKept) };
};
