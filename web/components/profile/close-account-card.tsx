/** @jsxImportSource @emotion/react */
'use client';

import { useActionState, useCallback, useEffect, useState } from 'react';
import { STATEMENT_ROUTES } from '@contract/routes';
import { ACCOUNT_DELETION, confirmsEmail, type AccountContents, type AccountDeletion, type DeletionStep } from '@contract/account';
import { formatBytes } from '@contract/uploads';
import { rememberClosedAccount } from '@/lib/account-closed';
import { useAuth, useIdToken } from '@/lib/auth-context';
import { countOf } from '@contract/format';
import { PresignApiError, callPresignApi } from '@/lib/presign-api';
import { CLOSE_ACCOUNT_CARD, PAGES, SIGN_IN_REASONS, signInPath } from '@/lib/routes';
import { useHydrated } from '@/lib/use-hydrated';
import { Button, Card, FormError, TextField } from '../ui';

/** The card's anchor: a sign-in asked for by the deletion comes back here, and a reload mid-deletion keeps following it. */
const CARD_ID = CLOSE_ACCOUNT_CARD;
/** How often a running deletion is asked how far it has come. */
const POLL_MS = 1000;

const STEP_IN_WORDS: Record<DeletionStep, string> = {
  uploads: 'Stopping uploads under way…',
  objects: 'Deleting every file, with every earlier version kept of it…',
  records: 'Deleting your records…',
  identity: 'Deleting your sign-in…',
};

/** What closing deletes, in the words the person confirms. */
const contentsInWords = (contents: AccountContents): string[] => [
  `${countOf(contents.statements, 'statement')} (${formatBytes(contents.bytes)}), with every earlier version kept of them`,
  ...(contents.uploadsUnderWay > 0 ? [`${countOf(contents.uploadsUnderWay, 'upload')} under way`] : []),
  ...(contents.hasProfileImage ? ['your profile picture'] : []),
  'your profile and every record of your statements',
  'your sign-in: this e-mail address and password open nothing any more',
];

interface ConfirmOutcome {
  error?: string;
  fieldError?: string;
}

/**
 * Closing the account. Opening the card asks the server what there is to delete; the
 * person confirms by typing the account's address. The deletion runs on the server (it
 * survives this page closing); the card follows it until it is done, then leaves for a page
 * saying what was deleted. A sign-in older than the server allows is renewed before the
 * person types anything: the card asks them to sign in again, and they come back here.
 */
export const CloseAccountCard = () => {
  const idToken = useIdToken();
  const { state, signOut } = useAuth();
  // The address the server checks the typed one against: the session's own.
  const email = state.status === 'signedIn' ? state.email : undefined;
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [contents, setContents] = useState<AccountContents>();
  const [deletion, setDeletion] = useState<AccountDeletion>();
  const [loadError, setLoadError] = useState<string>();
  // Whether this sign-in may close the account, as the server said when the card opened (it
  // checks again when the form is sent: a sign-in that grows too old meanwhile signs in again then).
  const [closable, setClosable] = useState(false);
  const signInAgain = useCallback(
    () => signOut({ to: signInPath(`${PAGES.profile}#${CARD_ID}`, SIGN_IN_REASONS.signInAgain), message: false }),
    [signOut],
  );

  const load = useCallback(async () => {
    setOpen(true);
    setLoadError(undefined);
    try {
      const overview = await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.account, await idToken());
      setContents(overview.contents);
      setDeletion(overview.deletion);
      setClosable(overview.closableForSeconds !== undefined);
    } catch (error) {
      setLoadError((error as Error).message);
    }
  }, [idToken]);

  // Back from signing in again, or reloaded while the deletion runs: the card opens by itself.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reading the server's account overview once the page is in the browser
    if (window.location.hash === `#${CARD_ID}`) void load();
  }, [load]);

  const [outcome, confirm, confirming] = useActionState(async (_previous: ConfirmOutcome, form: FormData): Promise<ConfirmOutcome> => {
    const typed = String(form.get('confirmEmail') ?? '');
    if (!email || !confirmsEmail(typed, email)) return { fieldError: 'Type the e-mail address you sign in with, exactly.' };
    try {
      const job = await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.deleteAccount, await idToken(), {
        body: { confirmEmail: typed },
      });
      window.history.replaceState(null, '', `#${CARD_ID}`);
      setDeletion(job);
      return {};
    } catch (error) {
      // The sign-in grew too old while the form was open: sign in again, and back here.
      if (error instanceof PresignApiError && error.code === 'RECENT_SIGN_IN_REQUIRED') {
        await signInAgain();
        return {};
      }
      return { error: (error as Error).message };
    }
  }, {});

  // Following the deletion: when it is done the sign-in is gone, so this session ends too.
  const running = deletion?.state === 'RUNNING';
  const done = deletion?.state === 'DONE' ? deletion : undefined;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      void idToken()
        .then((token) => callPresignApi('statementsApiUrl', STATEMENT_ROUTES.account, token))
        .then((overview) => setDeletion(overview.deletion))
        // A missed answer is asked again at the next tick; the deletion itself goes on on the server.
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, idToken]);
  useEffect(() => {
    if (!done) return;
    rememberClosedAccount(done);
    void signOut({ to: PAGES.accountClosed, message: false });
  }, [done, signOut]);

  return (
    <Card label="Close account" id={CARD_ID}>
      <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.2rem' }}>Close account</h2>
      {deletion ? (
        <div role="status" aria-live="polite">
          <p>
            <strong>Your account is being closed.</strong> This goes on even if you close this page.
          </p>
          <p>{deletion.step ? STEP_IN_WORDS[deletion.step] : 'Done.'}</p>
        </div>
      ) : !open ? (
        <>
          <p>Closing your account deletes everything in it for good: your statements, your picture, your records and your sign-in.</p>
          <Button variant="secondary" onClick={() => void load()} disabled={!hydrated}>
            Close account…
          </Button>
        </>
      ) : (
        <>
          <FormError message={loadError} />
          {contents && (
            <>
              <p>Closing your account deletes, for good and at once:</p>
              <ul data-testid="closing-contents">
                {contentsInWords(contents).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p>Nothing can be brought back afterwards. To keep a copy, export your data first (above).</p>
              {!closable ? (
                <div data-testid="closing-sign-in-again">
                  <p>
                    To close your account, sign in again first. Closing needs a sign-in from the last{' '}
                    {countOf(ACCOUNT_DELETION.recentSignInSeconds / 60, 'minute')}.
                  </p>
                  <div className="actions">
                    <Button variant="danger" onClick={() => void signInAgain()}>
                      Sign in again
                    </Button>
                    <Button variant="secondary" onClick={() => setOpen(false)}>
                      Keep my account
                    </Button>
                  </div>
                </div>
              ) : (
                <form action={confirm} noValidate>
                  <div css={{ maxWidth: '26rem' }}>
                    <TextField
                      label="Type your e-mail address to confirm"
                      name="confirmEmail"
                      type="email"
                      autoComplete="off"
                      required
                      error={outcome.fieldError}
                    />
                  </div>
                  <FormError message={outcome.error} />
                  <div className="actions">
                    <Button type="submit" variant="danger" disabled={confirming}>
                      {confirming ? 'Closing…' : 'Close my account for good'}
                    </Button>
                    <Button variant="secondary" onClick={() => setOpen(false)} disabled={confirming}>
                      Keep my account
                    </Button>
                  </div>
                </form>
              )}
            </>
          )}
        </>
      )}
    </Card>
  );
};
