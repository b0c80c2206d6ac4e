import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCOUNT_DETAIL_FIELDS } from '../../../contract/accounts/details';
import { TABLE_KEYS, statementAccountKey } from '../../../contract/keys';
import type { Statement } from '../../../contract/entities';
import type { QuotaUsage, RecordStore } from './port';
import { VERSION, displayLabel, ignoreConditionFailure, pk, quotaKey, sk, type TableAccess, type TransactItem } from './table';

/**
 * The owner's summaries: by account, by account and period (coverage), by period, and the
 * quota's usage. Each is changed by ADDs inside the transaction that changes a statement,
 * so a summary is always the sum of what was written; the sweep corrects one only if
 * nothing wrote it since it read.
 */
/** What a change does to the quota item: ADDs to its numbers (and its version). */
export const quotaUpdate = (tableName: string, owner: string, add: Partial<QuotaUsage>): TransactItem => {
  const entries = [...Object.entries(add).filter(([, value]) => value !== 0), [VERSION, 1] as const];
  return {
    Update: {
      TableName: tableName,
      Key: quotaKey(owner),
      UpdateExpression: `ADD ${entries.map(([name]) => `#${name} :${name}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
    },
  };
};

/** The attribute of an account summary holding its statements' identifier keys (a string set). */
export const IDENTIFIER_KEYS_ATTRIBUTE = 'identifierKeys';

/**
 * The update that adds (+1) or takes away (-1) one statement from its account's summary. A
 * statement that comes adds its identifier keys; one that goes leaves them (another of the
 * account's statements may name the same number), and the sweep trims the set to what its
 * statements name.
 */
export const accountSummaryUpdate = (tableName: string, statement: Statement, sign: 1 | -1): TransactItem => {
  const accountKey = statementAccountKey(statement);
  const keys = sign > 0 && statement.identifierKeys?.length ? new Set(statement.identifierKeys) : undefined;
  // What the file says of its account fills what the account does not say yet; a later file never changes it.
  const facts = sign > 0 ? ACCOUNT_DETAIL_FIELDS.filter((field) => statement.accountFacts?.[field]) : [];
  return {
    Update: {
      TableName: tableName,
      Key: { [pk]: TABLE_KEYS.userPartition(statement.owner), [sk]: TABLE_KEYS.accountSort(accountKey) },
      UpdateExpression:
        `ADD #count :n, #bytes :b, #v :one${keys ? ', #keys :keys' : ''} ` +
        `SET #label = if_not_exists(#label, :label), labelFrom = if_not_exists(labelFrom, :id), accountKey = :key` +
        facts.map((field) => `, #${field} = if_not_exists(#${field}, :${field})`).join(''),
      ExpressionAttributeNames: {
        '#count': 'count',
        '#bytes': 'bytes',
        '#label': 'label',
        '#v': VERSION,
        ...(keys ? { '#keys': IDENTIFIER_KEYS_ATTRIBUTE } : {}),
        ...Object.fromEntries(facts.map((field) => [`#${field}`, field])),
      },
      ExpressionAttributeValues: {
        ':n': sign,
        ':b': sign * statement.size,
        ':one': 1,
        ':label': displayLabel(statement),
        ':id': statement.id,
        ':key': accountKey,
        ...(keys ? { ':keys': keys } : {}),
        ...Object.fromEntries(facts.map((field) => [`:${field}`, statement.accountFacts![field]])),
      },
    },
  };
};

/** The update that adds (+1) or takes away (-1) one statement from its period's summary. */
export const periodSummaryUpdate = (tableName: string, statement: Statement, sign: 1 | -1): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: { [pk]: TABLE_KEYS.userPartition(statement.owner), [sk]: TABLE_KEYS.periodSort(statement.period) },
    UpdateExpression: 'ADD #count :n, #bytes :b, #v :one SET period = :period',
    ExpressionAttributeNames: { '#count': 'count', '#bytes': 'bytes', '#v': VERSION },
    ExpressionAttributeValues: { ':n': sign, ':b': sign * statement.size, ':one': 1, ':period': statement.period },
  },
});

/** The key of the statement's coverage summary: its account in its period. */
export const coverageKey = (statement: Pick<Statement, 'owner' | 'accountLabel' | 'accountKey' | 'period'>) => ({
  [pk]: TABLE_KEYS.userPartition(statement.owner),
  [sk]: TABLE_KEYS.coverageSort(statement.period, statementAccountKey(statement)),
});

/**
 * The update that adds (+1) or takes away (-1) one statement from its account-and-period
 * (coverage) summary: its count and bytes, and its id in the summary's set of ids.
 */
export const coverageSummaryUpdate = (tableName: string, statement: Statement, sign: 1 | -1): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: coverageKey(statement),
    UpdateExpression: `ADD #count :n, #bytes :b, #v :one${sign > 0 ? ', #ids :ids' : ''} SET period = :period, accountKey = :key${sign < 0 ? ' DELETE #ids :ids' : ''}`,
    ExpressionAttributeNames: { '#count': 'count', '#bytes': 'bytes', '#v': VERSION, '#ids': COVERAGE_IDS },
    ExpressionAttributeValues: {
      ':n': sign,
      ':b': sign * statement.size,
      ':one': 1,
      ':ids': new Set([statement.id]),
      ':period': statement.period,
      ':key': statementAccountKey(statement),
    },
  },
});

/** The attribute of a coverage summary holding its statements' ids (a string set). */
export const COVERAGE_IDS = 'ids';

/** The updates that add (+1) or take away (-1) one statement from its account, coverage and period summaries. */
export const summaryUpdates = (tableName: string, statement: Statement, sign: 1 | -1): TransactItem[] => [
  accountSummaryUpdate(tableName, statement, sign),
  coverageSummaryUpdate(tableName, statement, sign),
  periodSummaryUpdate(tableName, statement, sign),
];

/**
 * An account is shown with the spelling of its oldest statement, whatever order the events
 * arrive in: a statement older than the one that named it renames it.
 */
export const nameAccountByOldest = async ({ documents, tableName }: TableAccess, statement: Statement): Promise<void> => {
  await documents
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: { [pk]: TABLE_KEYS.userPartition(statement.owner), [sk]: TABLE_KEYS.accountSort(statementAccountKey(statement)) },
        UpdateExpression: 'SET #label = :label, labelFrom = :id',
        // A name the person gave it stays.
        ConditionExpression: 'labelFrom > :id AND attribute_not_exists(labelSaid)',
        ExpressionAttributeNames: { '#label': 'label' },
        ExpressionAttributeValues: { ':label': displayLabel(statement), ':id': statement.id },
      }),
    )
    .catch(ignoreConditionFailure);
};

/** Summaries that reached zero go, so the account and period lists hold only what is in use. */
export const removeEmptySummaries = async ({ documents, tableName }: TableAccess, statement: Statement): Promise<void> => {
  const user = TABLE_KEYS.userPartition(statement.owner);
  const sortKeys = [
    TABLE_KEYS.accountSort(statementAccountKey(statement)),
    coverageKey(statement)[sk],
    TABLE_KEYS.periodSort(statement.period),
  ];
  for (const sortKey of sortKeys) {
    await documents
      .send(
        new DeleteCommand({
          TableName: tableName,
          Key: { [pk]: user, [sk]: sortKey },
          ConditionExpression: '#count = :zero',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':zero': 0 },
        }),
      )
      .catch(ignoreConditionFailure);
  }
};

/** The summaries' part of the record store: the sweep's corrections. */
export const summaryRecords = ({ documents, tableName }: TableAccess): Pick<RecordStore, 'correctSummaries'> => ({
  async correctSummaries(owner, corrections) {
    let applied = 0;
    for (const { sortKey, seen, expected, setIfAbsent, sets } of corrections) {
      const Key = { [pk]: TABLE_KEYS.userPartition(owner), [sk]: sortKey };
      // Only if nothing wrote the item since the sweep read it: a concurrent upload or delete wins.
      const unchanged: { ConditionExpression: string; names: Record<string, string>; values: Record<string, number> } = !seen
        ? { ConditionExpression: 'attribute_not_exists(#pk)', names: { '#pk': pk }, values: {} }
        : seen.version === undefined
          ? { ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#v)', names: { '#pk': pk, '#v': VERSION }, values: {} }
          : { ConditionExpression: '#v = :seenVersion', names: { '#v': VERSION }, values: { ':seenVersion': seen.version } };
      try {
        if (expected) {
          // A set with no member is no attribute at all in DynamoDB.
          const set = [
            ...Object.entries(expected),
            ...Object.entries(sets ?? {})
              .filter(([, members]) => members.length > 0)
              .map(([name, members]) => [name, new Set(members)] as const),
          ];
          const emptied = Object.entries(sets ?? {})
            .filter(([, members]) => members.length === 0)
            .map(([name]) => name);
          const absent = Object.entries(setIfAbsent ?? {});
          await documents.send(
            new UpdateCommand({
              TableName: tableName,
              Key,
              UpdateExpression:
                `SET ${[...set.map(([name]) => `#${name} = :${name}`), ...absent.map(([name]) => `#${name} = if_not_exists(#${name}, :${name})`)].join(', ')}` +
                ' ADD #v :one' +
                (emptied.length > 0 ? ` REMOVE ${emptied.map((name) => `#${name}`).join(', ')}` : ''),
              ConditionExpression: unchanged.ConditionExpression,
              ExpressionAttributeNames: {
                ...unchanged.names,
                '#v': VERSION,
                ...Object.fromEntries([...set, ...absent, ...emptied.map((name) => [name])].map(([name]) => [`#${name}`, name])),
              },
              ExpressionAttributeValues: {
                ...unchanged.values,
                ':one': 1,
                ...Object.fromEntries([...set, ...absent].map(([name, value]) => [`:${name}`, value])),
              },
            }),
          );
        } else {
          await documents.send(
            new DeleteCommand({
              TableName: tableName,
              Key,
              ConditionExpression: unchanged.ConditionExpression,
              ExpressionAttributeNames: unchanged.names,
              ...(Object.keys(unchanged.values).length > 0 ? { ExpressionAttributeValues: unchanged.values } : {}),
            }),
          );
        }
        applied++;
      } catch (error) {
        ignoreConditionFailure(error as Error);
      }
    }
    return applied;
  },
});
