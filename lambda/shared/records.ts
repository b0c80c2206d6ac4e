import { TransactionCanceledException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  STATEMENT_QUOTA,
  TABLE_KEYS,
  accountKeyOf,
  statementListPartitions,
  type Statement,
  type StatementStatus,
  type UploadRefusal,
} from '../../contract';

/** The DynamoDB calls the handlers make, as a port so the core can be tested without a network. */
export interface RecordStore {
  getStatement(owner: string, statementId: string): Promise<Statement | undefined>;
  /**
   * Records a statement, with its list copies and its share of the owner's account,
   * period and quota summaries, in one transaction (taking over its upload's reserved
   * place); `false` if it was recorded already (a repeated event): nothing changes then.
   */
  putStatement(statement: Statement): Promise<boolean>;
  /** Removes a statement, its list copies and its share of the summaries, at most once; `false` if there was none. */
  deleteStatement(owner: string, statementId: string): Promise<boolean>;
  /**
   * Holds a place under the owner's quota for an upload about to be signed; refused, with
   * the usage, when the statement or its bytes would not fit. Atomic: of uploads racing
   * for the last place, one gets it.
   */
  reserveUpload(owner: string, statementId: string, size: number, expiresAt: string): Promise<Reservation>;
  /** Gives an upload's place back (aborted, or expired without its file); `false` if none was held. */
  releaseUpload(owner: string, statementId: string): Promise<boolean>;
  /** The owner's quota usage as kept (statements, bytes, places taken): one read. */
  usage(owner: string): Promise<QuotaUsage>;
  /** Whether an upload still holds its place (a multipart upload completes only then). */
  holdsPlace(owner: string, statementId: string): Promise<boolean>;
  /** Places held past `now`, oldest first, across every owner. */
  expiredUploads(now: string): Promise<{ owner: string; statementId: string }[]>;
  /**
   * Sets a statement's status after its malware scan, on the record and its list copies;
   * `false` if there is no such record (the catalogue reads the verdict when it writes one).
   */
  setStatementStatus(owner: string, statementId: string, status: StatementStatus, detail?: string): Promise<boolean>;
  /**
   * Records why an upload that arrived was refused, for its owner to read, and gives its
   * place under the quota back. Repeatable: a retried event writes the same refusal.
   */
  refuseUpload(refusal: UploadRefusal): Promise<void>;
  /** Points the owner's profile at a new avatar (or at none), creating the profile if needed. */
  setAvatar(owner: string, avatarKey: string | undefined, at: string): Promise<void>;
  /** The avatar key the owner's profile names, if any. */
  getAvatarKey(owner: string): Promise<string | undefined>;
  /** What the table holds for one owner: statements (ascending), held uploads, summaries, avatar key (the sweep). */
  ownerRecords(owner: string): Promise<OwnerRecords>;
  /** Gives a record of an earlier release its list copies and its share of the summaries (once). */
  listStatement(statement: Statement): Promise<boolean>;
  /** Sets summaries to what the records say, each only if it still holds what was read (else the next sweep retries). */
  correctSummaries(owner: string, corrections: SummaryCorrection[]): Promise<number>;
}

export interface Totals {
  count: number;
  bytes: number;
}

/** The quota's item: what is kept, and the places taken (kept plus uploads under way). */
export interface QuotaUsage {
  statements: number;
  bytes: number;
  slots: number;
  slotBytes: number;
}

export type Reservation = { ok: true } | { ok: false; usage: QuotaUsage };

/** An upload holding a place under the quota. */
export interface HeldUpload {
  statementId: string;
  size: number;
  expiresAt: string;
}

/** How many writes a summary item has had (absent: none since it was created). */
export interface Versioned {
  version?: number;
}

/** One owner's summaries as stored: by account key, by period, and the quota's usage. */
export interface Summaries {
  accounts: Map<string, Totals & Versioned & { label: string }>;
  periods: Map<string, Totals & Versioned>;
  /** Absent until the owner's first statement or upload. */
  quota?: QuotaUsage & Versioned;
}

export interface OwnerRecords {
  statementIds: string[];
  /** Every statement record, and whether it is listed (copied and counted). */
  statements: (Statement & { listed: boolean })[];
  uploads: HeldUpload[];
  summaries: Summaries;
  avatarKey?: string;
}

/**
 * A summary item that differs from its records: whether it existed when read and its
 * version then, the numbers it should hold (none: remove it), and attributes to set
 * only where absent (an account's label). Attribute names as stored.
 */
export interface SummaryCorrection {
  sortKey: string;
  seen?: Versioned;
  expected?: Record<string, number>;
  setIfAbsent?: Record<string, string>;
}

const { partitionKey: pk, sortKey: sk } = TABLE_KEYS;
const LISTED = TABLE_KEYS.listedAttribute;

const profileKey = (owner: string) => ({ [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.profileSort });
const quotaKey = (owner: string) => ({ [pk]: TABLE_KEYS.userPartition(owner), [sk]: TABLE_KEYS.quotaSort });
const uploadKey = (owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.userPartition(owner),
  [sk]: TABLE_KEYS.uploadSort(statementId),
});
const holdKey = (held: Record<string, unknown>, owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.holdsPartition,
  [sk]: TABLE_KEYS.holdSort(String(held.expiresAt), owner, statementId),
});

/** Removes an upload's held place and its expiry entry; fails if the place is already gone. */
const releaseHeld = (tableName: string, held: Record<string, unknown>, owner: string, statementId: string): TransactItem[] => [
  {
    Delete: {
      TableName: tableName,
      Key: uploadKey(owner, statementId),
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: { '#pk': pk },
    },
  },
  { Delete: { TableName: tableName, Key: holdKey(held, owner, statementId) } },
];

const statementItemKey = (owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.userPartition(owner),
  [sk]: TABLE_KEYS.statementSort(statementId),
});

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

const displayLabel = (statement: Statement): string => statement.accountLabel.normalize('NFC').trim();

/**
 * Every write to a summary counts itself in `version`, so the sweep corrects a summary
 * only if nothing at all wrote it since the read (equal numbers are not proof: a
 * reservation and its abort leave them as they were).
 */
const VERSION = 'version';

/** What a change does to the quota item: ADDs to its numbers (and its version). */
const quotaUpdate = (tableName: string, owner: string, add: Partial<QuotaUsage>): TransactItem => {
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

/** The updates that add (+1) or take away (-1) one statement from its account and period summaries. */
const summaryUpdates = (tableName: string, statement: Statement, sign: 1 | -1): TransactItem[] => {
  const user = TABLE_KEYS.userPartition(statement.owner);
  const totals = { ':n': sign, ':b': sign * statement.size };
  const accountKey = accountKeyOf(statement.accountLabel);
  return [
    {
      Update: {
        TableName: tableName,
        Key: { [pk]: user, [sk]: TABLE_KEYS.accountSort(accountKey) },
        UpdateExpression:
          'ADD #count :n, #bytes :b, #v :one SET #label = if_not_exists(#label, :label), labelFrom = if_not_exists(labelFrom, :id), accountKey = :key',
        ExpressionAttributeNames: { '#count': 'count', '#bytes': 'bytes', '#label': 'label', '#v': VERSION },
        ExpressionAttributeValues: { ...totals, ':one': 1, ':label': displayLabel(statement), ':id': statement.id, ':key': accountKey },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: { [pk]: user, [sk]: TABLE_KEYS.periodSort(statement.period) },
        UpdateExpression: 'ADD #count :n, #bytes :b, #v :one SET period = :period',
        ExpressionAttributeNames: { '#count': 'count', '#bytes': 'bytes', '#v': VERSION },
        ExpressionAttributeValues: { ...totals, ':one': 1, ':period': statement.period },
      },
    },
  ];
};

const listCopies = (tableName: string, statement: Statement): TransactItem[] =>
  statementListPartitions(statement).map((partition) => ({
    Put: { TableName: tableName, Item: { ...statement, [pk]: partition, [sk]: TABLE_KEYS.statementSort(statement.id) } },
  }));

/** Concurrent transactions on one summary conflict; DynamoDB asks to try again. */
const CONFLICT_RETRIES = 6;

const cancellationCodes = (error: unknown): (string | undefined)[] =>
  error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []).map((reason) => reason.Code) : [];

/** Whether a transaction was refused because the condition of item `index` failed. */
const conditionFailed = (error: unknown, index = 0): boolean => cancellationCodes(error)[index] === 'ConditionalCheckFailed';

const ignoreConditionFailure = (error: Error) => {
  if (error.name !== 'ConditionalCheckFailedException') throw error;
};

const stripKeys = (item: Record<string, unknown>): Statement => {
  const { [pk]: _pk, [sk]: _sk, [LISTED]: _listed, ...statement } = item;
  return statement as unknown as Statement;
};

const quotaOf = (item: Record<string, unknown> | undefined): QuotaUsage => ({
  statements: Number(item?.statements ?? 0),
  bytes: Number(item?.bytes ?? 0),
  slots: Number(item?.slots ?? 0),
  slotBytes: Number(item?.slotBytes ?? 0),
});

const versionOf = (item: Record<string, unknown>): Versioned =>
  typeof item[VERSION] === 'number' ? { version: Number(item[VERSION]) } : {};

export const dynamoRecordStore = (tableName: string, client: DynamoDBClient): RecordStore => {
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });

  /** One transaction, tried again (with jitter) while it conflicts with another on the same summary. */
  const transact = async (items: TransactItem[]): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await documents.send(new TransactWriteCommand({ TransactItems: items }));
        return;
      } catch (error) {
        if (!cancellationCodes(error).includes('TransactionConflict') || attempt >= CONFLICT_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
      }
    }
  };

  /** Every item a Query matches, page after page, in sort-key order, read consistently. */
  async function* queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ConsistentRead' | 'ExclusiveStartKey'>) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documents.send(
        new QueryCommand({ ...input, TableName: tableName, ConsistentRead: true, ...(start ? { ExclusiveStartKey: start } : {}) }),
      );
      yield* page.Items ?? [];
      start = page.LastEvaluatedKey;
    } while (start);
  }

  const get = async (Key: Record<string, string>) =>
    (await documents.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }))).Item;

  /**
   * An account is shown with the spelling of its oldest statement, whatever order the
   * events arrive in: a statement older than the one that named it renames it.
   */
  const nameAccountByOldest = async (statement: Statement): Promise<void> => {
    await documents
      .send(
        new UpdateCommand({
          TableName: tableName,
          Key: { [pk]: TABLE_KEYS.userPartition(statement.owner), [sk]: TABLE_KEYS.accountSort(accountKeyOf(statement.accountLabel)) },
          UpdateExpression: 'SET #label = :label, labelFrom = :id',
          ConditionExpression: 'labelFrom > :id',
          ExpressionAttributeNames: { '#label': 'label' },
          ExpressionAttributeValues: { ':label': displayLabel(statement), ':id': statement.id },
        }),
      )
      .catch(ignoreConditionFailure);
  };

  /** Adds a statement (new, or listed from an earlier release): `first` is the item that makes it happen once. */
  const addStatement = async (statement: Statement, first: TransactItem): Promise<boolean> => {
    const { owner, id, size } = statement;
    // Two tries: an upload's held place may be released by the sweep between the read and the write.
    for (let attempt = 1; attempt <= 2; attempt++) {
      const held = await get(uploadKey(owner, id));
      const quota: TransactItem[] = held
        ? [
            // The upload's place becomes the statement's.
            ...releaseHeld(tableName, held, owner, id),
            quotaUpdate(tableName, owner, { statements: 1, bytes: size, slotBytes: size - Number(held.size ?? 0) }),
          ]
        : [quotaUpdate(tableName, owner, { statements: 1, bytes: size, slots: 1, slotBytes: size })];
      try {
        await transact([first, ...listCopies(tableName, statement), ...summaryUpdates(tableName, statement, 1), ...quota]);
      } catch (error) {
        if (conditionFailed(error, 0)) return false;
        // The item that checks the held place: after the record, its list copies and two summaries.
        const heldAt = 1 + statementListPartitions(statement).length + 2;
        if (held && conditionFailed(error, heldAt) && attempt === 1) continue;
        throw error;
      }
      await nameAccountByOldest(statement);
      return true;
    }
    return false;
  };

  const store: RecordStore = {
    async getStatement(owner, statementId) {
      const item = await get(statementItemKey(owner, statementId));
      return item ? stripKeys(item) : undefined;
    },
    async putStatement(statement) {
      return addStatement(statement, {
        Put: {
          TableName: tableName,
          Item: { ...statement, ...statementItemKey(statement.owner, statement.id), [LISTED]: true },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': pk },
        },
      });
    },
    async listStatement(statement) {
      return addStatement(statement, {
        Update: {
          TableName: tableName,
          Key: statementItemKey(statement.owner, statement.id),
          UpdateExpression: 'SET #listed = :true',
          ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#listed)',
          ExpressionAttributeNames: { '#pk': pk, '#listed': LISTED },
          ExpressionAttributeValues: { ':true': true },
        },
      });
    },
    async deleteStatement(owner, statementId) {
      // Two tries: the sweep may list an earlier release's record between the read and the write.
      let statement: Statement | undefined;
      for (let attempt = 1; attempt <= 2 && !statement; attempt++) {
        const item = await get(statementItemKey(owner, statementId));
        if (!item) return false;
        const listed = item[LISTED] === true;
        const read = stripKeys(item);
        try {
          await transact([
            {
              // Exactly the record read: a concurrent delete or listing makes this one step aside.
              Delete: {
                TableName: tableName,
                Key: statementItemKey(owner, statementId),
                ...(listed
                  ? {
                      ConditionExpression: '#listed = :true',
                      ExpressionAttributeNames: { '#listed': LISTED },
                      ExpressionAttributeValues: { ':true': true },
                    }
                  : {
                      ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#listed)',
                      ExpressionAttributeNames: { '#pk': pk, '#listed': LISTED },
                    }),
              },
            },
            ...(listed
              ? [
                  ...statementListPartitions(read).map((partition) => ({
                    Delete: { TableName: tableName, Key: { [pk]: partition, [sk]: TABLE_KEYS.statementSort(statementId) } },
                  })),
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
      // Summaries that reached zero go, so the account and period lists hold only what is in use.
      const user = TABLE_KEYS.userPartition(owner);
      for (const sortKey of [TABLE_KEYS.accountSort(accountKeyOf(statement.accountLabel)), TABLE_KEYS.periodSort(statement.period)]) {
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
      return true;
    },
    async reserveUpload(owner, statementId, size, expiresAt) {
      const fits = { maxSlots: STATEMENT_QUOTA.maxStatements - 1, maxSlotBytes: STATEMENT_QUOTA.maxBytes - size };
      if (fits.maxSlotBytes >= 0) {
        try {
          await transact([
            {
              Update: {
                TableName: tableName,
                Key: quotaKey(owner),
                UpdateExpression: 'ADD #slots :one, #slotBytes :size, #v :one',
                // No arithmetic in conditions: "one more fits" is "at most max - 1 taken now".
                ConditionExpression: 'attribute_not_exists(#slots) OR (#slots <= :maxSlots AND #slotBytes <= :maxSlotBytes)',
                ExpressionAttributeNames: { '#slots': 'slots', '#slotBytes': 'slotBytes', '#v': VERSION },
                ExpressionAttributeValues: { ':one': 1, ':size': size, ':maxSlots': fits.maxSlots, ':maxSlotBytes': fits.maxSlotBytes },
              },
            },
            {
              Put: {
                TableName: tableName,
                Item: { ...uploadKey(owner, statementId), statementId, size, expiresAt },
                ConditionExpression: 'attribute_not_exists(#pk)',
                ExpressionAttributeNames: { '#pk': pk },
              },
            },
            { Put: { TableName: tableName, Item: { ...holdKey({ expiresAt }, owner, statementId), owner, statementId } } },
          ]);
          return { ok: true };
        } catch (error) {
          if (!conditionFailed(error, 0)) throw error;
        }
      }
      return { ok: false, usage: quotaOf(await get(quotaKey(owner))) };
    },
    async releaseUpload(owner, statementId) {
      const held = await get(uploadKey(owner, statementId));
      if (!held) return false;
      const size = Number(held.size ?? 0);
      try {
        await transact([
          ...releaseHeld(tableName, held, owner, statementId),
          quotaUpdate(tableName, owner, { slots: -1, slotBytes: -size }),
        ]);
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },
    async setStatementStatus(owner, statementId, status, detail) {
      const item = await get(statementItemKey(owner, statementId));
      if (!item) return false;
      const statement = stripKeys(item);
      const partitions = item[LISTED] === true ? statementListPartitions(statement) : [];
      const keys = [
        statementItemKey(owner, statementId),
        ...partitions.map((partition) => ({ [pk]: partition, [sk]: TABLE_KEYS.statementSort(statementId) })),
      ];
      try {
        await transact(
          keys.map((Key) => ({
            Update: {
              TableName: tableName,
              Key,
              UpdateExpression: detail ? 'SET #status = :status, scanDetail = :detail' : 'SET #status = :status REMOVE scanDetail',
              // Only what exists: a delete racing the verdict wins.
              ConditionExpression: 'attribute_exists(#pk)',
              ExpressionAttributeNames: { '#pk': pk, '#status': 'status' },
              ExpressionAttributeValues: { ':status': status, ...(detail ? { ':detail': detail } : {}) },
            },
          })),
        );
        return true;
      } catch (error) {
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
        throw error;
      }
    },
    async refuseUpload(refusal) {
      await documents.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...refusal, [pk]: TABLE_KEYS.userPartition(refusal.owner), [sk]: TABLE_KEYS.refusalSort(refusal.id) },
        }),
      );
      if (refusal.id !== TABLE_KEYS.avatarRefusalId) await store.releaseUpload(refusal.owner, refusal.id);
    },
    async usage(owner) {
      return quotaOf(await get(quotaKey(owner)));
    },
    async holdsPlace(owner, statementId) {
      return (await get(uploadKey(owner, statementId))) !== undefined;
    },
    async expiredUploads(now) {
      const expired: { owner: string; statementId: string }[] = [];
      const items = queryAll({
        KeyConditionExpression: '#pk = :pk AND #sk < :now',
        ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.holdsPartition, ':now': now },
      });
      for await (const item of items) expired.push({ owner: String(item.owner), statementId: String(item.statementId) });
      return expired;
    },
    async correctSummaries(owner, corrections) {
      let applied = 0;
      for (const { sortKey, seen, expected, setIfAbsent } of corrections) {
        const Key = { [pk]: TABLE_KEYS.userPartition(owner), [sk]: sortKey };
        // Only if nothing wrote the item since the sweep read it: a concurrent upload or delete wins.
        const unchanged: { ConditionExpression: string; names: Record<string, string>; values: Record<string, number> } = !seen
          ? { ConditionExpression: 'attribute_not_exists(#pk)', names: { '#pk': pk }, values: {} }
          : seen.version === undefined
            ? { ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#v)', names: { '#pk': pk, '#v': VERSION }, values: {} }
            : { ConditionExpression: '#v = :seenVersion', names: { '#v': VERSION }, values: { ':seenVersion': seen.version } };
        try {
          if (expected) {
            const set = Object.entries(expected);
            const absent = Object.entries(setIfAbsent ?? {});
            await documents.send(
              new UpdateCommand({
                TableName: tableName,
                Key,
                UpdateExpression:
                  `SET ${[...set.map(([name]) => `#${name} = :${name}`), ...absent.map(([name]) => `#${name} = if_not_exists(#${name}, :${name})`)].join(', ')}` +
                  ' ADD #v :one',
                ConditionExpression: unchanged.ConditionExpression,
                ExpressionAttributeNames: {
                  ...unchanged.names,
                  '#v': VERSION,
                  ...Object.fromEntries([...set, ...absent].map(([name]) => [`#${name}`, name])),
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
    async setAvatar(owner, avatarKey, at) {
      await documents.send(
        new UpdateCommand({
          TableName: tableName,
          Key: profileKey(owner),
          UpdateExpression:
            avatarKey === undefined
              ? 'SET userId = :owner, updatedAt = :at REMOVE avatarKey'
              : 'SET userId = :owner, updatedAt = :at, avatarKey = :key',
          ExpressionAttributeValues: { ':owner': owner, ':at': at, ...(avatarKey === undefined ? {} : { ':key': avatarKey }) },
        }),
      );
    },
    async getAvatarKey(owner) {
      const { Item } = await documents.send(
        new GetCommand({ TableName: tableName, Key: profileKey(owner), ProjectionExpression: 'avatarKey', ConsistentRead: true }),
      );
      return typeof Item?.avatarKey === 'string' ? Item.avatarKey : undefined;
    },
    async ownerRecords(owner) {
      const records: OwnerRecords = {
        statementIds: [],
        statements: [],
        uploads: [],
        summaries: { accounts: new Map(), periods: new Map() },
      };
      // One partition, in sort-key order: the summaries, PROFILE and QUOTA, then STATEMENT#{ulid} and UPLOAD#{ulid}.
      const items = queryAll({
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': pk },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner) },
      });
      for await (const item of items) {
        const sortKey = String(item[sk]);
        const totals = { count: Number(item.count ?? 0), bytes: Number(item.bytes ?? 0) };
        if (sortKey === TABLE_KEYS.profileSort && typeof item.avatarKey === 'string') records.avatarKey = item.avatarKey;
        else if (sortKey === TABLE_KEYS.quotaSort) records.summaries.quota = { ...quotaOf(item), ...versionOf(item) };
        else if (sortKey.startsWith(TABLE_KEYS.accountSortPrefix)) {
          records.summaries.accounts.set(sortKey.slice(TABLE_KEYS.accountSortPrefix.length), {
            ...totals,
            ...versionOf(item),
            label: String(item.label ?? ''),
          });
        } else if (sortKey.startsWith(TABLE_KEYS.periodSortPrefix)) {
          records.summaries.periods.set(sortKey.slice(TABLE_KEYS.periodSortPrefix.length), { ...totals, ...versionOf(item) });
        } else if (sortKey.startsWith(TABLE_KEYS.statementSortPrefix)) {
          records.statementIds.push(sortKey.slice(TABLE_KEYS.statementSortPrefix.length));
          records.statements.push({ ...stripKeys(item), listed: item[LISTED] === true });
        } else if (sortKey.startsWith(TABLE_KEYS.uploadSortPrefix)) {
          records.uploads.push({
            statementId: String(item.statementId),
            size: Number(item.size ?? 0),
            expiresAt: String(item.expiresAt ?? ''),
          });
        }
      }
      return records;
    },
  };
  return store;
};
