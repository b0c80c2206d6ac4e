/** @jsxImportSource @emotion/react */
'use client';

import { useState, type FormEvent } from 'react';
import { STATEMENT_ROUTES } from '@contract/routes';
import { MAIL_SENDERS } from '@contract/mail';
import { useIdToken } from '@/lib/auth-context';
import { callPresignApi } from '@/lib/presign-api';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';
import { Button, FormError, TextField } from '../ui';

/** The senders as typed: separated by commas or spaces, empty ones dropped. */
const sendersIn = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * Whom the person takes mail from: addresses or whole domains, saved for their account (they
 * stay when the address is replaced). Empty: anyone. Mail from anyone else is kept out and
 * listed below, saying who sent it.
 */
export const MailSenders = ({ senders, onSaved }: { senders: string[]; onSaved: (senders: string[]) => void }) => {
  const idToken = useIdToken();
  const [text, setText] = useState(senders.join(', '));
  const { busy, error, act } = useAction();

  const save = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const saved = await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.setMailSenders, await idToken(), {
        body: { senders: sendersIn(text) },
      });
      setText(saved.senders.join(', '));
      onSaved(saved.senders);
      toast.success(saved.senders.length > 0 ? 'Only mail from these senders is taken now.' : 'Mail from anyone is taken now.');
    });
  };

  return (
    <form onSubmit={save} aria-label="Whom you take mail from" css={{ margin: '0 0 1rem', maxWidth: '36rem' }}>
      <TextField
        label="Only take mail from"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="statements@bank.example, @bank.example"
        hint={`Addresses, or @ and a domain for all of a bank's addresses, up to ${MAIL_SENDERS.max}. Empty: from anyone.`}
        autoComplete="off"
        spellCheck={false}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Saving…' : 'Save senders'}
      </Button>
      <FormError message={error} />
    </form>
  );
};
