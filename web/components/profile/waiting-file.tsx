/** @jsxImportSource @emotion/react */
'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { accountNames } from '@/app/(private)/profile/actions';
import { STATEMENT_ROUTES } from '@contract/routes';
import { MAIL_WORDS, type MailArrival, type MailFrom } from '@contract/mail';
import { formatBytes, monthOfText } from '@contract/uploads';
import { formatDateTime, formatPeriod } from '@contract/format';
import { useIdToken } from '@/lib/auth-context';
import { callPresignApi } from '@/lib/presign-api';
import { useAction } from '@/lib/use-action';
import { toast } from '@/lib/toast';
import { theme } from '@/lib/theme';
import { Button, FormError, MonthField, TextField } from '../ui';

/** Where a mail came from, in one line: its subject, its sender's address (never a display name) and when. */
export const mailLine = (mail: Pick<MailFrom, 'from' | 'subject' | 'receivedAt'>) =>
  `${mail.subject ? `“${mail.subject}”` : 'A mail with no subject'} from ${mail.from || 'an unknown sender'}, ${formatDateTime(mail.receivedAt)}`;

const muted = { color: theme.color.muted, fontSize: '0.9rem' };

/** A mail's line, and where its From is at the vault's own domain, that the vault did not send it. */
export const MailLine = ({ mail }: { mail: MailFrom }) => (
  <>
    <small css={muted}>{mailLine(mail)}</small>
    {mail.fromVaultDomain && (
      <>
        <br />
        <small data-testid="from-vault-domain" css={{ color: theme.color.danger, fontSize: '0.9rem' }}>
          {MAIL_WORDS.fromVaultDomain}
        </small>
      </>
    )}
  </>
);

/**
 * One file that arrived by mail and waits: why, what was read of it and where from, and the
 * two things to do with it. Filing asks for the account and the month, each filled in only
 * with what the file said (and saying so), never with a default; the file is then listed
 * as an upload is, once the vault has checked it. Discarding asks first.
 */
export const WaitingFile = ({ arrival, onDone }: { arrival: MailArrival; onDone: (id: string) => void }) => {
  const idToken = useIdToken();
  const [mode, setMode] = useState<'idle' | 'filing' | 'discarding'>('idle');
  // The person's accounts, offered in the account field: read when they first choose to file.
  const [accounts, setAccounts] = useState<string[]>();
  const accountList = useId();
  useEffect(() => {
    if (mode !== 'filing' || accounts) return;
    accountNames().then(setAccounts, () => setAccounts([]));
  }, [mode, accounts]);
  const [account, setAccount] = useState(arrival.account?.value ?? '');
  const [period, setPeriod] = useState(arrival.period?.value ?? '');
  const { busy, error, act: run } = useAction();

  const file = (event: FormEvent) => {
    event.preventDefault();
    // As typed, where the field was not left before sending ("03/2024").
    const month = monthOfText(period) ?? period;
    void run(async () => {
      await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.fileArrival, await idToken(), {
        params: { statementId: arrival.id },
        body: { accountLabel: account, period: month },
      });
      toast.success(
        `${arrival.fileName} goes under ${account.trim()}, ${formatPeriod(month)}: it is listed once the vault has checked it.`,
      );
      onDone(arrival.id);
    });
  };

  const discard = () =>
    void run(async () => {
      await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.discardArrival, await idToken(), { params: { statementId: arrival.id } });
      toast.info(`${arrival.fileName} was discarded.`);
      onDone(arrival.id);
    });

  return (
    <li data-testid="waiting-file" css={{ padding: '0.5rem 0', borderTop: `1px solid ${theme.color.border}` }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '0.25rem 0.75rem' }}>
        <strong css={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
          {arrival.fileName} <span css={muted}>{formatBytes(arrival.size)}</span>
        </strong>
        {mode === 'idle' && (
          <span css={{ display: 'flex', gap: '0.5rem' }}>
            <Button variant="secondary" onClick={() => setMode('filing')} aria-label={`File ${arrival.fileName}…`}>
              File…
            </Button>
            <Button variant="secondary" onClick={() => setMode('discarding')} aria-label={`Discard ${arrival.fileName}…`}>
              Discard…
            </Button>
          </span>
        )}
      </div>
      {arrival.reason}
      {(arrival.period || arrival.account) && (
        <>
          <br />
          <small>
            Read from it:{' '}
            {[
              arrival.period && `its month, ${formatPeriod(arrival.period.value)} (${arrival.period.detail})`,
              arrival.account && `its account, ${arrival.account.value} (${arrival.account.detail})`,
            ]
              .filter(Boolean)
              .join('; ')}
          </small>
        </>
      )}
      <br />
      <MailLine mail={arrival.mail} />
      {arrival.expiresAt && (
        <>
          <br />
          <small css={muted} data-testid="arrival-expiry">
            Unless you file it, it goes on {formatDateTime(arrival.expiresAt)}.
          </small>
        </>
      )}
      {mode === 'filing' && (
        <form onSubmit={file} aria-label={`File ${arrival.fileName}`} css={{ margin: '0.5rem 0 0', maxWidth: '28rem' }}>
          <TextField
            label="Account"
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            list={accountList}
            autoComplete="off"
            required
            hint={arrival.account ? `From the file: ${arrival.account.detail}.` : 'The file does not say: name its account.'}
          />
          <datalist id={accountList}>
            {(accounts ?? []).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <MonthField
            label="Month"
            value={period}
            onChange={(event) => setPeriod(event.target.value)}
            required
            hint={arrival.period ? `From the file: ${arrival.period.detail}.` : 'The file does not say: choose its month.'}
          />
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
            <Button type="submit" disabled={busy}>
              {busy ? 'Filing…' : 'File it'}
            </Button>
            <Button variant="secondary" onClick={() => setMode('idle')} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {mode === 'discarding' && (
        <div role="group" aria-label={`Discard ${arrival.fileName}`} css={{ margin: '0.5rem 0 0' }}>
          <p css={{ margin: '0 0 0.5rem' }}>The file goes for good; the mail it came in is not kept either.</p>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
            <Button variant="danger" onClick={discard} disabled={busy}>
              {busy ? 'Discarding…' : 'Discard it'}
            </Button>
            <Button variant="secondary" onClick={() => setMode('idle')} disabled={busy}>
              Keep it
            </Button>
          </div>
        </div>
      )}
      <FormError message={error} />
    </li>
  );
};
