/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { SHARE_LIMITS, type CreateShareRequest } from '@contract/shares';
import { STATEMENT_ROUTES } from '@contract/routes';
import { sharePagePath } from '@contract/share-pages';
import { useIdToken } from '@/lib/auth-context';
import { callPresignApi } from '@/lib/presign-api';
import { countOf, formatPeriod } from '@contract/format';
import { theme } from '@/lib/theme';
import { Button, FormError, MonthField, SelectField, TextField } from '../ui';
import { monthOfText } from '@contract/uploads';

/** A statement chosen to share, as the form names it. */
export interface ChosenStatement {
  id: string;
  fileName: string;
  accountLabel: string;
  period: string;
}

/** How long a share lasts: the choices people make, from an hour to the longest allowed. */
export const SHARE_LIFETIMES = [
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86_400 },
  { label: '7 days', seconds: 7 * 86_400 },
  { label: '30 days', seconds: SHARE_LIMITS.maxSeconds },
] as const;

/**
 * Makes a share: of the statements chosen in the list (`statementIds`), or of one account
 * over a span of months. The link, with its secret, is shown here once (the server keeps
 * only its hash), with a button that copies it.
 */
export const CreateShare = ({
  accounts,
  chosen,
  leftOut = 0,
}: {
  accounts: string[];
  /** The statements chosen in the list, by name; none: a share of an account over months. */
  chosen?: ChosenStatement[];
  /** How many of the statements chosen are no longer in the vault (deleted since). */
  leftOut?: number;
}) => {
  const statementIds = chosen?.map((statement) => statement.id);
  const router = useRouter();
  const idToken = useIdToken();
  const [error, setError] = useState<string>();
  const [link, setLink] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const month = (name: string) => monthOfText(text(name)) ?? text(name);
    const note = text('note');
    const request: CreateShareRequest = {
      ...(statementIds
        ? { statementIds }
        : { account: { accountLabel: text('account'), from: month('from'), to: month('to') || month('from') } }),
      expiresInSeconds: Number(text('lifetime')),
      ...(note ? { note } : {}),
    };
    setBusy(true);
    setError(undefined);
    try {
      const created = await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.createShare, await idToken(), { body: request });
      setLink(`${window.location.origin}${sharePagePath(created.secret)}`);
      router.refresh();
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (link)
    return (
      <div role="status" data-testid="share-link">
        <p>
          The share is ready. Send this link to the person it is for: it is shown only now (the vault keeps no copy of it), and anyone who
          has it can see these statements until it ends.
        </p>
        <p
          css={css`
            overflow-wrap: anywhere;
            font-family: ui-monospace, monospace;
          `}
        >
          {link}
        </p>
        <Button
          onClick={() =>
            void navigator.clipboard?.writeText(link).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy the link'}
        </Button>
      </div>
    );

  if (chosen && chosen.length === 0) return <p role="status">None of the statements you chose is in your vault any more.</p>;

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Make a share" noValidate>
      {chosen ? (
        <>
          <p>Share the {chosen.length === 1 ? 'statement' : `${chosen.length} statements`} you chose with someone who has no account:</p>
          <ul aria-label="Statements to share">
            {chosen.map((statement) => (
              <li key={statement.id}>
                {statement.fileName}{' '}
                <span css={{ color: theme.color.muted }}>
                  ({statement.accountLabel}, {formatPeriod(statement.period)})
                </span>
              </li>
            ))}
          </ul>
          {leftOut > 0 && (
            <p role="status">
              {countOf(leftOut, 'statement')} you chose {leftOut === 1 ? 'is' : 'are'} no longer in your vault, so left out.
            </p>
          )}
        </>
      ) : (
        <>
          <SelectField label="Account" name="account" options={accounts.map((account) => ({ value: account, text: account }))} required />
          <MonthField label="From (month)" name="from" placeholder="2024-01" required />
          <MonthField label="To (month)" name="to" placeholder="2024-12" />
        </>
      )}
      <SelectField
        label="The link works for"
        name="lifetime"
        defaultValue={String(7 * 86_400)}
        options={SHARE_LIFETIMES.map(({ label, seconds }) => ({ value: String(seconds), text: label }))}
      />
      <TextField
        label="A note for them"
        hint="Optional. They see it above the statements; your e-mail address is not shown unless you write it here."
        name="note"
        maxLength={SHARE_LIMITS.noteMaxChars}
      />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        Make the link
      </Button>
    </form>
  );
};
