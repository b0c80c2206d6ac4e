import { accountKeyOf, statementAccountKey, statementListCopies, type ListCopyKey } from '../../../contract/keys';
import { STATEMENT_STATUS, type Statement } from '../../../contract/entities';
import { releaseHeld } from './holds';
import type { BalancesChange, RecordStore, StatementChange } from './port';
import { ENTERED_BALANCE_FIELDS } from '../../../contract/statement-balances';
import type { StatementBalances } from '../../../contract/reading/balances';
import { READING_EDITION, readingEditionOf } from '../../../contract/reading/edition';
import {
  accountSummaryUpdate,
  coverageSummaryUpdate,
  nameAccountByOldest,
  periodSummaryUpdate,
  quotaUpdate,
  removeEmptySummaries,
  summaryUpdates,
} from './summaries';
import {
  INDEXED,
  LISTED,
  ORDERED,
  cancellationCodes,
  conditionFailed,
  deletedItemKey,
  pk,
  quotaKey,
  sk,
  statementItemKey,
  stripKeys,
  uploadKey,
  ignoreConditionFailure,
  ownerStillOpen,
  type TableAccess,
  type TransactItem,
} from './table';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountNamed } from './account-names';

/**
 * Statements: the record in the owner's partition, its copies in the list partitions
 * (ordered, and by id as earlier releases read them), and its share of the summaries,
 * written in one transaction.
 */
export const copyKey = (copy: ListCopyKey) => ({ [pk]: copy.partition, [sk]: copy.sort });

/** Every copy of the statement: ordered and by id. */
export const allCopies = (statement: Statement): ListCopyKey[] => {
  const { ordered, byId } = statementListCopies(statement);
  return [...ordered, ...byId];
};

const putCopies = (tableName: string, statement: Statement, copies: ListCopyKey[]): TransactItem[] =>
  copies.map((copy) => ({ Put: { TableName: tableName, Item: { ...statement, ...copyKey(copy) } } }));

export const listCopies = (tableName: string, statement: Statement): TransactItem[] =>
  putCopies(tableName, statement, allCopies(statement));

const sameCopy = (a: ListCopyKey) => (b: ListCopyKey) => a.partition === b.partition && a.sort === b.sort;

/** The record's attribute of what its file says of its days and money (the GraphQL Statement's field of that name). */
const BALANCES = 'balances' satisfies keyof Statement;

/** The write of a statement's balances on one of its items (the record, or a copy), under a condition. */
const balancesSetter =
  (tableName: string, balances: NonNullable<Statement['balances']>) =>
  (Key: Record<string, unknown>, ConditionExpression: string, names = {}, values = {}): TransactItem => ({
    Update: {
      TableName: tableName,
      Key,
      UpdateExpression: 'SET #balances = :balances',
      ConditionExpression,
      ExpressionAttributeNames: { '#balances': BALANCES, ...names },
      ExpressionAttributeValues: { ':balances': balances, ...values },
    },
  });

/**
 * A statement's balances with what the person entered: each value given is theirs, null
 * clears one (it is then neither read nor entered), one left out stays as it was.
 */
export const enteredBalances = (had: Statement['balances'], change: BalancesChange): NonNullable<Statement['balances']> => {
  const next: Record<string, unknown> = { ...(had ?? { unread: [] }) };
  const entered = new Set(had?.entered ?? []);
  for (const field of ENTERED_BALANCE_FIELDS) {
    const value = change[field];
    if (value === undefined) continue;
    if (value === null) {
      delete next[field];
      entered.delete(field);
    } else {
      next[field] = value;
      entered.add(field);
    }
  }
  // The file's own arithmetic is of the balances it prints: once the person gives another opening or closing (or
  // clears one), "read and checked" would speak of figures no longer shown, so it is no longer said.
  const moneyChanged = (['opening', 'closing'] as const).some((field) => change[field] !== undefined && change[field] !== had?.[field]);
  if (moneyChanged) delete next.arithmetic;
  return { ...(next as NonNullable<Statement['balances']>), entered: ENTERED_BALANCE_FIELDS.filter((field) => entered.has(field)) };
};

/** A statement's balances as its record keeps them: with the reading's edition that read them (contract/reading/edition). */
type KeptBalances = NonNullable<Statement['balances']> & { readWith?: number };

/**
 * What a later edition read of a statement's days and money, over what an earlier one
 * read: every value is the file's as read now, but each its owner entered, which stays
 * theirs. The file's own arithmetic is of the figures it prints, so where the owner's
 * opening or closing stands in place of the one read, it is not said (as when they enter one).
 */
export const rereadBalances = (had: NonNullable<Statement['balances']>, read: StatementBalances): KeptBalances => {
  const entered = new Set(had.entered);
  const next: Record<string, unknown> = { ...read, entered: had.entered, readWith: READING_EDITION };
  for (const field of ENTERED_BALANCE_FIELDS) {
    if (!entered.has(field)) continue;
    if (had[field] == null) delete next[field];
    else next[field] = had[field];
  }
  if ((['opening', 'closing'] as const).some((field) => entered.has(field) && had[field] !== read[field])) delete next.arithmetic;
  return next as KeptBalances;
};

/** What an item's copies and keys follow: a write conditioned on them acts only on the record as read. */
const FILED = ['fileName', 'accountLabel', 'period', 'status'] as const;

/**
 * The condition "the record still holds these fields as read", its names and values
 * (`:was_…`): its filing and verdict, and its balances (which every copy written from it
 * carries, so a reading or an entry in between is never written over by a stale copy).
 */
export const asRead = (statement: Statement) => ({
  conditions: [
    ...FILED.map((field) => `#${field} = :was_${field}`),
    statement.balances ? `#${BALANCES} = :was_${BALANCES}` : `attribute_not_exists(#${BALANCES})`,
  ],
  names: { ...Object.fromEntries(FILED.map((field) => [`#${field}`, field])), [`#${BALANCES}`]: BALANCES },
  values: {
    ...Object.fromEntries(FILED.map((field) => [`:was_${field}`, statement[field]])),
    ...(statement.balances ? { [`:was_${BALANCES}`]: statement.balances } : {}),
  },
});

/** How often an edit reads and writes again when the statement changed in between. */
const EDIT_ATTEMPTS = 4;

/**
 * The items of one edit: the record, changed only if it still is what was read (its
 * fields, its verdict, whether it is listed); for a listed statement also its list copies
 * (removed from the partitions it leaves, written again in the ones it is in) and its
 * account, coverage and period summaries (one out, one in, for what changed).
 */
/** What an edit writes on the record: the person's change, the account it names, and when it was filed elsewhere. */
type RecordChange = StatementChange & Pick<Statement, 'filedAt' | 'accountKey'>;

const editItems = (tableName: string, listed: boolean, before: Statement, after: Statement, change: RecordChange): TransactItem[] => {
  const fields = Object.keys(change) as (keyof RecordChange)[];
  const read = asRead(before);
  const record: TransactItem = {
    Update: {
      TableName: tableName,
      Key: statementItemKey(before.owner, before.id),
      // Its search postings name what it was filed as: the mark goes until they are written again.
      UpdateExpression: `SET ${[...fields.map((field) => `#${field} = :${field}`), ...(listed ? ['#ordered = :true'] : [])].join(', ')} REMOVE #indexed`,
      ConditionExpression: [...read.conditions, listed ? '#listed = :true' : 'attribute_not_exists(#listed)'].join(' AND '),
      ExpressionAttributeNames: {
        ...read.names,
        ...Object.fromEntries(fields.map((field) => [`#${field}`, field])),
        '#listed': LISTED,
        '#indexed': INDEXED,
        ...(listed ? { '#ordered': ORDERED } : {}),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(fields.map((field) => [`:${field}`, after[field]])),
        ...read.values,
        ...(listed ? { ':true': true } : {}),
      },
    },
  };
  if (!listed) return [record];
  // Every edit moves the ordered copies (their key holds the name, account and period).
  const staying = allCopies(after);
  const leaving = allCopies(before).filter((copy) => !staying.some(sameCopy(copy)));
  const movedAccount = statementAccountKey(before) !== statementAccountKey(after);
  const movedPeriod = before.period !== after.period;
  return [
    record,
    ...leaving.map((copy) => ({ Delete: { TableName: tableName, Key: copyKey(copy) } })),
    ...putCopies(tableName, after, staying),
    ...(movedAccount ? [accountSummaryUpdate(tableName, before, -1), accountSummaryUpdate(tableName, after, 1)] : []),
    ...(movedPeriod ? [periodSummaryUpdate(tableName, before, -1), periodSummaryUpdate(tableName, after, 1)] : []),
    ...(movedAccount || movedPeriod ? [coverageSummaryUpdate(tableName, before, -1), coverageSummaryUpdate(tableName, after, 1)] : []),
  ];
};

/** The statements' part of the record store. */
export const statementRecords = (
  access: TableAccess,
): Pick<
  RecordStore,
  | 'getStatement'
  | 'putStatement'
  | 'listStatement'
  | 'orderStatement'
  | 'orderOwner'
  | 'keyStatement'
  | 'keyDeleted'
  | 'readBalances'
  | 'claimReading'
  | 'rereadBalancesOf'
  | 'enterBalances'
  | 'editStatement'
  | 'deleteStatement'
  | 'setStatementStatus'
> => {
  const { tableName, transact, get } = access;

  /**
   * Writes a statement's balances, as `next` makes them from what it has (undefined: nothing
   * to write), on its record and on each list copy it has (as its record says it is listed
   * and ordered), in one transaction, only on the record as read: what changed in between
   * is read again. The statement written, undefined when there is none or nothing to write.
   */
  const writeBalances = async (
    owner: string,
    statementId: string,
    next: (had: KeptBalances | undefined) => KeptBalances | undefined,
  ): Promise<Statement | undefined> => {
    for (let attempt = 1; attempt <= EDIT_ATTEMPTS; attempt++) {
      const item = await get(statementItemKey(owner, statementId));
      if (!item) return undefined;
      const before = stripKeys(item);
      const had = before.balances;
      const balances = next(had);
      if (!balances) return undefined;
      const [listed, ordered] = [item[LISTED] === true, item[ORDERED] === true];
      const { ordered: orderedCopies, byId } = statementListCopies(before);
      const copies = listed ? [...(ordered ? orderedCopies : []), ...byId] : [];
      const read = asRead(before);
      const set = balancesSetter(tableName, balances);
      try {
        await transact([
          set(
            statementItemKey(owner, statementId),
            [
              listed ? '#listed = :true' : 'attribute_not_exists(#listed)',
              ordered ? '#ordered = :true' : 'attribute_not_exists(#ordered)',
              // Its balances as read among them.
              ...read.conditions,
            ].join(' AND '),
            { '#listed': LISTED, '#ordered': ORDERED, ...read.names },
            { ...(listed || ordered ? { ':true': true } : {}), ...read.values },
          ),
          ...copies.map((copy) => set(copyKey(copy), 'attribute_exists(#pk)', { '#pk': pk })),
        ]);
        return { ...before, balances };
      } catch (error) {
        // Changed since the read (an edit, a listing, a reading): read it again.
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) continue;
        throw error;
      }
    }
    throw Object.assign(new Error('The statement kept changing while its balances were written; try again.'), { name: 'EditConflict' });
  };

  /**
   * Adds a statement (new, or listed from an earlier release): `first` is the item that
   * makes it happen once. One that does not name its account's key is filed under the
   * account its label names (a rename's name, or the account first given it), and only
   * while the name still files there.
   */
  const addStatement = async (filed: Statement, first: (statement: Statement) => TransactItem): Promise<boolean> => {
    const { owner, id, size } = filed;
    // Tries again when an upload's held place is released by the sweep, or the name is
    // given to another account, between the reads and the write.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const named = filed.accountKey === undefined ? await accountNamed(access, owner, filed.accountLabel) : undefined;
      const statement: Statement = named ? { ...filed, accountKey: named.accountKey } : filed;
      const held = await get(uploadKey(owner, id));
      const quota: TransactItem[] = held
        ? [
            // The upload's place becomes the statement's.
            ...releaseHeld(tableName, held, owner, id),
            quotaUpdate(tableName, owner, { statements: 1, bytes: size, slotBytes: size - Number(held.size ?? 0) }),
          ]
        : [quotaUpdate(tableName, owner, { statements: 1, bytes: size, slots: 1, slotBytes: size })];
      // Never a second record beside one in Recently deleted (an upload's event arriving late).
      const notDeleted: TransactItem = {
        ConditionCheck: {
          TableName: tableName,
          Key: deletedItemKey(owner, id),
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': pk },
        },
      };
      const items = [
        first(statement),
        ...listCopies(tableName, statement),
        ...summaryUpdates(tableName, statement, 1),
        ...quota,
        ...(named ? [named.stillNamed] : []),
        notDeleted,
        ownerStillOpen(tableName, owner),
      ];
      try {
        await transact(items);
      } catch (error) {
        // Recorded already, in Recently deleted, or its account is being closed: nothing to add.
        if (conditionFailed(error, 0) || conditionFailed(error, items.length - 2) || conditionFailed(error, items.length - 1)) return false;
        // The item that checks the held place: after the record, its list copies and its summaries.
        const heldAt = 1 + allCopies(statement).length + summaryUpdates(tableName, statement, 1).length;
        if (held && conditionFailed(error, heldAt)) continue;
        if (named && conditionFailed(error, items.length - 3)) continue;
        throw error;
      }
      await nameAccountByOldest(access, statement);
      return true;
    }
    return false;
  };

  return {
    async getStatement(owner, statementId) {
      const item = await get(statementItemKey(owner, statementId));
      return item ? stripKeys(item) : undefined;
    },
    async putStatement(filed) {
      return addStatement(filed, (statement) => ({
        Put: {
          TableName: tableName,
          Item: { ...statement, ...statementItemKey(statement.owner, statement.id), [LISTED]: true, [ORDERED]: true },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': pk },
        },
      }));
    },
    async listStatement(read) {
      // Its copies and the record name the key of the account it was filed under (its label's).
      const statement: Statement = { ...read, accountKey: statementAccountKey(read) };
      return addStatement(statement, () => ({
        Update: {
          TableName: tableName,
          Key: statementItemKey(statement.owner, statement.id),
          UpdateExpression: 'SET #listed = :true, #ordered = :true, #accountKey = if_not_exists(#accountKey, :accountKey)',
          // Its balances as read too: its copies are written from this read.
          ConditionExpression: `attribute_exists(#pk) AND attribute_not_exists(#listed) AND ${
            statement.balances ? '#balances = :balances' : 'attribute_not_exists(#balances)'
          }`,
          ExpressionAttributeNames: {
            '#pk': pk,
            '#listed': LISTED,
            '#ordered': ORDERED,
            '#accountKey': 'accountKey',
            '#balances': BALANCES,
          },
          ExpressionAttributeValues: {
            ':true': true,
            ':accountKey': statement.accountKey,
            ...(statement.balances ? { ':balances': statement.balances } : {}),
          },
        },
      }));
    },
    async orderStatement(statement) {
      const read = asRead(statement);
      try {
        await transact([
          {
            // Only the record as read: an edit, delete or verdict in between writes the copies itself.
            Update: {
              TableName: tableName,
              Key: statementItemKey(statement.owner, statement.id),
              UpdateExpression: 'SET #ordered = :true',
              ConditionExpression: ['#listed = :true', 'attribute_not_exists(#ordered)', ...read.conditions].join(' AND '),
              ExpressionAttributeNames: { '#listed': LISTED, '#ordered': ORDERED, ...read.names },
              ExpressionAttributeValues: { ':true': true, ...read.values },
            },
          },
          ...putCopies(tableName, statement, statementListCopies(statement).ordered),
        ]);
        return true;
      } catch (error) {
        if (conditionFailed(error, 0)) return false;
        throw error;
      }
    },
    async orderOwner(owner) {
      try {
        await access.documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: quotaKey(owner),
            UpdateExpression: 'SET #ordered = :true',
            ConditionExpression: 'attribute_exists(#pk)',
            ExpressionAttributeNames: { '#pk': pk, '#ordered': ORDERED },
            ExpressionAttributeValues: { ':true': true },
          }),
        );
      } catch (error) {
        // No QUOTA item: the owner has no statement, and the lists read in order already.
        ignoreConditionFailure(error as Error);
      }
    },
    async keyStatement(statement) {
      const read = asRead(statement);
      const accountKey = accountKeyOf(statement.accountLabel);
      const copies = allCopies(statement);
      const keyed = (Key: Record<string, unknown>, ConditionExpression: string, names = {}, values = {}): TransactItem => ({
        Update: {
          TableName: tableName,
          Key,
          UpdateExpression: 'SET #accountKey = :accountKey',
          ConditionExpression,
          ExpressionAttributeNames: { '#accountKey': 'accountKey', ...names },
          ExpressionAttributeValues: { ':accountKey': accountKey, ...values },
        },
      });
      try {
        await transact([
          // The record as read, listed with both kinds of copies: anything else (an edit, a
          // delete, a verdict, the sweep's own listing) writes the copies and the key itself.
          keyed(
            statementItemKey(statement.owner, statement.id),
            ['#listed = :true', '#ordered = :true', 'attribute_not_exists(#accountKey)', ...read.conditions].join(' AND '),
            { '#listed': LISTED, '#ordered': ORDERED, ...read.names },
            { ':true': true, ...read.values },
          ),
          ...copies.map((copy) => keyed(copyKey(copy), 'attribute_exists(#pk)', { '#pk': pk })),
        ]);
        return true;
      } catch (error) {
        // Changed since the read (a copy moved or went with it): the next run reads it again.
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
        throw error;
      }
    },
    async keyDeleted(statement) {
      try {
        await access.documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: deletedItemKey(statement.owner, statement.id),
            UpdateExpression: 'SET #accountKey = :accountKey',
            ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#accountKey) AND accountLabel = :label',
            ExpressionAttributeNames: { '#pk': pk, '#accountKey': 'accountKey' },
            ExpressionAttributeValues: { ':accountKey': accountKeyOf(statement.accountLabel), ':label': statement.accountLabel },
          }),
        );
        return true;
      } catch (error) {
        ignoreConditionFailure(error as Error);
        return false;
      }
    },
    async readBalances(statement, balances) {
      // Read once: a record that has them (read before, or entered by its owner) keeps its own.
      return (
        (await writeBalances(statement.owner, statement.id, (had) =>
          had ? undefined : { ...balances, entered: [], readWith: READING_EDITION },
        )) !== undefined
      );
    },
    async claimReading(statement) {
      return (
        (await writeBalances(statement.owner, statement.id, (had) =>
          had && readingEditionOf(had) < READING_EDITION ? { ...had, readWith: READING_EDITION } : undefined,
        )) !== undefined
      );
    },
    async rereadBalancesOf(statement, balances) {
      // Only over a reading this edition claimed: one an owner's edit or another reading wrote since stays.
      return (
        (await writeBalances(statement.owner, statement.id, (had) =>
          had && readingEditionOf(had) === READING_EDITION ? rereadBalances(had, balances) : undefined,
        )) !== undefined
      );
    },
    async enterBalances(owner, statementId, change) {
      return writeBalances(owner, statementId, (had) => enteredBalances(had, change));
    },
    async editStatement(owner, statementId, change) {
      // Tried again while something else changes the statement between the read and the write.
      for (let attempt = 1; attempt <= EDIT_ATTEMPTS; attempt++) {
        const item = await get(statementItemKey(owner, statementId));
        if (!item) return undefined;
        const before = stripKeys(item);
        // An account given by its label is the account that label files under (a rename's name, or its first).
        const account = change.accountLabel === undefined ? undefined : await accountNamed(access, owner, change.accountLabel);
        const named: RecordChange = account ? { ...change, accountKey: account.accountKey } : change;
        const moved = { ...before, ...named };
        if (moved.fileName === before.fileName && moved.accountLabel === before.accountLabel && moved.period === before.period)
          return before;
        // Filed elsewhere (a rename is not): it leaves every share that named it where it was.
        const refiled = statementAccountKey(moved) !== statementAccountKey(before) || moved.period !== before.period;
        const written: RecordChange = refiled ? { ...named, filedAt: new Date().toISOString() } : named;
        const after: Statement = { ...before, ...written };
        const items = [...editItems(tableName, item[LISTED] === true, before, after, written), ...(account ? [account.stillNamed] : [])];
        try {
          await transact(items);
        } catch (error) {
          // Changed since the read, or the name was given to another account since: read both again.
          if (conditionFailed(error, 0) || (account && conditionFailed(error, items.length - 1))) continue;
          throw error;
        }
        if (item[LISTED] === true) {
          await removeEmptySummaries(access, before);
          await nameAccountByOldest(access, after);
        }
        return after;
      }
      throw Object.assign(new Error('The statement kept changing while it was edited; try again.'), { name: 'EditConflict' });
    },
    async deleteStatement(owner, statementId) {
      // Read again when the sweep lists an earlier release's record, or an edit moves its
      // copies, between the read and the write.
      let statement: Statement | undefined;
      for (let attempt = 1; attempt <= EDIT_ATTEMPTS && !statement; attempt++) {
        const item = await get(statementItemKey(owner, statementId));
        if (!item) return false;
        const listed = item[LISTED] === true;
        const read = stripKeys(item);
        const asWas = asRead(read);
        try {
          await transact([
            {
              // Exactly the record read: a concurrent delete, listing or edit (a rename moves
              // its ordered copies too: their keys hold its name) makes this one read again.
              Delete: {
                TableName: tableName,
                Key: statementItemKey(owner, statementId),
                ...(listed
                  ? {
                      ConditionExpression: ['#listed = :true', ...asWas.conditions].join(' AND '),
                      ExpressionAttributeNames: { '#listed': LISTED, ...asWas.names },
                      ExpressionAttributeValues: { ':true': true, ...asWas.values },
                    }
                  : {
                      ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#listed)',
                      ExpressionAttributeNames: { '#pk': pk, '#listed': LISTED },
                    }),
              },
            },
            ...(listed
              ? [
                  // Both kinds, whether or not the sweep gave it ordered copies yet.
                  ...allCopies(read).map((copy) => ({ Delete: { TableName: tableName, Key: copyKey(copy) } })),
                  ...summaryUpdates(tableName, read, -1),
                  quotaUpdate(tableName, owner, { statements: -1, bytes: -read.size, slots: -1, slotBytes: -read.size }),
                ]
              : []),
          ]);
          statement = read;
        } catch (error) {
          if (!conditionFailed(error)) throw error;
        }
      }
      if (!statement) return false;
      await removeEmptySummaries(access, statement);
      return true;
    },
    async setStatementStatus(owner, statementId, status, detail) {
      // Read again when an edit moved the statement's copies between the read and the write.
      for (let attempt = 1; attempt <= EDIT_ATTEMPTS; attempt++) {
        const item = await get(statementItemKey(owner, statementId));
        if (!item) {
          // Deleted while it was scanned: the verdict is kept for a restore, and nothing else follows.
          await access.documents
            .send(
              new UpdateCommand({
                TableName: tableName,
                Key: deletedItemKey(owner, statementId),
                UpdateExpression: detail ? 'SET #status = :status, scanDetail = :detail' : 'SET #status = :status REMOVE scanDetail',
                ConditionExpression: 'attribute_exists(#pk)',
                ExpressionAttributeNames: { '#pk': pk, '#status': 'status' },
                ExpressionAttributeValues: { ':status': status, ...(detail ? { ':detail': detail } : {}) },
              }),
            )
            .catch(ignoreConditionFailure);
          return false;
        }
        const statement = stripKeys(item);
        const { ordered, byId } = statementListCopies(statement);
        const copies = item[LISTED] === true ? [...(item[ORDERED] === true ? ordered : []), ...byId] : [];
        const keys = [statementItemKey(owner, statementId), ...copies.map(copyKey)];
        // Available again after another verdict: filed anew, so no share it left takes it back.
        const refiled = status === STATEMENT_STATUS.available && statement.status !== STATEMENT_STATUS.available;
        const sets = ['#status = :status', ...(detail ? ['scanDetail = :detail'] : []), ...(refiled ? ['filedAt = :filedAt'] : [])];
        try {
          await transact(
            keys.map((Key, index) => ({
              Update: {
                TableName: tableName,
                Key,
                UpdateExpression: `SET ${sets.join(', ')}${detail ? '' : ' REMOVE scanDetail'}`,
                // Only what exists (a delete racing the verdict wins), and the record as read.
                ConditionExpression:
                  index === 0
                    ? 'attribute_exists(#pk) AND accountLabel = :account AND period = :period AND #status = :was'
                    : 'attribute_exists(#pk)',
                ExpressionAttributeNames: { '#pk': pk, '#status': 'status' },
                ExpressionAttributeValues: {
                  ':status': status,
                  ...(detail ? { ':detail': detail } : {}),
                  ...(refiled ? { ':filedAt': new Date().toISOString() } : {}),
                  ...(index === 0 ? { ':account': statement.accountLabel, ':period': statement.period, ':was': statement.status } : {}),
                },
              },
            })),
          );
          return true;
        } catch (error) {
          if (!cancellationCodes(error).includes('ConditionalCheckFailed')) throw error;
        }
      }
      return false;
    },
  };
};
