/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS, monthOfText } from '@contract/uploads';
import { EDIT_STATEMENTS, type StatementListItem } from '@/lib/graphql';
import { graphqlClient } from '@/lib/graphql-client';
import { countOf, formatPeriod } from '@contract/format';
import { theme } from '@/lib/theme';
import { ModalDialog, dialogActions } from '../modal-dialog';
import { Button, FormError, MonthField, TextField } from '../ui';

/**
 * Changing what statements are filed under: one statement's name, account and period, or one account and/or
 * period for a selection (a field left empty stays as it is). The vault moves each
 * statement, its lists and summaries at once; its file, checksum and scan stay.
 */
export const EditDialog = ({
  statements,
  onDone,
  onClose,
}: {
  /** What to edit; none: the dialog is closed. */
  statements: StatementListItem[];
  onDone: (edited: number) => void;
  onClose: () => void;
}) => {
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const open = statements.length > 0;
  const one = statements.length === 1 ? statements[0] : undefined;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' && value.trim() !== '' ? value : undefined;
    };
    const period = text('period');
    const input = {
      ids: statements.map((statement) => statement.id),
      ...(one ? { fileName: text('fileName') } : {}),
      accountLabel: text('accountLabel'),
      period: period && (monthOfText(period) ?? period),
    };
    if (!input.fileName && !input.accountLabel && !input.period) {
      setError('Give a new account or period (or both).');
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const { data } = await (await graphqlClient()).mutate({ mutation: EDIT_STATEMENTS, variables: { input } });
      const result = data?.editStatements;
      if (!result) throw new Error('The vault did not answer; nothing was changed.');
      if (result.notFound.length > 0)
        setError(`${countOf(result.notFound.length, 'statement')} could not be found; it may have been deleted.`);
      else onDone(result.edited.length);
    } catch (caught) {
      // The vault's own words (the upload rules) come as GraphQL errors.
      const errors = (caught as { errors?: { message: string }[] }).errors;
      setError(errors?.[0]?.message ?? (caught as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalDialog open={open} labelledBy="edit-title" onCancel={onClose}>
      {open && (
        // Keyed by what is edited: each opening starts from those statements' own values.
        <form key={statements.map((statement) => statement.id).join()} onSubmit={(event) => void save(event)} noValidate>
          <h2
            id="edit-title"
            css={css`
              margin: 0 0 0.75rem;
              font-size: 1.2rem;
            `}
          >
            {one ? `Edit ${one.fileName}` : `Edit ${countOf(statements.length, 'statement')}`}
          </h2>
          {one ? (
            <TextField label="Name" name="fileName" maxLength={TEXT_LIMITS.fileNameMaxChars} required defaultValue={one.fileName} />
          ) : (
            <p
              css={css`
                margin: 0 0 0.75rem;
                color: ${theme.color.muted};
              `}
            >
              A field left empty stays as it is for each statement.
            </p>
          )}
          <TextField
            label="Account"
            name="accountLabel"
            list="known-accounts"
            maxLength={TEXT_LIMITS.accountLabelMaxChars}
            defaultValue={one?.accountLabel}
          />
          <MonthField label="Period" name="period" defaultValue={one?.period} hint={one ? `Now ${formatPeriod(one.period)}.` : undefined} />
          <FormError message={error} />
          <div css={dialogActions}>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
};

export default EditDialog;
