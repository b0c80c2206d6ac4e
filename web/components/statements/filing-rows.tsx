/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useState } from 'react';
import { TEXT_LIMITS, formatBytes, monthOfText } from '@contract/uploads';
import { ACCOUNT_KIND_WORDS } from '@contract/reading/account-numbers';
import { countOf, formatAmount, formatCount, formatDays, formatPeriod, formatPeriodInWords, pluralOf } from '@contract/format';
import { theme } from '@/lib/theme';
import { needsPerson, problemOf, problemsInWords } from '@/lib/upload/filing-problems';
import { Button, writeMonth } from '../ui';
import type { AccountChoice } from '@contract/accounts/filing-account';
import { SOURCE_WORDS, UNSETTLED_SOURCES, type FiledFile, type FilingDraft, type useFiling } from './use-filing';

/** A row of the upload queue: one file. */
export const queueRow = css`
  padding: 0.6rem 0;
  border-bottom: 1px solid ${theme.color.border};
  /* Its sentences quote file names, which may be one long word: they wrap within the row. */
  overflow-wrap: anywhere;
  min-width: 0;
`;

/** A file's name, which may be one long word. */
export const fileName = css`
  word-break: break-all;
`;

/** A row's buttons. */
export const rowActions = css`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
  margin-top: 0.3rem;
`;

const small = css`
  color: ${theme.color.muted};
  font-size: 0.85rem;
  margin: 0.15rem 0 0;
`;

const field = css`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
  flex: 1 1 11rem;
  min-width: 0;
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  input {
    min-height: 44px;
    padding: 0.45rem 0.6rem;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius};
    font: inherit;
    width: 100%;
    box-sizing: border-box;
  }
  input[aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
`;

/** A field the file does not fill and the person has not: said plainly, so it is seen before sending. */
const unread = css`
  color: ${theme.color.danger};
  font-size: 0.85rem;
  font-weight: 600;
  margin: 0.15rem 0 0;
`;

/** What is missing before a row can go, in words. */
/** What the file says of its days and balances, in one line: kept with it once it is scanned, and correctable on its page. */
const BalancesLine = ({ draft }: { draft: FilingDraft }) => {
  const { from, to, opening, closing, currency } = draft.balances ?? {};
  const parts = [
    ...(from && to ? [formatDays(from, to)] : []),
    ...(opening != null ? [`opening ${formatAmount(opening, currency)}`] : []),
    ...(closing != null ? [`closing ${formatAmount(closing, currency)}`] : []),
  ];
  if (parts.length === 0) return null;
  return (
    <p css={small} data-testid="balances-source">
      From the file: {parts.join(' · ')}
    </p>
  );
};

/**
 * The month a row asks about, answered with one click: "The file name says June 2025: is
 * that its month?" with "Yes, June 2025"; or the two months its dates read as.
 */
const PeriodQuestionLine = ({ draft, onAnswer }: { draft: FilingDraft; onAnswer: (period: string) => void }) => {
  const question = draft.periodQuestion;
  if (!question || draft.periodSource !== 'ask') return null;
  return (
    <div role="group" aria-label={`The month of ${draft.file.name}`} data-testid="period-question">
      <p css={unread}>{question.words}</p>
      <div css={rowActions}>
        {question.choices.map((choice) => (
          <Button key={choice} variant="secondary" onClick={() => onAnswer(choice)}>
            {question.reason === 'file name' ? `Yes, ${formatPeriodInWords(choice)}` : formatPeriodInWords(choice)}
            <span className="visually-hidden"> for {draft.file.name}</span>
          </Button>
        ))}
      </div>
    </div>
  );
};

/**
 * The answers a row offers where the file does not settle its account, each one click: the
 * accounts it may be ("First Harbor ••6789") and a new one ("A new account at Lakeside Bank").
 * Typing in the field stays possible.
 */
const AccountChoicesLine = ({ draft, onChoose }: { draft: FilingDraft; onChoose: (choice: AccountChoice) => void }) => {
  if (draft.accountSource !== 'choose' || !draft.accountChoices?.length) return null;
  return (
    <div role="group" aria-label={`The account of ${draft.file.name}`} data-testid="account-choices" css={rowActions}>
      {draft.accountChoices.map((choice) => (
        <Button key={choice.label} variant="secondary" onClick={() => onChoose(choice)}>
          {choice.words}
          <span className="visually-hidden"> for {draft.file.name}</span>
        </Button>
      ))}
    </div>
  );
};

/**
 * A file the vault keeps already, found by its checksum before anything is sent: where it is
 * kept (its name, account and month), and the choice to upload it again anyway.
 */
const KeptLine = ({ draft, onUploadAgain }: { draft: FilingDraft; onUploadAgain: () => void }) => {
  if (!draft.keptAs?.length) return null;
  const where = draft.keptAs.map((kept) => `“${kept.fileName}” (${kept.accountLabel}, ${formatPeriod(kept.period)})`).join(', ');
  return (
    <div data-testid="kept-as">
      <p role="status" css={draft.uploadAgain ? small : unread}>
        Your vault already keeps this file as {where}.{draft.uploadAgain ? ' You chose to upload it again.' : ''}
      </p>
      {!draft.uploadAgain && (
        <div css={rowActions}>
          <Button variant="secondary" onClick={onUploadAgain}>
            Upload it again anyway<span className="visually-hidden"> ({draft.file.name})</span>
          </Button>
        </div>
      )}
    </div>
  );
};

/** The account or period of a row, with where it came from. */
const Source = ({ draft, which }: { draft: FilingDraft; which: 'account' | 'period' }) => {
  const source = which === 'account' ? draft.accountSource : draft.periodSource;
  const detail = which === 'account' ? draft.accountDetail : draft.periodDetail;
  if (draft.reading && (source === 'above' || source === 'unread')) return <p css={small}>Reading the file…</p>;
  // The kind and currency the file gives its account, in words beside where it came from.
  // A question is said by its own line, with its answers.
  if (source === 'ask') return null;
  const { kind, currency } = (which === 'account' && draft.accountFacts) || {};
  const facts = [kind && ACCOUNT_KIND_WORDS[kind], currency].filter(Boolean);
  // A question is asked first, then why the file leaves it open, as a sentence of its own.
  const said =
    source === 'choose'
      ? `Which ${which === 'account' ? 'account' : 'month'} is it?${detail ? ` ${detail}.` : ''}`
      : `${SOURCE_WORDS[source]}${detail ? `: ${detail}` : ''}`;
  return (
    <p css={UNSETTLED_SOURCES.has(source) ? unread : small} data-testid={`${which}-source`}>
      {said}
      {facts.length > 0 ? ` (${facts.join(', ')})` : ''}
    </p>
  );
};

/**
 * The files chosen, before anything is sent: each with the account and period it will be
 * filed under (proposed from the file where it says, else what the person set above, else
 * empty and said so), each open to change; one account or period can be given to every row
 * on purpose. Nothing is sent until every row has both, and the person uploads the batch or
 * one file on its own.
 */
export const FilingRows = ({
  filing,
  defaults,
  onUpload,
}: {
  filing: ReturnType<typeof useFiling>;
  /** The panel's fields now: what "apply to all" gives every row. */
  defaults: () => { accountLabel: string; period: string };
  onUpload: (files: FiledFile[]) => void;
}) => {
  const { drafts } = filing;
  const [showProblems, setShowProblems] = useState(false);
  // The rows shown when the person asks for only those that need them: the ones that did then,
  // kept as they are answered (a row does not vanish under the fingers typing its answer).
  const [only, setOnly] = useState<ReadonlySet<string>>();
  if (drafts.length === 0) return null;
  const sendable = drafts.filter((draft) => !draft.refusal);
  const problems = sendable.filter(problemOf);
  const waiting = drafts.filter(needsPerson);
  const picked = only && drafts.filter((draft) => only.has(draft.key));
  // Once every row it showed is removed or sent, the queue shows all again.
  const shown = picked?.length ? picked : drafts;
  const send = (keys: string[]) => {
    const chosen = drafts.filter((draft) => keys.includes(draft.key));
    if (chosen.some(problemOf)) {
      setShowProblems(true);
      return;
    }
    onUpload(filing.take(keys));
  };
  return (
    <section
      aria-label="Files to upload"
      css={css`
        margin: 1rem 0 0;
      `}
    >
      <h3
        css={css`
          margin: 0 0 0.3rem;
          font-size: 1rem;
        `}
      >
        {drafts.length === 1 ? 'One file chosen' : `${drafts.length} files chosen`}
        {waiting.length > 0 && drafts.length > 1 && (
          <span data-testid="files-waiting">{` · ${countOf(waiting.length, 'file')} ${pluralOf(waiting.length, 'needs', 'need')} you`}</span>
        )}
      </h3>
      <p css={small}>
        Each file is filed under the account and period below, with where each came from. Check them, choose any the file does not say, then
        upload.
      </p>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 0.5rem;
          margin: 0.5rem 0;
        `}
      >
        <Button variant="secondary" onClick={() => filing.applyToAll({ accountLabel: defaults().accountLabel })}>
          Fill empty accounts from above
        </Button>
        <Button variant="secondary" onClick={() => filing.applyToAll({ period: defaults().period })}>
          Fill empty periods from above
        </Button>
        {picked?.length ? (
          <Button variant="secondary" onClick={() => setOnly(undefined)}>
            Show all {countOf(drafts.length, 'file')}
          </Button>
        ) : (
          waiting.length > 0 &&
          waiting.length < drafts.length && (
            <Button variant="secondary" onClick={() => setOnly(new Set(waiting.map((draft) => draft.key)))}>
              Show only the {waiting.length === 1 ? 'one' : formatCount(waiting.length)} that {pluralOf(waiting.length, 'needs', 'need')}{' '}
              you
            </Button>
          )
        )}
      </div>
      <ul
        css={css`
          list-style: none;
          padding: 0;
          margin: 0;
        `}
      >
        {shown.map((draft) => {
          const problem = showProblems ? problemOf(draft) : undefined;
          if (draft.refusal)
            return (
              <li key={draft.key} data-testid="filing-row" data-reading={false} css={queueRow}>
                <strong css={fileName}>{draft.file.name}</strong>
                <p
                  role="alert"
                  css={css`
                    color: ${theme.color.danger};
                    margin: 0.3rem 0;
                  `}
                >
                  {draft.refusal}
                </p>
                <Button variant="secondary" onClick={() => filing.remove(draft.key)}>
                  Remove<span className="visually-hidden"> {draft.file.name}</span>
                </Button>
              </li>
            );
          return (
            <li key={draft.key} data-testid="filing-row" data-reading={draft.reading} css={queueRow}>
              <strong css={fileName}>{draft.file.name}</strong> <span css={small}>({formatBytes(draft.file.size)})</span>
              <div
                css={css`
                  display: flex;
                  flex-wrap: wrap;
                  gap: 0.5rem 1rem;
                  margin: 0.4rem 0;
                `}
              >
                <div css={field}>
                  <label htmlFor={`${draft.key}-account`}>
                    Account<span className="visually-hidden"> for {draft.file.name}</span>
                  </label>
                  <input
                    id={`${draft.key}-account`}
                    list="known-accounts"
                    maxLength={TEXT_LIMITS.accountLabelMaxChars}
                    value={draft.accountLabel}
                    aria-invalid={problem && !draft.accountLabel.trim() ? true : undefined}
                    onChange={(event) => filing.edit(draft.key, { accountLabel: event.target.value })}
                  />
                  <Source draft={draft} which="account" />
                </div>
                <div css={field}>
                  <label htmlFor={`${draft.key}-period`}>
                    Period<span className="visually-hidden"> for {draft.file.name}</span>
                  </label>
                  <input
                    id={`${draft.key}-period`}
                    type="text"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="2024-03"
                    value={draft.period}
                    aria-invalid={problem && !monthOfText(draft.period) ? true : undefined}
                    onChange={(event) => filing.edit(draft.key, { period: event.target.value })}
                    onBlur={(event) => writeMonth(event.currentTarget)}
                  />
                  <Source draft={draft} which="period" />
                </div>
              </div>
              <AccountChoicesLine draft={draft} onChoose={(choice) => filing.choose(draft.key, choice)} />
              <PeriodQuestionLine draft={draft} onAnswer={(period) => filing.edit(draft.key, { period })} />
              <KeptLine draft={draft} onUploadAgain={() => filing.uploadAgain(draft.key)} />
              <BalancesLine draft={draft} />
              {draft.notes.map((note) => (
                <p key={note} css={small}>
                  {note}
                </p>
              ))}
              {problem && (
                <p
                  role="alert"
                  css={css`
                    color: ${theme.color.danger};
                    margin: 0.2rem 0;
                  `}
                >
                  {problem}
                </p>
              )}
              <div css={rowActions}>
                {sendable.length > 1 && (
                  <Button variant="secondary" onClick={() => send([draft.key])}>
                    Upload<span className="visually-hidden"> {draft.file.name}</span> now
                  </Button>
                )}
                <Button variant="secondary" onClick={() => filing.remove(draft.key)}>
                  Remove<span className="visually-hidden"> {draft.file.name}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {sendable.length > 0 && (
        <p
          css={css`
            margin: 0.75rem 0 0;
          `}
        >
          <Button onClick={() => send(sendable.map((draft) => draft.key))}>
            {sendable.length === 1 ? 'Upload 1 file' : `Upload ${sendable.length} files`}
          </Button>
        </p>
      )}
      {showProblems && problems.length > 0 && (
        <p role="alert" css={small}>
          {problemsInWords(problems)}
        </p>
      )}
    </section>
  );
};
