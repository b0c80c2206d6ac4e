import { accountKeyOf, statementKey, type Statement } from '../../contract';

let sequence = 0;

/** A statement record with a fresh, time-ordered id (ULID alphabet): later calls make newer statements. */
export const statementRecord = (owner: string, fields: Partial<Statement> = {}): Statement => {
  const id = `01JD${String(++sequence).padStart(22, '0')}`;
  return {
    id,
    owner,
    fileName: `${id}.pdf`,
    contentType: 'application/pdf',
    size: 100 + sequence,
    key: statementKey(owner, id),
    accountLabel: 'Main',
    period: '2024-01',
    status: 'AVAILABLE',
    uploadedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
    // As the catalogue files it: under the key of its label's account.
    accountKey: fields.accountKey ?? accountKeyOf(fields.accountLabel ?? 'Main'),
  };
};
