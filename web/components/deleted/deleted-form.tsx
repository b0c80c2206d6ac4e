'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { STATEMENT_ROUTES } from '@contract/routes';
import { useIdToken } from '@/lib/auth-context';
import { PresignApiError, callPresignApi } from '@/lib/presign-api';
import { deletedHref, type DeletedOutcome } from '@/lib/routes';

/**
 * A Recently deleted form (restore, or delete for good): without JavaScript, the form
 * action the page gives it; once the page's script runs, the statements API straight from
 * the browser with the person's token (CloudFront passes the server GETs only), and then
 * the same page, saying what happened.
 */
export const DeletedForm = ({
  action,
  kind,
  className,
  children,
}: {
  action: (form: FormData) => Promise<void>;
  kind: 'restore' | 'purge';
  className?: string;
  children: ReactNode;
}) => {
  const router = useRouter();
  const idToken = useIdToken();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const form = new FormData(event.currentTarget);
    const ids = [...form.getAll('id'), ...form.getAll('ids')].map(String);
    let outcome: DeletedOutcome = kind === 'restore' ? { kind: 'restored', id: ids[0] } : { kind: 'purged', count: 0 };
    for (const id of ids) {
      try {
        const route = kind === 'restore' ? STATEMENT_ROUTES.restoreStatement : STATEMENT_ROUTES.purgeStatement;
        await callPresignApi('statementsApiUrl', route, await idToken(), { params: { statementId: id } });
        if (outcome.kind === 'purged') outcome = { kind: 'purged', count: outcome.count + 1 };
      } catch (error) {
        const status = error instanceof PresignApiError ? error.status : 0;
        // Gone already (the sweep, another tab): what was asked for is true.
        if (kind === 'purge' && status === 404) continue;
        outcome = status === 404 ? { kind: 'gone' } : status === 409 ? { kind: 'purging' } : { kind: 'failed' };
        break;
      }
    }
    router.push(deletedHref(outcome));
    router.refresh();
    setBusy(false);
  };
  return (
    <form action={action} onSubmit={(event) => void submit(event)} className={className} aria-busy={busy || undefined}>
      {children}
    </form>
  );
};
