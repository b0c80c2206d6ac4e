import { TABLE_KEYS, accountKeyOf } from '../../../contract/keys';
import type { AccountSummary } from '../../../contract/graphql-schema.generated';
import type { RecordStore } from './port';
import { VERSION, cancellationCodes, pk, sk, type TableAccess, type TransactItem } from './table';

/**
 * Accounts by name. An account's key is the name it was first given (accountKeyOf); a
 * rename changes its name, never its key, and leaves a `NAME#` item so that files and
 * moves filed under the new name go to it. So a rename is one transaction, whatever the
 * account holds, and the account keeps its statements, details, schedule and shares.
 */
const nameItemKey = (owner: string, nameKey: string) => ({
  [pk]: TABLE_KEYS.userPartition(owner),
  [sk]: TABLE_KEYS.accountNameSort(nameKey),
});

const accountItemKey = (owner: string, accountKey: string) => ({
  [pk]: TABLE_KEYS.userPartition(owner),
  [sk]: TABLE_KEYS.accountSort(accountKey),
});

/** The account a name files under, and the item that holds a transaction to it: the name still files there when it commits. */
export interface NamedAccount {
  accountKey: string;
  stillNamed: TransactItem;
}

/** Reads which account a name files under: the account a rename gave it, else the one it is the first name of. */
export const accountNamed = async ({ get, tableName }: TableAccess, owner: string, label: string): Promise<NamedAccount> => {
  const nameKey = accountKeyOf(label);
  const Key = nameItemKey(owner, nameKey);
  const claim = await get(Key);
  const accountKey = typeof claim?.accountKey === 'string' ? claim.accountKey : nameKey;
  return {
    accountKey,
    stillNamed: {
      ConditionCheck: claim
        ? {
            TableName: tableName,
            Key,
            ConditionExpression: 'accountKey = :accountKey',
            ExpressionAttributeValues: { ':accountKey': accountKey },
          }
        : { TableName: tableName, Key, ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': pk } },
    },
  };
};

/** An account summary as the API answers it: its fields, sets as lists, without the table's keys and bookkeeping. */
const accountSummaryOf = (item: Record<string, unknown>): AccountSummary => {
  const { [pk]: _pk, [sk]: _sk, [VERSION]: _version, labelFrom: _from, labelSaid: _said, ...fields } = item;
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, value instanceof Set ? [...(value as Set<string>)].sort() : value]),
  ) as unknown as AccountSummary;
};

/** How often a rename reads again when the account's name changed between its read and its write. */
const RENAME_ATTEMPTS = 3;

/** The rename part of the record store. */
export const accountNameRecords = (access: TableAccess): Pick<RecordStore, 'renameAccount'> => ({
  async renameAccount(owner, accountKey, label) {
    const { get, transact, tableName } = access;
    const name = label.normalize('NFC').trim();
    const nameKey = accountKeyOf(name);
    for (let attempt = 1; attempt <= RENAME_ATTEMPTS; attempt++) {
      const account = await get(accountItemKey(owner, accountKey));
      if (!account) return 'gone';
      const was = String(account.label ?? '');
      const wasKey = accountKeyOf(was);
      const items: TransactItem[] = [];
      if (nameKey !== accountKey) {
        // No other account goes by the name: none was first given it, none holds it by a
        // rename. A name held by an account that has since gone (its last statement
        // deleted) is free, and taken over only while that account is still gone.
        if (await get(accountItemKey(owner, nameKey))) return 'taken';
        const claim = await get(nameItemKey(owner, nameKey));
        const holder = typeof claim?.accountKey === 'string' ? claim.accountKey : undefined;
        const gone = holder !== undefined && holder !== accountKey && !(await get(accountItemKey(owner, holder)));
        if (holder !== undefined && holder !== accountKey && !gone) return 'taken';
        items.push(
          {
            ConditionCheck: {
              TableName: tableName,
              Key: accountItemKey(owner, nameKey),
              ConditionExpression: 'attribute_not_exists(#pk)',
              ExpressionAttributeNames: { '#pk': pk },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...nameItemKey(owner, nameKey), accountKey },
              ConditionExpression: gone ? 'accountKey = :holder' : 'attribute_not_exists(#pk) OR accountKey = :accountKey',
              ...(gone ? {} : { ExpressionAttributeNames: { '#pk': pk } }),
              ExpressionAttributeValues: gone ? { ':holder': holder } : { ':accountKey': accountKey },
            },
          },
          ...(gone
            ? [
                {
                  ConditionCheck: {
                    TableName: tableName,
                    Key: accountItemKey(owner, holder),
                    ConditionExpression: 'attribute_not_exists(#pk)',
                    ExpressionAttributeNames: { '#pk': pk },
                  },
                },
              ]
            : []),
        );
      }
      // The name it leaves files under it no more (its first name always does: that is its key).
      if (wasKey !== accountKey && wasKey !== nameKey)
        items.push({
          Delete: {
            TableName: tableName,
            Key: nameItemKey(owner, wasKey),
            ConditionExpression: 'attribute_not_exists(#pk) OR accountKey = :accountKey',
            ExpressionAttributeNames: { '#pk': pk },
            ExpressionAttributeValues: { ':accountKey': accountKey },
          },
        });
      items.push({
        Update: {
          TableName: tableName,
          Key: accountItemKey(owner, accountKey),
          // The person's name: no older statement filed later names it back (nameAccountByOldest).
          UpdateExpression: 'SET #label = :label, labelSaid = :true',
          ConditionExpression: 'attribute_exists(#pk) AND #label = :was',
          ExpressionAttributeNames: { '#pk': pk, '#label': 'label' },
          ExpressionAttributeValues: { ':label': name, ':was': was, ':true': true },
        },
      });
      try {
        await transact(items);
      } catch (error) {
        // Renamed, emptied, or the name given to another in between: read again.
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) continue;
        throw error;
      }
      const renamed = await get(accountItemKey(owner, accountKey));
      // Emptied and gone right after: it was renamed, and there is nothing left to show.
      return renamed ? { account: accountSummaryOf(renamed) } : 'gone';
    }
    throw Object.assign(new Error('The account kept changing while it was renamed; try again.'), { name: 'EditConflict' });
  },
});
