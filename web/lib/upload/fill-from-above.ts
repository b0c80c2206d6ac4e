/**
 * What "Use the account (or period) above for all" does to one row of the upload queue: it
 * fills the field where it is empty (the file does not say, or the row asks) or holds the
 * field above's own value, and leaves what the file says or the person set on the row. A
 * filled field says it came from above, so a later reading of the file can still give its
 * own.
 */
const FILLABLE = new Set(['unread', 'choose', 'ask', 'above']);

interface Fillable {
  accountSource: string;
  periodSource: string;
}

export const fillFromAbove = <Row extends Fillable>(row: Row, change: { accountLabel?: string; period?: string }): Row => {
  const account =
    change.accountLabel && FILLABLE.has(row.accountSource)
      ? {
          accountLabel: change.accountLabel,
          accountSource: 'above',
          accountDetail: undefined,
          accountFacts: undefined,
          accountChoices: undefined,
        }
      : {};
  const period =
    change.period && FILLABLE.has(row.periodSource)
      ? { period: change.period, periodSource: 'above', periodDetail: undefined, periodQuestion: undefined }
      : {};
  return { ...row, ...account, ...period };
};
