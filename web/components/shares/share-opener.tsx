/** @jsxImportSource @emotion/react */
'use client';

import { startTransition, useActionState, useEffect } from 'react';
import { SHARE_LINK_FIELD, SHARE_PAGE } from '@contract/share-pages';
import { PageTitle } from '@/components/page-title';
import { openShare } from '@/app/s/actions';
import type { ShareView } from '@/lib/share-view';
import { Button, FormError, TextField, narrowForm } from '../ui';
import { SharedStatements } from './shared-statements';

const ASK: ShareView = { kind: 'ask' };

/**
 * The share page, for whoever holds a link (`/s#{secret}`). The secret is in the
 * fragment, which the browser never sends: with JavaScript, this reads it from the address
 * and hands it to the server in a POST body (the page's action), which opens the share and
 * renders it. Without JavaScript the server cannot see it, so the page asks for the link to
 * be pasted into a form that POSTs to the same action, and the server's answer is the
 * share. A link pasted and sent before this script runs works the same way.
 */
export const ShareOpener = () => {
  // The permalink: a form sent before the script runs answers at the page itself, without the fragment.
  const [view, open, opening] = useActionState(openShare, ASK, SHARE_PAGE);

  useEffect(() => {
    const openFragment = () => {
      const fragment = window.location.hash.slice(1);
      if (!fragment) return;
      const form = new FormData();
      form.set(SHARE_LINK_FIELD, `#${fragment}`);
      startTransition(() => open(form));
    };
    // A share the server has already rendered (a link pasted before the script ran) is not opened again.
    if (view.kind === 'ask') openFragment();
    // Another link pasted into the address bar changes only the fragment: the page does not load again.
    window.addEventListener('hashchange', openFragment);
    return () => window.removeEventListener('hashchange', openFragment);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page comes alive
  }, []);

  if (view.kind === 'open' && !opening) return <SharedStatements secret={view.secret} share={view.share} />;
  return (
    <>
      <PageTitle lead="Someone shared statements with you by a link. Open it here to see them: nothing else is needed, no account.">
        Shared statements
      </PageTitle>
      {opening ? (
        <p role="status">Opening the share…</p>
      ) : (
        <>
          {view.kind === 'dead' && (
            <div data-testid="share-dead">
              <FormError message="This link does not lead to anything. It may have ended or been withdrawn by the person who shared it, or only part of it was copied." />
            </div>
          )}
          {view.kind === 'failed' && <FormError message={view.message} />}
          <form action={open} aria-label="Open a share" css={narrowForm}>
            <TextField
              label="Paste the link you were sent"
              name={SHARE_LINK_FIELD}
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              error={view.kind === 'blank' ? 'Paste the whole link, as you were sent it.' : undefined}
            />
            <Button type="submit">Open</Button>
          </form>
        </>
      )}
    </>
  );
};
