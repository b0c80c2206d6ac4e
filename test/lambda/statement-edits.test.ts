import { NOT_FOUND } from '../../contract/reading/balances';
import fc from 'fast-check';
import { STATEMENT_EDIT_MAX } from '../../contract';
import { createAccountRename, createBalancesEntry, createStatementEdits } from '../../lambda/statement-edits/core';
import { nastyString, sub } from '../support/arbitraries';
import { capturingLog, memoryRecords } from '../support/lambda-fakes';
import { statementRecord } from '../support/statement-records';

/**
 * The editStatements resolver's core, in process: what it changes, and properties over
 * generated input (any JSON where the mutation's input goes): it never throws, bad input
 * is a BadRequest in words that changes nothing, and another owner's statements never
 * change. FUZZ_RUNS raises the case count.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

const setup = () => {
  const records = memoryRecords();
  const [hers, his] = [statementRecord(ALICE), statementRecord(BOB)];
  for (const one of [hers, his]) records.statements.set(`${one.owner}/${one.id}`, one);
  return { records, hers, his, edit: createStatementEdits({ records, log: capturingLog() }) };
};

test('the caller’s statements change; ids of anyone else’s come back as not found, unchanged', async () => {
  const { records, hers, his, edit } = setup();
  expect(await edit({ owner: ALICE, input: { ids: [hers.id, his.id], accountLabel: '  Savings ', period: '2023-12' } })).toEqual({
    edited: [{ ...hers, accountLabel: 'Savings', accountKey: 'savings', period: '2023-12', filedAt: expect.any(String) }],
    notFound: [his.id],
  });
  expect(records.statements.get(`${BOB}/${his.id}`)).toEqual(his);
});

test('a missing or malformed owner is refused before anything is read', async () => {
  const { records, hers, edit } = setup();
  for (const owner of [undefined, '', 'not-a-sub', '../x'])
    expect(await edit({ owner: owner as string, input: { ids: [hers.id], period: '2024-02' } })).toEqual({
      error: { type: 'Unauthorized', message: 'A signed-in user is required.' },
    });
  expect(records.writes).toEqual([]);
});

test('any input: never a throw; bad input is a BadRequest in words that writes nothing; Bob’s statement never changes', async () => {
  const input = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        ids: fc.oneof(
          fc.array(fc.constantFrom(`01JD${'0'.repeat(21)}1`, `01JD${'0'.repeat(21)}2`, '01JZZZZZZZZZZZZZZZZZZZZZZZ'), { maxLength: 4 }),
          fc.array(nastyString, { maxLength: 3 }),
          fc.constant(Array.from({ length: STATEMENT_EDIT_MAX + 1 }, (_, n) => `01JH${String(n).padStart(22, '0')}`)),
          fc.jsonValue(),
        ),
        fileName: fc.option(fc.oneof(nastyString, fc.jsonValue()), { nil: undefined }),
        accountLabel: fc.option(fc.oneof(nastyString, fc.jsonValue()), { nil: undefined }),
        period: fc.option(fc.oneof(fc.constantFrom('2024-02', '2024-13', '24-02'), nastyString), { nil: undefined }),
        extra: fc.option(fc.jsonValue(), { nil: undefined }),
      },
      { requiredKeys: [] },
    ),
  );
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.constant(ALICE), fc.constant(BOB), sub), input, async (owner, raw) => {
      const { records, his, edit } = setup();
      const answer = await edit({ owner, input: raw });
      if ('error' in answer) {
        expect(answer.error.type).toBe('BadRequest');
        expect(answer.error.message).toMatch(/\S/);
        expect(records.writes).toEqual([]);
      } else {
        for (const one of answer.edited) expect(one.owner).toBe(owner);
      }
      if (owner !== BOB) expect(records.statements.get(`${BOB}/${his.id}`)).toEqual(his);
    }),
    { numRuns: RUNS },
  );
});

describe('the renameAccount resolver', () => {
  const renameSetup = () => {
    const { records, hers } = setup();
    return { records, hers, rename: createAccountRename({ records, log: capturingLog() }) };
  };

  test("renames the caller's own account, keeping its key; the new name files its next statement under it", async () => {
    const { records, rename } = renameSetup();
    expect(await rename({ owner: ALICE, input: { accountKey: 'main', label: ' Everyday ' } })).toMatchObject({
      accountKey: 'main',
      label: 'Everyday',
      count: 1,
    });
    const { accountKey: _key, ...next } = statementRecord(ALICE, { accountLabel: 'everyday' });
    await records.putStatement(next);
    expect((await records.getStatement(ALICE, next.id))?.accountKey).toBe('main');
  });

  test("null for an account the caller has none of (another person's reads the same); a name another account has is refused in words", async () => {
    const { rename } = renameSetup();
    expect(await rename({ owner: BOB, input: { accountKey: 'nobody', label: 'Mine' } })).toBeNull();
    const { records, rename: renameHers } = renameSetup();
    await records.putStatement(statementRecord(ALICE, { accountLabel: 'Savings' }));
    expect(await renameHers({ owner: ALICE, input: { accountKey: 'main', label: 'SAVINGS' } })).toEqual({
      error: {
        type: 'BadRequest',
        message: "Another of your accounts goes by SAVINGS. To make them one, file this one's statements under it.",
      },
    });
  });

  test('any input that is not an account key and a name is a BadRequest, and no owner but a signed-in one is served', async () => {
    const { rename } = renameSetup();
    expect(await rename({ owner: 'not-a-sub', input: { accountKey: 'main', label: 'X' } })).toMatchObject({
      error: { type: 'Unauthorized' },
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ accountKey: nastyString, label: nastyString })), async (input) => {
        const answer = await rename({ owner: ALICE, input });
        if (answer && 'error' in answer) expect(answer.error.type).toBe('BadRequest');
        else if (answer) expect(answer.accountKey).toBe('main');
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the enterBalances resolver', () => {
  const entrySetup = () => {
    const { records, hers, his } = setup();
    return { records, hers, his, enter: createBalancesEntry({ records, log: capturingLog() }) };
  };

  test('sets what the person enters as theirs, keeps what the file said, and clears a value given as null', async () => {
    const { records, hers, enter } = entrySetup();
    records.statements.set(`${ALICE}/${hers.id}`, {
      ...hers,
      balances: {
        from: '2024-03-01',
        to: '2024-03-31',
        closing: 80,
        unread: [NOT_FOUND.opening],
        entered: [],
      },
    });
    expect(await enter({ owner: ALICE, input: { id: hers.id, opening: 1204.55, currency: 'EUR' } })).toMatchObject({
      balances: { from: '2024-03-01', to: '2024-03-31', opening: 1204.55, closing: 80, currency: 'EUR', entered: ['opening', 'currency'] },
    });
    const cleared = await enter({ owner: ALICE, input: { id: hers.id, currency: null, closing: 81 } });
    expect(cleared).toMatchObject({ balances: { opening: 1204.55, closing: 81, entered: ['opening', 'closing'] } });
    expect((cleared as { balances: object }).balances).not.toHaveProperty('currency');
  });

  test("the file's own check is no longer said once the person gives another opening or closing", async () => {
    const { records, hers, enter } = entrySetup();
    const words = 'Read and checked: opening + 2 transactions = closing.';
    records.statements.set(`${ALICE}/${hers.id}`, {
      ...hers,
      balances: { opening: 10, closing: 30, arithmetic: { state: 'CHECKED', transactions: 2, words }, unread: [], entered: [] },
    });
    // Its days or currency, or the same figure again, leave the check as the file gave it.
    expect(await enter({ owner: ALICE, input: { id: hers.id, currency: 'EUR', closing: 30 } })).toMatchObject({
      balances: { arithmetic: { state: 'CHECKED', words } },
    });
    const changed = await enter({ owner: ALICE, input: { id: hers.id, opening: 12 } });
    expect((changed as { balances: object }).balances).not.toHaveProperty('arithmetic');
  });

  test("null for another person's statement, which stays as it was", async () => {
    const { records, his, enter } = entrySetup();
    expect(await enter({ owner: ALICE, input: { id: his.id, opening: 1 } })).toBeNull();
    expect(records.statements.get(`${BOB}/${his.id}`)).toEqual(his);
    expect(records.writes).toEqual([]);
  });

  test.each([
    [{ id: 'x', opening: 1 }, 'statementId is not a statement id'],
    [{ opening: 1 }, 'statementId is required'],
    [{ id: '01JD0000000000000000000001' }, 'enter at least one of its days or balances'],
    [{ id: '01JD0000000000000000000001', from: '2024-02-30' }, 'from must be a day that exists (YYYY-MM-DD)'],
    [{ id: '01JD0000000000000000000001', from: '2024-03-31', to: '2024-03-01' }, 'from must be on or before to'],
    [{ id: '01JD0000000000000000000001', from: '2023-01-01', to: '2024-03-01' }, 'a statement covers at most 367 days'],
    [{ id: '01JD0000000000000000000001', opening: 1.005 }, 'opening must be in whole cents'],
    [{ id: '01JD0000000000000000000001', closing: 1e13 }, 'closing must be under 1,000,000,000,000'],
    [{ id: '01JD0000000000000000000001', currency: 'eur' }, 'currency must be three capital letters (EUR)'],
    [{ id: '01JD0000000000000000000001', opening: 1, owner: BOB }, 'Unrecognized key: "owner"'],
  ])('%j is refused in words, and nothing is written', async (input, message) => {
    const { records, enter } = entrySetup();
    const answer = await enter({ owner: ALICE, input });
    expect(answer).toEqual({ error: { type: 'BadRequest', message: expect.stringContaining(message) } });
    expect(records.writes).toEqual([]);
  });
});
