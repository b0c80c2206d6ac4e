import { statementKey, type Statement } from '../../contract';
import { CONTENT_READ_ATTEMPTS, NOT_INDEXED_REASONS } from '../../contract/search/not-indexed';
import { SWEEP_INDEXING_MS, createSweep } from '../../lambda/catalogue/sweep';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import type { ContentReading, SearchIndex } from '../../lambda/shared/search/index-store';
import { indexAvailable, type ContentPieces } from '../../lambda/shared/search/indexing';
import { ALICE, BOB, capturingLog, memoryObjects, memoryRecords } from '../support/lambda-fakes';
import { statementRecord } from '../support/statement-records';
import { READING_EDITION } from '../../contract/reading/edition';

/**
 * How often a statement's file is read for search, and what its record says when its
 * contents could not be read: each reading is counted before it starts (a reading that
 * kills the function counts too), a reading that throws is tried CONTENT_READ_ATTEMPTS
 * times, and a statement whose file gives nothing is marked with why, in words. The
 * index's own writes to the table are tested on DynamoDB Local (test/local/search-bombs.test.ts).
 */
const CAROL = '33333333-3333-4333-8333-333333333333';
const ID = '01JD0000000000000000000001';
const OTHER = '01JD0000000000000000000002';

const record = (owner: string, id: string, fileName = 'x.pdf'): Statement =>
  statementRecord(owner, { id, key: statementKey(owner, id), fileName });

/** The index as the store keeps it for a record: its tries (counted and cleared as the store does), and each write. */
const memoryIndex = (gone: Set<string> = new Set()) => {
  const attempts = new Map<string, number>();
  const writes: { id: string; content?: readonly string[]; reading?: ContentReading; contexts?: Record<string, unknown> }[] = [];
  const index: SearchIndex = {
    async write(statement, content, reading) {
      // Where each term was seen is listed apart, and only where there are terms.
      const { contexts, ...rest } = reading ?? {};
      writes.push({
        id: statement.id,
        content,
        ...(reading ? { reading: rest } : {}),
        ...(contexts?.size ? { contexts: Object.fromEntries(contexts) } : {}),
      });
      if (content !== undefined && !reading?.gaveUp) attempts.delete(`${statement.owner}/${statement.id}`);
      return { written: content?.length ?? 0, removed: 0, partial: content === undefined };
    },
    async attempt(owner, statementId) {
      if (gone.has(statementId)) return undefined;
      const key = `${owner}/${statementId}`;
      attempts.set(key, (attempts.get(key) ?? 0) + 1);
      return attempts.get(key);
    },
    remove: () => Promise.reject(new Error('not used')),
    hideIdentifiers: async () => 0,
    postings: () => Promise.reject(new Error('not used')),
    statements: () => Promise.reject(new Error('not used')),
  };
  return { index, attempts, writes };
};

class StorageFailed extends Error {
  override name = 'StorageFailed';
}

describe('indexAvailable', () => {
  const deps = (readContent: (statement: Statement) => Promise<ContentPieces>, gone?: Set<string>) => {
    const memory = memoryIndex(gone);
    const reads = jest.fn(readContent);
    return { ...memory, reads, deps: { search: { index: memory.index, readContent: reads }, log: capturingLog() } };
  };

  test(`a file whose reading throws is read ${CONTENT_READ_ATTEMPTS} times, then indexed by its filing alone and marked, unread`, async () => {
    const { deps: d, reads, writes } = deps(() => Promise.reject(new StorageFailed('no')));
    for (let attempt = 1; attempt <= CONTENT_READ_ATTEMPTS; attempt++)
      await expect(indexAvailable(d, record(ALICE, ID))).rejects.toThrow('no');
    expect(reads).toHaveBeenCalledTimes(CONTENT_READ_ATTEMPTS);
    expect(writes).toEqual([]);

    await indexAvailable(d, record(ALICE, ID));
    expect(reads).toHaveBeenCalledTimes(CONTENT_READ_ATTEMPTS);
    expect(writes).toEqual([{ id: ID, content: [], reading: { notIndexed: NOT_INDEXED_REASONS.failed, gaveUp: true } }]);
    expect(NOT_INDEXED_REASONS.failed).toBe(`reading it failed ${CONTENT_READ_ATTEMPTS} times`);
  });

  test('a reading that ended the function (never answered) counts as a try all the same', async () => {
    const { deps: d, reads, attempts } = deps(() => new Promise<ContentPieces>(() => undefined));
    void indexAvailable(d, record(ALICE, ID));
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toHaveBeenCalledTimes(1);
    expect(attempts.get(`${ALICE}/${ID}`)).toBe(1);
  });

  test.each([
    ['damaged', 'unreadable', NOT_INDEXED_REASONS.unreadable],
    ['protected', 'protected', NOT_INDEXED_REASONS.protected],
    ['a scan', 'no text', NOT_INDEXED_REASONS['no text']],
    ['a bomb', 'too large', NOT_INDEXED_REASONS['too large']],
  ])('a file that is %s is marked at once, with why, and its tries start again', async (_, note, words) => {
    const { deps: d, reads, writes, attempts } = deps(async () => ({ pieces: [], note }));
    await indexAvailable(d, record(ALICE, ID));
    expect(reads).toHaveBeenCalledTimes(1);
    expect(writes).toEqual([{ id: ID, content: [], reading: { notIndexed: words, gaveUp: false } }]);
    expect(attempts.has(`${ALICE}/${ID}`)).toBe(false);
  });

  test('a file that gives words, even cut short, is not marked', async () => {
    const { deps: d, writes } = deps(async () => ({ pieces: ['Card payment Quetzal Bakery'], note: 'cut' }));
    await indexAvailable(d, record(ALICE, ID));
    const line = { text: 'Card payment Quetzal Bakery' };
    expect(writes).toEqual([
      {
        id: ID,
        content: ['card', 'payment', 'quetzal', 'bakery'],
        reading: { gaveUp: false },
        contexts: { card: line, payment: line, quetzal: line, bakery: line },
      },
    ]);
  });

  test("a transaction's words, and its amount's own term, are written with its day and amount", async () => {
    const { deps: d, writes } = deps(async () => ({
      pieces: ['Quetzal Bakery', 'Thames Water'],
      details: [
        { date: '2024-03-02', amount: '-4.50' },
        { date: '2024-03-05', amount: '-38.99' },
      ],
    }));
    await indexAvailable(d, record(ALICE, ID));
    expect(writes[0].contexts).toEqual({
      quetzal: { text: 'Quetzal Bakery', date: '2024-03-02', amount: '-4.50' },
      bakery: { text: 'Quetzal Bakery', date: '2024-03-02', amount: '-4.50' },
      thames: { text: 'Thames Water', date: '2024-03-05', amount: '-38.99' },
      water: { text: 'Thames Water', date: '2024-03-05', amount: '-38.99' },
      // An amount typed any way finds it (contract/search/amounts): its cents, without the sign.
      '=450': { text: 'Quetzal Bakery', date: '2024-03-02', amount: '-4.50' },
      '=3899': { text: 'Thames Water', date: '2024-03-05', amount: '-38.99' },
    });
    expect(writes[0].content).toEqual(['quetzal', 'bakery', 'thames', 'water', '=450', '=3899']);
  });

  test('an image (nothing to read, nothing wrong) is not marked', async () => {
    const { deps: d, writes } = deps(async () => ({ pieces: [] }));
    await indexAvailable(d, record(ALICE, ID));
    expect(writes).toEqual([{ id: ID, content: [], reading: { gaveUp: false } }]);
  });

  describe('days and balances, kept with the record', () => {
    const READ = { from: '2024-03-01', to: '2024-03-31', opening: 10, closing: 12.5, unread: [] };
    const kept = async (statement: Statement, balances: ContentPieces['balances'], gaveUp = false) => {
      const records = memoryRecords();
      await records.putStatement(statement);
      const { deps: d, attempts } = deps(async () => ({ pieces: ['x'], balances }));
      if (gaveUp) attempts.set(`${statement.owner}/${statement.id}`, CONTENT_READ_ATTEMPTS);
      await indexAvailable({ ...d, records }, statement);
      return (await records.getStatement(statement.owner, statement.id))?.balances;
    };

    test('what the reading found is kept, as from the file', async () => {
      expect(await kept(record(ALICE, ID), READ)).toEqual({ ...READ, entered: [], readWith: READING_EDITION });
    });

    test("a currency the file named for its account (read at filing) is the balances' where the text names none", async () => {
      const statement = { ...record(ALICE, ID), accountFacts: { currency: 'EUR' } };
      expect(await kept(statement, READ)).toEqual({ ...READ, currency: 'EUR', entered: [], readWith: READING_EDITION });
      expect(await kept(statement, { ...READ, currency: 'USD' })).toMatchObject({ currency: 'USD' });
    });

    test('a record that has them (read before, or entered) keeps its own', async () => {
      const entered = { opening: 99, unread: [], entered: ['opening'] };
      expect(await kept({ ...record(ALICE, ID), balances: entered }, READ)).toEqual(entered);
    });

    test('a file whose readings all failed says so, to be entered by hand', async () => {
      expect(await kept(record(ALICE, ID), READ, true)).toEqual({
        unread: ['The file could not be read: its days and balances can be entered by hand.'],
        entered: [],
        readWith: READING_EDITION,
      });
    });
  });

  test('a record gone before its reading is neither read nor indexed', async () => {
    const { deps: d, reads, writes } = deps(async () => ({ pieces: ['x'] }), new Set([ID]));
    await indexAvailable(d, record(ALICE, ID));
    expect(reads).not.toHaveBeenCalled();
    expect(writes).toEqual([]);
  });
});

describe('the sweep', () => {
  const pdf = (fileName: string) => ({
    contentType: 'application/pdf',
    size: 10,
    metadata: encodeStatementMetadata({ fileName, accountLabel: 'Main', period: '2024-01' }),
    lastModified: '2026-01-01T00:00:00.000Z',
  });

  test("a statement whose indexing throws is counted, and the owner's others and the owners after it are still indexed", async () => {
    const objects = memoryObjects();
    const records = memoryRecords();
    const log = capturingLog();
    const memory = memoryIndex();
    // Alice's first statement is the one whose reading fails; every record is unindexed.
    const files: [string, string, string][] = [
      [ALICE, ID, 'bomb.pdf'],
      [ALICE, OTHER, 'alice.pdf'],
      [BOB, ID, 'bob.pdf'],
      [CAROL, ID, 'carol.pdf'],
    ];
    for (const [owner, id, name] of files) {
      objects.objects.set(statementKey(owner, id), pdf(name));
      await records.putStatement(record(owner, id, name));
    }
    const ownerRecords = records.ownerRecords.bind(records);
    records.ownerRecords = async (owner) => {
      const read = await ownerRecords(owner);
      return { ...read, statements: read.statements.map((statement) => ({ ...statement, indexed: false })) };
    };
    const readContent = async (statement: Statement): Promise<ContentPieces> => {
      if (statement.fileName === 'bomb.pdf') throw new StorageFailed('no');
      return { pieces: [`Payee ${statement.fileName.replace('.pdf', '')}`] };
    };
    const sweep = createSweep({ objects, versions: objects, records, log, search: { index: memory.index, readContent } });

    await expect(sweep()).rejects.toThrow('the sweep failed for 0 owner(s) and 1 statement(s) to index');
    expect(memory.writes.map((write) => `${write.id === ID ? '1' : '2'} ${write.content?.join(' ')}`).sort()).toEqual([
      '1 payee bob',
      '1 payee carol',
      '2 payee alice',
    ]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: 'error', fields: { owner: ALICE, statementId: ID, errorName: 'StorageFailed' } }),
    );
    expect(memory.attempts.get(`${ALICE}/${ID}`)).toBe(1);
  });

  test(`a run stops indexing once it has gone on for ${SWEEP_INDEXING_MS / 60_000} minutes, and the next run reads the rest`, async () => {
    const objects = memoryObjects();
    const records = memoryRecords();
    const memory = memoryIndex();
    for (const [id, name] of [
      [ID, 'scan-1.pdf'],
      [OTHER, 'scan-2.pdf'],
    ]) {
      objects.objects.set(statementKey(ALICE, id), pdf(name));
      await records.putStatement(record(ALICE, id, name));
    }
    // Each reading takes the whole of the run's indexing time (a scan read by OCR, on a slow day).
    let now = Date.parse('2026-01-01T00:00:00Z');
    const readContent = jest.fn(async (): Promise<ContentPieces> => {
      now += SWEEP_INDEXING_MS;
      return { pieces: ['Payee'], balances: { unread: [] } };
    });
    const sweep = createSweep({
      objects,
      versions: objects,
      records,
      log: capturingLog(),
      clock: () => new Date(now),
      search: { index: memory.index, readContent },
    });

    expect((await sweep()).indexed).toBe(1);
    expect(readContent).toHaveBeenCalledTimes(1);
    expect((await sweep()).indexed).toBe(1);
    expect((await sweep()).indexed).toBe(0);
    expect(readContent).toHaveBeenCalledTimes(2);
  });

  test('statements indexed before their days and balances were read are read again, once', async () => {
    const objects = memoryObjects();
    const records = memoryRecords();
    const memory = memoryIndex();
    objects.objects.set(statementKey(ALICE, ID), pdf('older.pdf'));
    await records.putStatement(record(ALICE, ID, 'older.pdf'));
    const ownerRecords = records.ownerRecords.bind(records);
    // Indexed by an earlier release: its postings are there, its balances are not.
    records.ownerRecords = async (owner) => {
      const read = await ownerRecords(owner);
      return { ...read, statements: read.statements.map((statement) => ({ ...statement, indexed: true })) };
    };
    const readContent = jest.fn(async (): Promise<ContentPieces> => ({ pieces: ['Payee'], balances: { closing: 5, unread: [] } }));
    const sweep = createSweep({ objects, versions: objects, records, log: capturingLog(), search: { index: memory.index, readContent } });

    expect((await sweep()).indexed).toBe(1);
    expect((await records.getStatement(ALICE, ID))?.balances).toEqual({ closing: 5, unread: [], entered: [], readWith: READING_EDITION });
    expect((await sweep()).indexed).toBe(0);
    expect(readContent).toHaveBeenCalledTimes(1);
  });

  describe('statements an earlier edition of the reading read', () => {
    // Read by the first edition: its owner entered the closing, the opening was read.
    const older = (): Statement => ({
      ...record(ALICE, ID, 'older.pdf'),
      balances: { opening: 10, closing: 99, unread: ['from'], entered: ['closing'] } as Statement['balances'],
    });
    const setUp = async (readContent: () => Promise<ContentPieces>) => {
      const objects = memoryObjects();
      const records = memoryRecords();
      const memory = memoryIndex();
      objects.objects.set(statementKey(ALICE, ID), pdf('older.pdf'));
      await records.putStatement(older());
      const ownerRecords = records.ownerRecords.bind(records);
      records.ownerRecords = async (owner) => {
        const read = await ownerRecords(owner);
        return { ...read, statements: read.statements.map((statement) => ({ ...statement, indexed: true })) };
      };
      const read = jest.fn(readContent);
      const sweep = createSweep({
        objects,
        versions: objects,
        records,
        log: capturingLog(),
        search: { index: memory.index, readContent: read },
      });
      return { records, memory, read, sweep };
    };

    test('are read again once: what the file says now is kept, what the owner entered stays theirs', async () => {
      const { records, memory, read, sweep } = await setUp(async () => ({
        pieces: ['Opening balance 12.00', 'Closing balance 20.00'],
        balances: {
          opening: 12,
          closing: 20,
          from: '2024-03-01',
          unread: [],
          arithmetic: { state: 'CHECKED', transactions: 2, words: 'Its figures add up.' },
        } as ContentPieces['balances'],
      }));

      const report = await sweep();
      expect(report.reread).toBe(1);
      expect(report.indexed).toBe(0);
      // The closing the owner entered stands in place of the one read, so the file's own check of it is not said.
      expect((await records.getStatement(ALICE, ID))?.balances).toEqual({
        opening: 12,
        closing: 99,
        from: '2024-03-01',
        unread: [],
        entered: ['closing'],
        readWith: READING_EDITION,
      });
      expect(memory.writes.map((write) => write.id)).toEqual([ID]);
      // Its postings are written again with this edition's terms: the amounts its text shows among them.
      expect(memory.writes[0].content).toEqual(['opening', 'balance', 'closing', '=1200', '=2000']);
      expect(memory.writes[0].contexts?.['=2000']).toEqual({ text: 'Closing balance 20.00' });
      expect((await sweep()).reread).toBe(0);
      expect(read).toHaveBeenCalledTimes(1);
    });

    test('a reading that throws is not tried again, and what was read before stays', async () => {
      const { records, read, sweep } = await setUp(async () => {
        throw new StorageFailed('lost');
      });

      // A failed reading fails the run, so that it is alarmed on.
      await expect(sweep()).rejects.toThrow('1 statement(s) to index');
      expect((await records.getStatement(ALICE, ID))?.balances).toMatchObject({ opening: 10, closing: 99, entered: ['closing'] });
      const again = await sweep();
      expect(again.reread + again.indexFailures).toBe(0);
      expect(read).toHaveBeenCalledTimes(1);
    });

    test('a reading that finds nothing leaves what was read before', async () => {
      const { records, memory, sweep } = await setUp(async () => ({ pieces: [], note: 'no text' }));

      expect((await sweep()).reread).toBe(1);
      expect((await records.getStatement(ALICE, ID))?.balances).toMatchObject({ opening: 10, closing: 99, unread: ['from'] });
      expect(memory.writes).toEqual([]);
    });
  });
});
