/**
 * `npm run bench`, search at scale: one owner with 1,000 and one with 10,000 statements on
 * AWS's DynamoDB Local, each with its record and its postings as the catalogue writes them
 * (its name, account, period and 40 content words drawn from a vocabulary the way
 * words fall in statements: a few in nearly every one, most in a few). Measured: the time of
 * the search resolver's core (the Queries of each word's postings, the ranking, the records
 * of the best) for queries people type, p50 and p95 of many runs; the ratio of 10,000 to
 * 1,000 is the figure (goal: p95 under 200 ms and a ratio of at most 1.2). Baseline in the
 * same run: reading every record of the owner and matching names in code, which is what a
 * search without an index costs.
 */
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, contentTerms, filingTerms, statementKey, type Statement } from '../contract';
import { TERM_SOURCES } from '../contract';
import { dynamoSearchIndex } from '../lambda/shared/search/index-store';
import { createStatementSearch } from '../lambda/statement-search/core';
import type { StatementOrder } from '../lambda/statement-search/order';
import { withLocalTable } from './local-table';

const RUNS = 41;
const CONTENT_WORDS = 40;
const VOCABULARY = 4000;
const SIZES = [1_000, 10_000] as const;

/** A pronounceable word per rank, so terms look like words (and some share prefixes). */
const wordOf = (rank: number) => {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'su', 'ta', 'ri', 'vo', 'de', 'ba', 'zu', 'pe'];
  let word = '';
  for (let n = rank + 12; n > 0; n = Math.floor(n / 12)) word += syllables[n % 12];
  return word;
};

/** Zipf-like: rank r is drawn with weight 1/(r+1); a deterministic generator keeps runs comparable. */
const drawWords = (seed: number) => {
  let state = seed * 2654435761;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const total = Math.log(VOCABULARY + 1);
  return Array.from({ length: CONTENT_WORDS }, () => wordOf(Math.floor(Math.exp(random() * total)) - 1));
};

const ACCOUNTS = ['Checking', 'Savings', 'Visa Gold', 'Amex'];

const statementOf = (owner: string, n: number): Statement => {
  const id = `01JF${String(n).padStart(22, '0')}`;
  const period = `${2015 + (Math.floor(n / 12) % 10)}-${String((n % 12) + 1).padStart(2, '0')}`;
  const accountLabel = ACCOUNTS[n % ACCOUNTS.length];
  return {
    id,
    owner,
    fileName: `${accountLabel} statement ${period}.pdf`,
    contentType: 'application/pdf',
    size: 1000,
    key: statementKey(owner, id),
    accountLabel,
    period,
    status: 'AVAILABLE',
    uploadedAt: '2026-01-01T00:00:00.000Z',
  };
};

/**
 * What people type: a common word, a rare one, a name and a month, two words, a prefix being
 * typed, an amount, and a whole number (a word's start and an amount: two Queries).
 */
const QUERIES = [
  wordOf(0),
  wordOf(2500),
  'visa gold',
  'March 2019',
  `${wordOf(3)} ${wordOf(40)}`,
  wordOf(10).slice(0, 3),
  'sav',
  '17,120.00',
  '2019',
];

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

const main = () =>
  withLocalTable('search', async (client) => {
    const index = dynamoSearchIndex('bench', client);
    const documents = DynamoDBDocumentClient.from(client);
    const noOrder: StatementOrder = { neighbours: async () => ({ previous: null, next: null }) };
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
    const search = createStatementSearch({ index, order: noOrder, log: log as never });

    const results: Record<number, { p50: number; p95: number; baseline: number; seedSeconds: number; hits: number }> = {};
    const owners: Record<number, string> = {};
    const seeded: Record<number, number> = {};
    for (const size of SIZES) {
      const owner = crypto.randomUUID();
      owners[size] = owner;
      const started = Date.now();
      const queue = Array.from({ length: size }, (_, n) => n);
      // The records and the postings as the catalogue leaves them, written in batches (the
      // search reads records with BatchGetItem and postings with Query; nothing else).
      const write = async (items: Record<string, unknown>[]) => {
        for (let start = 0; start < items.length; start += 25) {
          let pending = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
          while (pending.length > 0)
            pending = ((await documents.send(new BatchWriteCommand({ RequestItems: { bench: pending } }))).UnprocessedItems?.bench ??
              []) as typeof pending;
        }
      };
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
            const statement = statementOf(owner, n);
            const terms = new Map(filingTerms(statement));
            for (const term of contentTerms([drawWords(n + 1).join(' ')])) terms.set(term, (terms.get(term) ?? 0) | TERM_SOURCES.content);
            await write([
              { pk: TABLE_KEYS.userPartition(owner), sk: TABLE_KEYS.statementSort(statement.id), ...statement },
              ...[...terms].map(([term, sources]) => ({
                pk: TABLE_KEYS.searchPartition(owner),
                sk: TABLE_KEYS.searchTermSort(term, statement.id),
                s: sources,
              })),
            ]);
          }
        }),
      );
      seeded[size] = (Date.now() - started) / 1000;
    }
    // Both vaults are searched in turns, after a round that warms the JIT and DynamoDB Local
    // for each: measured one after the other, the first would pay the warming alone.
    const times: Record<number, number[]> = Object.fromEntries(SIZES.map((size) => [size, []]));
    const hits: Record<number, number> = Object.fromEntries(SIZES.map((size) => [size, 0]));
    for (let run = -1; run < RUNS; run++) {
      for (const size of SIZES) {
        for (const query of QUERIES) {
          const begun = process.hrtime.bigint();
          const answer = await search({ field: 'search', owner: owners[size], arguments: { query } });
          const ms = Number(process.hrtime.bigint() - begun) / 1e6;
          if (run < 0) continue;
          times[size].push(ms);
          if (run === 0 && 'hits' in answer) hits[size] += answer.hits.length;
        }
      }
    }
    for (const size of SIZES) {
      const owner = owners[size];
      // Baseline: every record read, names matched in code.
      const baselineTimes: number[] = [];
      for (let run = 0; run < 5; run++) {
        const begun = process.hrtime.bigint();
        let start: Record<string, unknown> | undefined;
        do {
          const page = await documents.send(
            new QueryCommand({
              TableName: 'bench',
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
              ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner), ':prefix': TABLE_KEYS.statementSortPrefix },
              ...(start ? { ExclusiveStartKey: start } : {}),
            }),
          );
          void (page.Items ?? []).filter((item) => String(item.fileName).toLowerCase().includes('visa'));
          start = page.LastEvaluatedKey;
        } while (start);
        baselineTimes.push(Number(process.hrtime.bigint() - begun) / 1e6);
      }
      results[size] = {
        p50: percentile(times[size], 0.5),
        p95: percentile(times[size], 0.95),
        baseline: percentile(baselineTimes, 0.5),
        seedSeconds: seeded[size],
        hits: hits[size],
      };
    }
    const [small, large] = SIZES.map((size) => results[size]);
    console.log(
      `Search (the resolver's core on DynamoDB Local; ${QUERIES.length} queries x ${RUNS} runs; ${CONTENT_WORDS} content words a statement)`,
    );
    for (const size of SIZES) {
      const r = results[size];
      console.log(
        `  ${size.toLocaleString('en-US').padStart(6)} statements: p50 ${r.p50.toFixed(1).padStart(6)} ms, p95 ${r.p95.toFixed(1).padStart(6)} ms` +
          `   (baseline, every record read: ${r.baseline.toFixed(0)} ms; seeded in ${r.seedSeconds.toFixed(0)} s; ${r.hits} hits on the first run)`,
      );
    }
    console.log(
      `  ratio 10,000 / 1,000: p95 ${(large.p95 / small.p95).toFixed(2)}x, p50 ${(large.p50 / small.p50).toFixed(2)}x (goal: p95 <= 1.2x, under 200 ms)`,
    );
  });

main().catch((error: Error) => {
  console.error(`bench/search: ${error.message}`);
  process.exit(1);
});
