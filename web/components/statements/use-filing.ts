'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { checkUpload, contentTypeForFile } from '@contract/upload-rules';
import { monthOfText } from '@contract/uploads';
import type { FilingProposal } from '@contract/reading';
import type { PeriodQuestion } from '@contract/reading/period-question';
import type { StatementBalances } from '@contract/reading/balances';
import { IDENTIFIER_KEYS } from '@contract/accounts/identifier-keys';
import { uploadableFacts, type AccountDetails } from '@contract/accounts/details';
import { keyedFacts, type LabelledAccount } from '@contract/accounts/match';
import { useIdToken } from '@/lib/auth-context';
import { batchConflict, filingAccount, type AccountChoice, type RowFacts } from '@contract/accounts/filing-account';
import { identifierKeysFor } from '@/lib/upload/identifier-keys';
import { keptCopiesOf, type KeptCopy } from '@/lib/upload/kept-copies';
import { proposeAll } from '@/lib/upload/proposals';
import { proposedPeriod } from '@/lib/upload/proposed-period';
import { fillFromAbove } from '@/lib/upload/fill-from-above';
import { startHashWorker } from '@/lib/upload/hash-worker-client';

/**
 * Where a row's account or period came from, as the row says it: the file, its name, the
 * field above as the person filled it before choosing the files, the row as the person set
 * it, or nowhere yet (`unread`: the file does not say, and the person has not chosen; `ask`:
 * its name offers a month, or its dates read two ways, and the person answers the question).
 */
export type FieldSource = 'file' | 'above' | 'person' | 'chosen' | 'unread' | 'choose' | 'ask';

export const SOURCE_WORDS: Record<FieldSource, string> = {
  file: 'from the file',
  above: 'as you set it above',
  person: 'as you set it',
  chosen: 'as you chose',
  unread: 'Not in the file. Choose one.',
  choose: 'Which is it?',
  ask: 'The file does not say for sure. Answer the question above.',
};

/** The sources a row cannot be sent with until the person chooses. */
export const UNSETTLED_SOURCES: ReadonlySet<FieldSource> = new Set(['unread', 'choose', 'ask']);

/** A file chosen or dropped, waiting for the person to confirm what it is filed under. */
export interface FilingDraft {
  key: string;
  file: File;
  accountLabel: string;
  accountSource: FieldSource;
  accountDetail?: string;
  /** What the file says of its account beside its label (kind, currency, bank, where it was read), while the account is the file's. */
  accountFacts?: RowFacts;
  /** The answers the row offers while the file does not settle its account: the accounts it may be, and a new one. */
  accountChoices?: AccountChoice[];
  period: string;
  periodSource: FieldSource;
  periodDetail?: string;
  /** The month the row asks the person to confirm or choose (its name's, or its dates' two readings), while unanswered. */
  periodQuestion?: PeriodQuestion;
  notes: string[];
  /** Its days and balances as the part of it read says them: shown, and read again from the whole file after its scan. */
  balances?: StatementBalances;
  /** Its proposal is still being read, or the vault is being asked whether it keeps this file already. */
  reading: boolean;
  /**
   * The statements the vault already keeps with this file's checksum, found before anything
   * is sent: the row cannot be sent until the person chooses to upload it again anyway.
   */
  keptAs?: KeptCopy[];
  /** The person chose to upload it again although the vault keeps it. */
  uploadAgain?: boolean;
  /** Its proposal has been read; the vault has been asked whether it keeps it (`reading` lasts until both). */
  proposed?: boolean;
  checked?: boolean;
  /** The rule the file breaks (type, size), in words: it cannot be uploaded. */
  refusal?: string;
  /**
   * The keys of the account identifiers the file names: filed with it whatever account the
   * person files it under, so the next file naming them is matched to that account.
   */
  identifierKeys: string[];
}

/** What a confirmed draft is uploaded as. */
export interface FiledFile {
  file: File;
  accountLabel: string;
  period: string;
  identifierKeys: string[];
  /** What the file says of its account, sent while the account is the file's or one of the answers its row offered (never one the person typed). */
  accountFacts?: AccountDetails;
  /** The person chose to upload it although the vault keeps the same file: it is not asked again. */
  uploadAgain?: boolean;
}

/** Files chosen together, with the account and period the panel's fields held then (empty where the person left them so). */
export interface FilePick {
  id: number;
  files: File[];
  accountLabel: string;
  period: string;
}

/**
 * The files waiting to be sent. Each starts with what the person put in the panel's fields
 * (nothing, unless they did) and takes what its content (or name) proposes as the worker
 * reads it, unless the person has already set that field on the row; the person can change
 * any row, or give every row one account or period. A field nobody filled stays empty and
 * says so: nothing is filed under a value the person did not choose and the file does not say.
 */
export const useFiling = (picks: FilePick[], accounts: readonly LabelledAccount[] = []) => {
  const [drafts, setDrafts] = useState<FilingDraft[]>([]);
  const idToken = useIdToken();
  const keysOf = useRef<ReturnType<typeof identifierKeysFor> | undefined>(undefined);
  const taken = useRef(0);
  const counter = useRef(0);
  // The person's accounts as the file's proposal arrives (the list may load after the files are chosen).
  const known = useRef(accounts);
  useEffect(() => {
    known.current = accounts;
  }, [accounts]);

  const checked = useCallback((key: string, kept: KeptCopy[]) => {
    setDrafts((current) =>
      current.map((draft) =>
        draft.key !== key ? draft : { ...draft, checked: true, reading: !draft.proposed, ...(kept.length > 0 ? { keptAs: kept } : {}) },
      ),
    );
  }, []);

  const merge = useCallback((key: string, proposal: FilingProposal, identifierKeys: ReadonlyMap<string, string>) => {
    setDrafts((current) => {
      const index = current.findIndex((draft) => draft.key === key);
      if (index < 0) return current;
      const draft = current[index];
      const next: FilingDraft = {
        ...draft,
        proposed: true,
        reading: !draft.checked,
        notes: proposal.notes,
        ...(proposal.balances ? { balances: proposal.balances.value } : {}),
        identifierKeys: [...new Set(identifierKeys.values())].slice(0, IDENTIFIER_KEYS.perStatement),
      };
      const rows = [...current];
      const named = (row: FilingDraft) => ({ ...row, name: row.file.name });
      if (proposal.account && draft.accountSource !== 'person' && draft.accountSource !== 'chosen') {
        // Two files whose accounts the labels would merge but which say they differ: the later
        // row in the batch is a new account at its bank, or asks, whichever file was read first.
        const account = filingAccount(proposal.account, known.current, identifierKeys);
        Object.assign(next, account, (account.accountSource === 'file' && batchConflict(account, rows.slice(0, index).map(named))) || {});
        if (next.accountSource === 'file')
          for (let later = index + 1; later < rows.length; later++) {
            const row = rows[later];
            const conflict =
              row.accountSource === 'file' && row.accountFacts && batchConflict({ ...row, accountFacts: row.accountFacts }, [named(next)]);
            if (conflict) rows[later] = { ...row, ...conflict };
          }
      }
      Object.assign(next, proposedPeriod(draft, proposal));
      rows[index] = next;
      return rows;
    });
  }, []);

  useEffect(() => {
    for (const pick of picks.slice(taken.current)) {
      const added = pick.files.map((file): FilingDraft => {
        // The API's type and size rules, said on the row at once, before any byte is sent.
        const check = checkUpload('statement', contentTypeForFile(file.name, file.type), file.size);
        return {
          key: `draft-${++counter.current}`,
          file,
          accountLabel: pick.accountLabel,
          accountSource: pick.accountLabel ? 'above' : 'unread',
          period: pick.period,
          periodSource: pick.period ? 'above' : 'unread',
          notes: [],
          identifierKeys: [],
          reading: check.ok,
          ...(check.ok ? {} : { refusal: check.message }),
        };
      });
      setDrafts((current) => [...current, ...added]);
      // The worker ends once it has answered for every file it was asked about.
      const readable = added.filter((draft) => !draft.refusal);
      keysOf.current ??= identifierKeysFor(idToken);
      const keysFor = keysOf.current;
      if (readable.length > 0) {
        proposeAll(
          readable.map((draft) => draft.file),
          (index, proposal) =>
            void keysFor(proposal.account ? keyedFacts(proposal.account.facts) : []).then((keys) =>
              merge(readable[index].key, proposal, keys),
            ),
          startHashWorker,
        );
        // Whether the vault keeps each file already, one file at a time so hashing does not take the whole machine.
        void readable.reduce(
          (before, draft) => before.then(() => keptCopiesOf(draft.file).then((kept) => checked(draft.key, kept))),
          Promise.resolve(),
        );
      }
    }
    taken.current = picks.length;
  }, [picks, merge, checked, idToken]);

  /** One of the answers a row offered for its account: the file's facts go with it, as they describe that account. */
  const choose = useCallback((key: string, choice: AccountChoice) => {
    setDrafts((current) =>
      current.map((draft) =>
        draft.key !== key
          ? draft
          : {
              ...draft,
              accountLabel: choice.label,
              accountSource: 'chosen' as const,
              accountDetail: choice.words,
              accountChoices: undefined,
            },
      ),
    );
  }, []);

  /** The person uploads a file again although the vault keeps it. */
  const uploadAgain = useCallback((key: string) => {
    setDrafts((current) => current.map((draft) => (draft.key !== key ? draft : { ...draft, uploadAgain: true })));
  }, []);

  const edit = useCallback((key: string, change: Partial<Pick<FilingDraft, 'accountLabel' | 'period'>>) => {
    setDrafts((current) =>
      current.map((draft) =>
        draft.key !== key
          ? draft
          : {
              ...draft,
              ...change,
              ...('accountLabel' in change
                ? { accountSource: 'person' as const, accountDetail: undefined, accountFacts: undefined, accountChoices: undefined }
                : {}),
              ...('period' in change ? { periodSource: 'person' as const, periodDetail: undefined, periodQuestion: undefined } : {}),
            },
      ),
    );
  }, []);

  /** One account (or period) for every row that does not say its own, as the person pressed it; an empty value gives nothing. */
  const applyToAll = useCallback((change: Partial<Pick<FilingDraft, 'accountLabel' | 'period'>>) => {
    if (Object.values(change).every((value) => !value)) return;
    setDrafts((current) => current.map((draft) => fillFromAbove(draft, change)));
  }, []);

  const remove = useCallback((key: string) => setDrafts((current) => current.filter((draft) => draft.key !== key)), []);

  /** Takes the rows out of the queue, as the files to upload. */
  const take = useCallback(
    (keys: string[]): FiledFile[] => {
      const chosen = drafts.filter((draft) => keys.includes(draft.key));
      setDrafts((current) => current.filter((draft) => !keys.includes(draft.key)));
      return chosen.map(({ file, accountLabel, period, identifierKeys, accountSource, accountFacts, keptAs, uploadAgain }) => ({
        file,
        accountLabel: accountLabel.trim(),
        // As typed, where the field was not left before sending ("03/2024").
        period: monthOfText(period) ?? period,
        identifierKeys,
        accountFacts: accountSource === 'file' || accountSource === 'chosen' ? uploadableFacts(accountFacts) : undefined,
        ...(keptAs?.length && uploadAgain ? { uploadAgain: true } : {}),
      }));
    },
    [drafts],
  );

  return { drafts, edit, choose, uploadAgain, applyToAll, remove, take };
};
