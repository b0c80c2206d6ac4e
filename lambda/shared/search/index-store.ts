import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type BatchWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { STATEMENT_STATUS, type Statement } from '../../../contract/entities';
import { TABLE_KEYS } from '../../../contract/keys';
import type { TermContext } from '../../../contract/search/context';
import { TERM_SOURCES, filingTerms, type QueryTerm } from '../../../contract/search/terms';
import type { AccountIdentifier } from '../../../contract/reading/account-numbers';
import {
  IDENTIFIERS_HIDDEN,
  INDEXED,
  INDEX_ATTEMPTS,
  deletedItemKey,
  ignoreConditionFailure,
  pk,
  sk,
  statementItemKey,
  stripKeys,
} from '../records/table';
import { identifiersInStored, planHiding } from './hidden-identifiers';

/** The record's words for why its contents are not indexed (the GraphQL Statement's field of that name). */
const NOT_INDEXED = 'contentNotIndexed' satisfies keyof Statement;

/** One statement found under a term: the term as stored, and where in the statement it is (TERM_SOURCES bits). */
export interface Posting {
  statementId: string;
  term: string;
  sources: number;
  /** Where a content term was first seen in the statement (postings written before contexts were kept have none). */
  context?: TermContext;
}

/** What an index write did: `partial` when the content's terms are not known yet (the file must be read). */
export type IndexOutcome = { written: number; removed: number; partial: boolean };

/**
 * How a reading of the statement's file ended, given with the content it read: why its
 * contents are not indexed (words for its owner, on the record), and whether its tries are
 * used up (they are then kept on the record, so no later indexing reads the file again).
 */
export interface ContentReading {
  notIndexed?: string;
  gaveUp?: boolean;
  /** Where each content term was first seen, kept on its posting (contract/search/context.ts). */
  contexts?: ReadonlyMap<string, TermContext>;
}

/** The search index of every owner, in the product's one table (see TABLE_KEYS.searchPartition). */
export interface SearchIndex {
  /**
   * Writes the postings of a statement's filing and content (`content` absent: the terms
   * its content had when last indexed), removing those it no longer has, and marks its
   * record indexed if the record is still as given and its content is known. With
   * `content` read now, the record also says whether and why its contents are not indexed.
   */
  write(statement: Statement, content?: readonly string[], reading?: ContentReading): Promise<IndexOutcome>;
  /**
   * Counts a try at reading the statement's file on its record, before the file is read;
   * the tries so far, this one included, or undefined when the record is gone.
   */
  attempt(owner: string, statementId: string): Promise<number | undefined>;
  /** Removes a statement's postings; repeatable. */
  remove(owner: string, statementId: string): Promise<number>;
  /**
   * Rewrites what an earlier release stored of a statement's account numbers in clear
   * (hidden-identifiers.ts): its terms hashed with `terms` (the numbers' texts → their
   * hashed terms), its contexts masked. Then marks its record (kept, or in Recently
   * deleted) so, if it is still there; the postings it wrote or deleted, 0 when none held one.
   */
  hideIdentifiers(
    owner: string,
    statementId: string,
    place: 'kept' | 'deleted',
    terms: (identifiers: AccountIdentifier[]) => Promise<ReadonlyMap<string, string>>,
  ): Promise<number>;
  /** The owner's postings under one query term, newest statement first within a term, at most `limit`. */
  postings(owner: string, term: QueryTerm, limit: number): Promise<{ postings: Posting[]; complete: boolean }>;
  /** The owner's statement records with these ids (those that exist). */
  statements(owner: string, ids: readonly string[]): Promise<Statement[]>;
}

/** BatchWriteItem takes at most 25 requests, BatchGetItem 100 keys. */
const WRITE_BATCH = 25;
const GET_BATCH = 100;
/** Batches written at once: one partition takes about a thousand writes a second. */
const PARALLEL_BATCHES = 4;
/** Unprocessed requests are sent again, with a growing pause, this many times. */
const BATCH_RETRIES = 8;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** Math.min(attempt, 6)));

/** The attribute names of the postings and the statement's terms item. */
const ATTR = { sources: 's', context: 'c', filing: 'filing', content: 'content' } as const;

/** A posting's stored context, where it is one: text, and a transaction's day and amount. */
const contextOf = (value: unknown): TermContext | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const { text, date, amount } = value as Record<string, unknown>;
  if (typeof text !== 'string') return undefined;
  return { text, ...(typeof date === 'string' ? { date } : {}), ...(typeof amount === 'string' ? { amount } : {}) };
};

const docKey = (owner: string, statementId: string) => ({
  [pk]: TABLE_KEYS.searchPartition(owner),
  [sk]: TABLE_KEYS.searchDocSort(statementId),
});
const postingKey = (owner: string, term: string, statementId: string) => ({
  [pk]: TABLE_KEYS.searchPartition(owner),
  [sk]: TABLE_KEYS.searchTermSort(term, statementId),
});

/** What the record's `indexed` mark holds: the filing the postings were written for. */
export const indexedMark = (statement: Pick<Statement, 'fileName' | 'accountLabel' | 'period'>): string =>
  JSON.stringify([statement.fileName, statement.accountLabel, statement.period]);

export const dynamoSearchIndex = (tableName: string, client: DynamoDBClient): SearchIndex => {
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });

  const batchWrite = async (requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string]) => {
    const batches: (typeof requests)[] = [];
    for (let start = 0; start < requests.length; start += WRITE_BATCH) batches.push(requests.slice(start, start + WRITE_BATCH));
    const send = async () => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) {
        let pending = batch;
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt > BATCH_RETRIES) throw Object.assign(new Error('the search index kept refusing writes'), { name: 'IndexThrottled' });
          if (attempt > 0) await pause(attempt);
          const answer = await documents.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
          pending = answer.UnprocessedItems?.[tableName] ?? [];
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_BATCHES }, send));
  };

  /** The items with these keys (those that exist), in batches, unprocessed keys asked for again. */
  const batchGet = async (all: Record<string, string>[]) => {
    const found: Record<string, unknown>[] = [];
    let keys = all;
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt > 0) await pause(attempt);
      const batch = keys.slice(0, GET_BATCH);
      const answer = await documents.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: batch } } }));
      found.push(...(answer.Responses?.[tableName] ?? []));
      keys = [...((answer.UnprocessedKeys?.[tableName]?.Keys ?? []) as typeof keys), ...keys.slice(GET_BATCH)];
      if (attempt > BATCH_RETRIES) throw Object.assign(new Error('the table kept refusing reads'), { name: 'ReadThrottled' });
    }
    return found;
  };

  /** A statement's terms as last written: term to source bits, and its content's terms (absent: never read). */
  const readDoc = async (owner: string, statementId: string) => {
    const item = (await documents.send(new GetCommand({ TableName: tableName, Key: docKey(owner, statementId), ConsistentRead: true })))
      .Item;
    if (!item) return undefined;
    const filing = new Map(Object.entries((item[ATTR.filing] ?? {}) as Record<string, number>));
    const content = Array.isArray(item[ATTR.content]) ? (item[ATTR.content] as string[]) : undefined;
    return { filing, content };
  };

  const termsOf = (filing: Map<string, number>, content: readonly string[] = []) => {
    const terms = new Map(filing);
    for (const term of content) terms.set(term, (terms.get(term) ?? 0) | TERM_SOURCES.content);
    return terms;
  };

  return {
    async write(statement, content, reading = {}) {
      const owner = statement.owner;
      const before = await readDoc(owner, statement.id);
      const known = content ?? before?.content;
      const filing = filingTerms(statement);
      const wanted = termsOf(filing, known);
      const had = before ? termsOf(before.filing, before.content) : new Map<string, number>();
      // A reading's terms are all written with where they were seen; otherwise only what changed.
      const puts = [...wanted].filter(([term, sources]) => had.get(term) !== sources || reading.contexts?.has(term));
      // A content term whose other places changed (an edit's new name holds it) keeps its context:
      // its sources are updated in place, not put anew.
      const kept = content === undefined ? puts.filter(([term, sources]) => had.has(term) && (sources & TERM_SOURCES.content) !== 0) : [];
      const keptTerms = new Set(kept.map(([term]) => term));
      const deletes = [...had.keys()].filter((term) => !wanted.has(term));
      // The terms item first, holding every term either way: a write cut short leaves no
      // posting that a later removal cannot find.
      const union = new Map([...had, ...wanted]);
      const unionFiling = new Map(
        [...union].filter(([, sources]) => (sources & ~TERM_SOURCES.content) !== 0).map(([t, s]) => [t, s & ~TERM_SOURCES.content]),
      );
      const unionContent = [...union].filter(([, sources]) => (sources & TERM_SOURCES.content) !== 0).map(([term]) => term);
      const putDoc = (filingTerms: Map<string, number>, contentTerms: readonly string[] | undefined) =>
        documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: docKey(owner, statement.id),
            UpdateExpression: contentTerms ? 'SET #filing = :filing, #content = :content' : 'SET #filing = :filing REMOVE #content',
            ExpressionAttributeNames: { '#filing': ATTR.filing, '#content': ATTR.content },
            ExpressionAttributeValues: {
              ':filing': Object.fromEntries(filingTerms),
              ...(contentTerms ? { ':content': contentTerms } : {}),
            },
          }),
        );
      if (deletes.length > 0 || puts.some(([term]) => !had.has(term))) await putDoc(unionFiling, known ? unionContent : undefined);
      await batchWrite([
        ...puts
          .filter(([term]) => !keptTerms.has(term))
          .map(([term, sources]) => ({
            PutRequest: {
              Item: { ...postingKey(owner, term, statement.id), [ATTR.sources]: sources, [ATTR.context]: reading.contexts?.get(term) },
            },
          })),
        ...deletes.map((term) => ({ DeleteRequest: { Key: postingKey(owner, term, statement.id) } })),
      ]);
      for (const [term, sources] of kept)
        await documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: postingKey(owner, term, statement.id),
            UpdateExpression: 'SET #s = :s',
            ExpressionAttributeNames: { '#s': ATTR.sources },
            ExpressionAttributeValues: { ':s': sources },
          }),
        );
      await putDoc(filing, known);
      if (known && statement.status === STATEMENT_STATUS.available) {
        // A reading that finished says why nothing was indexed (or that something was), and its
        // tries start again; tries used up stay, so the file is never read again.
        const read = content !== undefined;
        const reason = read ? reading.notIndexed : undefined;
        // Its postings now hold account numbers only as their hashes (contract/search/context.ts).
        const sets = ['#indexed = :mark', ...(read ? ['#hidden = :true'] : []), ...(reason !== undefined ? ['#notIndexed = :reason'] : [])];
        const removes = read ? [...(reason === undefined ? ['#notIndexed'] : []), ...(reading.gaveUp ? [] : ['#attempts'])] : [];
        // Only the record as indexed: an edit meanwhile leaves it unmarked for the sweep.
        await documents
          .send(
            new UpdateCommand({
              TableName: tableName,
              Key: statementItemKey(owner, statement.id),
              UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
              ConditionExpression: 'fileName = :name AND accountLabel = :account AND period = :period',
              ExpressionAttributeNames: {
                '#indexed': INDEXED,
                ...(read ? { '#notIndexed': NOT_INDEXED, '#hidden': IDENTIFIERS_HIDDEN } : {}),
                ...(removes.includes('#attempts') ? { '#attempts': INDEX_ATTEMPTS } : {}),
              },
              ExpressionAttributeValues: {
                ...(reason !== undefined ? { ':reason': reason } : {}),
                ...(read ? { ':true': true } : {}),
                ':mark': indexedMark(statement),
                ':name': statement.fileName,
                ':account': statement.accountLabel,
                ':period': statement.period,
              },
            }),
          )
          .catch(ignoreConditionFailure);
      }
      return { written: puts.length, removed: deletes.length, partial: !known };
    },

    async attempt(owner, statementId) {
      try {
        const answer = await documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: statementItemKey(owner, statementId),
            UpdateExpression: 'ADD #attempts :one',
            ConditionExpression: 'attribute_exists(#pk)',
            ExpressionAttributeNames: { '#attempts': INDEX_ATTEMPTS, '#pk': pk },
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return Number(answer.Attributes?.[INDEX_ATTEMPTS] ?? 1);
      } catch (error) {
        ignoreConditionFailure(error as Error);
        return undefined;
      }
    },

    async remove(owner, statementId) {
      const before = await readDoc(owner, statementId);
      if (!before) return 0;
      const terms = [...termsOf(before.filing, before.content).keys()];
      await batchWrite(terms.map((term) => ({ DeleteRequest: { Key: postingKey(owner, term, statementId) } })));
      await batchWrite([{ DeleteRequest: { Key: docKey(owner, statementId) } }]);
      return terms.length;
    },

    async hideIdentifiers(owner, statementId, place, terms) {
      const before = await readDoc(owner, statementId);
      const content = before?.content ?? [];
      let written = 0;
      if (content.length > 0) {
        const read = await batchGet(content.map((term) => postingKey(owner, term, statementId)));
        const postings = new Map(
          read.map((item) => {
            const key = String(item[sk]);
            const term = key.slice(TABLE_KEYS.searchTermPrefix.length, key.lastIndexOf('|'));
            const context = contextOf(item[ATTR.context]);
            return [term, { sources: Number(item[ATTR.sources] ?? 0), ...(context ? { context } : {}) }];
          }),
        );
        const plan = planHiding(content, postings, before!.filing, await terms(identifiersInStored(content, postings)));
        if (plan.puts.size + plan.deletes.length > 0) {
          // Only while the statement's terms item is there: a removal meanwhile took every posting.
          const putDoc = (terms: readonly string[]) =>
            documents.send(
              new UpdateCommand({
                TableName: tableName,
                Key: docKey(owner, statementId),
                UpdateExpression: 'SET #content = :content',
                ConditionExpression: 'attribute_exists(#pk)',
                ExpressionAttributeNames: { '#content': ATTR.content, '#pk': pk },
                ExpressionAttributeValues: { ':content': terms },
              }),
            );
          // The terms item first, holding every term either way: a write cut short leaves no
          // posting that a later removal cannot find.
          const kept = await putDoc([...new Set([...content, ...plan.content])]).then(
            () => true,
            (error: Error) => (ignoreConditionFailure(error), false),
          );
          if (!kept) return 0;
          await batchWrite([
            ...[...plan.puts].map(([term, posting]) => ({
              PutRequest: {
                Item: { ...postingKey(owner, term, statementId), [ATTR.sources]: posting.sources, [ATTR.context]: posting.context },
              },
            })),
            ...plan.deletes.map((term) => ({ DeleteRequest: { Key: postingKey(owner, term, statementId) } })),
          ]);
          await putDoc(plan.content).catch(ignoreConditionFailure);
          written = plan.puts.size + plan.deletes.length;
        }
      }
      await documents
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: place === 'kept' ? statementItemKey(owner, statementId) : deletedItemKey(owner, statementId),
            UpdateExpression: 'SET #hidden = :true',
            ConditionExpression: 'attribute_exists(#pk)',
            ExpressionAttributeNames: { '#hidden': IDENTIFIERS_HIDDEN, '#pk': pk },
            ExpressionAttributeValues: { ':true': true },
          }),
        )
        .catch(ignoreConditionFailure);
      return written;
    },

    async postings(owner, query, limit) {
      // An exact term ends at its separator; a prefix matches every term that begins with it.
      const begins = `${TABLE_KEYS.searchTermPrefix}${query.term}${query.prefix ? '' : '|'}`;
      const page = await documents.send(
        new QueryCommand({
          TableName: tableName,
          // The keys that begin with `begins`, as a range: the same items as begins_with
          // (DynamoDB orders keys by their UTF-8 bytes, and no character sorts after
          // U+10FFFF), and DynamoDB Local answers a range from its index where it reads the
          // whole partition for begins_with (116 ms a Query at 10,000 statements, not 6).
          KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :begins AND :end',
          ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
          ExpressionAttributeValues: { ':pk': TABLE_KEYS.searchPartition(owner), ':begins': begins, ':end': `${begins}\u{10FFFF}` },
          // Ids are ULIDs: backwards reads the newest statements of each term first.
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      const postings = (page.Items ?? []).flatMap((item): Posting[] => {
        const key = String(item[sk]).slice(TABLE_KEYS.searchTermPrefix.length);
        const cut = key.lastIndexOf('|');
        if (cut < 0) return [];
        const context = contextOf(item[ATTR.context]);
        return [
          {
            term: key.slice(0, cut),
            statementId: key.slice(cut + 1),
            sources: Number(item[ATTR.sources] ?? 0),
            ...(context ? { context } : {}),
          },
        ];
      });
      return { postings, complete: !page.LastEvaluatedKey };
    },

    async statements(owner, ids) {
      return (await batchGet([...new Set(ids)].map((id) => statementItemKey(owner, id)))).map(stripKeys);
    },
  };
};
