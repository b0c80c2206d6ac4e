/** @jsxImportSource @emotion/react */
'use client';

import { useCallback, useEffect, useState } from 'react';
import { STATEMENT_ROUTES } from '@contract/routes';
import { MAIL_WORDS, type MailArrivalsResponse } from '@contract/mail';
import { useIdToken } from '@/lib/auth-context';
import { MAIL_SECTION_ID } from '@/lib/routes';
import { PresignApiError, callPresignApi } from '@/lib/presign-api';
import { toast } from '@/lib/toast';
import { theme } from '@/lib/theme';
import { Button, Card, FormError } from '../ui';
import { MailSenders } from './mail-senders';
import { MailLine, WaitingFile } from './waiting-file';

const messageOf = (error: unknown) => (error instanceof PresignApiError ? error.message : `${(error as Error).message}`);

/**
 * Statements by mail: the person's private address (copied, or replaced, which retires the
 * old one at once), what arrived and waits for them with why, and what was kept out. Not
 * shown where the deployment receives no mail.
 */
export const MailCard = () => {
  const idToken = useIdToken();
  const [state, setState] = useState<'loading' | 'off' | 'on'>('loading');
  const [address, setAddress] = useState<string | null>(null);
  const [senders, setSenders] = useState<string[]>([]);
  const [arrivals, setArrivals] = useState<MailArrivalsResponse>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const load = useCallback(async () => {
    try {
      const token = await idToken();
      const [mine, arrived] = await Promise.all([
        callPresignApi('statementsApiUrl', STATEMENT_ROUTES.mailAddress, token),
        callPresignApi('statementsApiUrl', STATEMENT_ROUTES.mailArrivals, token, { query: { after: '' } }),
      ]);
      setAddress(mine.address);
      setSenders(mine.senders);
      setArrivals(arrived);
      setState('on');
    } catch (caught) {
      if (caught instanceof PresignApiError && caught.status === 404) setState('off');
      else {
        setState('on');
        setError(messageOf(caught));
      }
    }
  }, [idToken]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address comes from the API, which is what effects are for
    void load();
  }, [load]);

  // Waiting files come a page at a time: the next page is added below the ones shown.
  const more = async (after: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const page = await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.mailArrivals, await idToken(), { query: { after } });
      setArrivals((now) => now && { ...now, arrived: [...now.arrived, ...page.arrived], nextArrived: page.nextArrived });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const newAddress = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const made = await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.newMailAddress, await idToken());
      const replaced = address !== null;
      setAddress(made.address);
      setConfirming(false);
      toast.success(replaced ? 'Your new address is ready; the old one no longer takes mail.' : 'Your address is ready.');
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      toast.info('Address copied.');
    } catch {
      setError('The browser did not let the page copy; select the address and copy it yourself.');
    }
  };

  if (state === 'off') return null;
  const muted = { color: theme.color.muted, fontSize: '0.9rem' };
  return (
    <Card label="Statements by mail" id={MAIL_SECTION_ID}>
      <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.2rem' }}>Statements by mail</h2>
      <p>
        Have your bank send statements to your private address, or forward them there. A statement whose account and month it names is
        filed; any other waits here for you to file or discard, saying why. Keep the address to yourself: anyone who has it can send you
        files.
      </p>
      {state === 'loading' && <p css={muted}>Loading your address…</p>}
      {state === 'on' && address && (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 0.75rem', alignItems: 'center', margin: '0 0 1rem' }}>
          {/* On a phone the address breaks before its domain, never inside its name. */}
          <code data-testid="mail-address" css={{ fontSize: '1rem', flex: '1 1 16rem' }}>
            <span css={{ whiteSpace: 'nowrap' }}>{address.slice(0, address.indexOf('@'))}</span>
            <wbr />
            <span css={{ whiteSpace: 'nowrap' }}>{address.slice(address.indexOf('@'))}</span>
          </code>
          <Button variant="secondary" onClick={() => void copy()}>
            Copy address
          </Button>
          {!confirming && (
            <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy}>
              Replace address…
            </Button>
          )}
        </div>
      )}
      {state === 'on' && address && confirming && (
        <div role="group" aria-label="Replace your address" css={{ margin: '0 0 1rem' }}>
          <p>The address you have now stops taking mail at once: mail sent to it afterwards is dropped, without a reply to its sender.</p>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
            <Button variant="danger" onClick={() => void newAddress()} disabled={busy}>
              {busy ? 'Replacing…' : 'Replace it'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Keep it
            </Button>
          </div>
        </div>
      )}
      {state === 'on' && address && <MailSenders key={senders.join(',')} senders={senders} onSaved={setSenders} />}
      {state === 'on' && !address && (
        <Button variant="secondary" onClick={() => void newAddress()} disabled={busy}>
          {busy ? 'Making your address…' : 'Get an address'}
        </Button>
      )}
      <FormError message={error} />
      {arrivals && arrivals.arrived.length > 0 && (
        <>
          <h3 css={{ margin: '1rem 0 0.5rem', fontSize: '1rem' }}>Waiting for you</h3>
          <ul aria-label="Arrived by mail, waiting for you" css={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {arrivals.arrived.map((arrival) => (
              <WaitingFile
                key={arrival.id}
                arrival={arrival}
                onDone={(id) => setArrivals((now) => now && { ...now, arrived: now.arrived.filter((one) => one.id !== id) })}
              />
            ))}
          </ul>
          {arrivals.nextArrived && (
            <Button variant="secondary" onClick={() => void more(arrivals.nextArrived!)} disabled={busy}>
              {busy ? 'Loading…' : 'Show more waiting files'}
            </Button>
          )}
        </>
      )}
      {arrivals && arrivals.keptOut.length > 0 && (
        <>
          <h3 css={{ margin: '1rem 0 0.5rem', fontSize: '1rem' }}>Kept out</h3>
          <ul aria-label="Mail kept out" css={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {arrivals.keptOut.map((note) => (
              <li
                key={`${note.mail.receivedAt}${note.mail.subject}`}
                css={{ padding: '0.5rem 0', borderTop: `1px solid ${theme.color.border}` }}
              >
                {note.reason}
                {note.files.map((file) => (
                  <span key={file.fileName}>
                    <br />
                    <small>
                      {file.fileName}: {file.reason}
                    </small>
                  </span>
                ))}
                {note.more !== undefined && note.more > 0 && (
                  <>
                    <br />
                    <small>{MAIL_WORDS.moreKeptOut(note.more)}</small>
                  </>
                )}
                <br />
                <MailLine mail={note.mail} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
};
