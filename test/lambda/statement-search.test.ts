import type { Statement } from '../../contract';
import type { QueryTerm } from '../../contract/search/terms';
import type { Posting, SearchIndex } from '../../lambda/shared/search/index-store';
import { createStatementSearch } from '../../lambda/statement-search/core';
import { ALICE, capturingLog } from '../support/lambda-fakes';
import { statementRecord } from '../support/statement-records';

/**
 * The search resolver over an index held in memory: what it asks the index for an amount
 * typed (contract/search/amounts), and what it answers. The index's own reads are tested on
 * DynamoDB Local (test/local/search.test.ts).
 */
const SALARY = '01JD0000000000000000000001';
const NAMED = '01JD0000000000000000000002';

const records: Record<string, Statement> = {
  [SALARY]: statementRecord(ALICE, { id: SALARY, fileName: 'export.csv' }),
  [NAMED]: statementRecord(ALICE, { id: NAMED, fileName: 'invoice 17120.pdf' }),
};

const STORED: Posting[] = [
  {
    statementId: SALARY,
    term: '=1712000',
    sources: 8,
    context: { text: 'ACME LTD SALARY', date: '2024-03-15', amount: '17120.00' },
  },
  { statementId: NAMED, term: '17120', sources: 1 },
  { statementId: SALARY, term: 'acme', sources: 8, context: { text: 'ACME LTD SALARY', date: '2024-03-15', amount: '17120.00' } },
];

const searchOver = () => {
  const asked: { term: string; prefix: boolean }[] = [];
  const index: SearchIndex = {
    write: () => Promise.reject(new Error('not used')),
    attempt: () => Promise.reject(new Error('not used')),
    remove: () => Promise.reject(new Error('not used')),
    hideIdentifiers: () => Promise.reject(new Error('not used')),
    async postings(_owner, query: QueryTerm) {
      asked.push({ term: query.term, prefix: query.prefix });
      const postings = STORED.filter(({ term }) => (query.prefix ? term.startsWith(query.term) : term === query.term));
      return { postings, complete: true };
    },
    async statements(_owner, ids) {
      return ids.flatMap((id) => (records[id] ? [records[id]] : []));
    },
  };
  const search = createStatementSearch({ index, order: { neighbours: () => Promise.reject(new Error('not used')) }, log: capturingLog() });
  const run = async (query: string) => {
    const answer = await search({ field: 'search', owner: ALICE, arguments: { query } });
    if (!('hits' in answer)) throw new Error('no hits');
    return answer.hits.map(({ statement, matches, fields, contexts }) => ({ name: statement.fileName, matches, fields, contexts }));
  };
  return { run, asked };
};

test('an amount typed with its separators is one exact term, shown as an amount with its transaction', async () => {
  const { run, asked } = searchOver();
  for (const query of ['17,120.00', '17.120,00', '17 120,00', '-17120.00'])
    expect(await run(query)).toEqual([
      {
        name: 'export.csv',
        matches: ['17,120.00'],
        fields: ['CONTENT'],
        contexts: [{ word: '17,120.00', text: 'ACME LTD SALARY', date: '2024-03-15', amount: '17120.00' }],
      },
    ]);
  expect(new Set(asked.map(({ term, prefix }) => `${term} ${prefix}`))).toEqual(new Set(['=1712000 false']));
});

test('a whole number finds both the amount of as many whole units and the names it begins, the amount read in one more Query', async () => {
  const { run, asked } = searchOver();
  const hits = await run('17120');
  expect(hits.map(({ name, matches, fields }) => ({ name, matches, fields }))).toEqual([
    // A name counts most.
    { name: 'invoice 17120.pdf', matches: ['17120'], fields: ['NAME'] },
    { name: 'export.csv', matches: ['17,120.00'], fields: ['CONTENT'] },
  ]);
  expect(asked).toEqual([
    { term: '17120', prefix: true },
    { term: '=1712000', prefix: false },
  ]);
});

test('a payee and an amount together find the statement that has both', async () => {
  const { run } = searchOver();
  expect((await run('acme 17120')).map(({ name }) => name)).toEqual(['export.csv']);
  expect((await run('acme 4,210.55')).map(({ name }) => name)).toEqual([]);
});
