'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { STATEMENT_ID_PATTERN } from '@contract/keys';
import { STATEMENT_ROUTES } from '@contract/routes';
import { PresignApiError } from '@/lib/presign-api';
import { PAGES, deletedHref, type DeletedOutcome } from '@/lib/routes';
import { serverPresignApi } from '@/lib/server-presign-api';
import { requireSession } from '@/lib/server-session';

/** The statement ids a form names: one (`id`), or every one listed (`ids`, for "delete all for good"). */
const idsOf = (form: FormData): string[] =>
  [...form.getAll('id'), ...form.getAll('ids')].filter((id): id is string => typeof id === 'string' && STATEMENT_ID_PATTERN.test(id));

/** What a refusal means to the person, as the page says it. */
const failureOf = (error: unknown): DeletedOutcome =>
  error instanceof PresignApiError && error.status === 404
    ? { kind: 'gone' }
    : error instanceof PresignApiError && error.status === 409
      ? { kind: 'purging' }
      : { kind: 'failed' };

/**
 * Brings a statement back, with the person's own token from their session: the API checks
 * the statement is theirs. The page after says what happened; with or without JavaScript.
 */
export const restoreDeleted = async (form: FormData): Promise<void> => {
  const session = await requireSession(PAGES.deleted);
  const [id] = idsOf(form);
  let outcome: DeletedOutcome = { kind: 'gone' };
  if (id) {
    try {
      await serverPresignApi(session, 'statementsApiUrl', STATEMENT_ROUTES.restoreStatement, { params: { statementId: id } });
      outcome = { kind: 'restored', id };
    } catch (error) {
      outcome = failureOf(error);
    }
  }
  revalidatePath(PAGES.statements, 'layout');
  redirect(deletedHref(outcome));
};

/** Deletes one statement (or every one the form lists) for good, now. */
export const purgeDeleted = async (form: FormData): Promise<void> => {
  const session = await requireSession(PAGES.deleted);
  const ids = idsOf(form);
  let outcome: DeletedOutcome = { kind: 'purged', count: 0 };
  for (const id of ids) {
    try {
      await serverPresignApi(session, 'statementsApiUrl', STATEMENT_ROUTES.purgeStatement, { params: { statementId: id } });
      outcome = { kind: 'purged', count: (outcome.kind === 'purged' ? outcome.count : 0) + 1 };
    } catch (error) {
      // Gone already (the sweep, another tab): what was asked for is true.
      if (failureOf(error).kind !== 'gone') {
        outcome = failureOf(error);
        break;
      }
    }
  }
  revalidatePath(PAGES.statements, 'layout');
  redirect(deletedHref(outcome));
};
