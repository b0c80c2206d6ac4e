import { STATEMENT_EDIT_MAX } from '../../contract';
import { EDIT_STATEMENTS, STATEMENTS, SUMMARIES, apollo, rawGraphql } from './support/graphql';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';

/**
 * `editStatements` through the real path: Apollo, the local AppSync running the deployed
 * VTL, which invokes the real resolver function with its own role's credentials (the
 * template's IAM, enforced), on DynamoDB Local.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
beforeAll(() => ({ stack, alice, bob } = context));

type Edited = {
  edited: { id: string; fileName: string; accountLabel: string; period: string; status: string; checksum: string | null }[];
  notFound: string[];
};

const edit = async (token: string, input: Record<string, unknown>) => {
  const { data, error } = await apollo(stack.config, { token })
    .mutate({ mutation: EDIT_STATEMENTS, variables: { input } })
    .then(
      (result) => ({ data: result.data as { editStatements: Edited } | undefined, error: undefined }),
      // The resolver's own error comes first (graphql-js adds the non-null field's after it).
      (caught: { errors?: { message: string }[]; message: string }) => ({
        data: undefined,
        error: caught.errors?.[0]?.message ?? caught.message,
      }),
    );
  return { data: data && { edited: data.editStatements.edited, notFound: data.editStatements.notFound }, error };
};

/** Alice's statements, listed as the list reads them (one Query of a list partition). */
const listed = async (filter: Record<string, string>) => {
  const { data } = await apollo(stack.config, { token: alice.idToken }).query({
    query: STATEMENTS,
    variables: { filter },
    fetchPolicy: 'no-cache',
  });
  return (data as { statements: { items: { id: string; fileName: string; accountLabel: string; period: string }[] } }).statements.items;
};

const upload = async (fileName: string) => {
  const { statementId } = await uploadStatement(stack.config, alice.idToken, {
    fileName,
    contentType: 'text/csv',
    accountLabel: 'Checking',
    period: '2024-01',
  });
  await waitFor(
    async () => ((await listed({ accountLabel: 'Checking' })).some((item) => item.id === statementId) ? true : undefined),
    'the upload to be listed',
  );
  return statementId;
};

test('a statement is renamed and filed under another account and period; the lists and summaries follow', async () => {
  const id = await upload('january.csv');
  const { data, error } = await edit(alice.idToken, {
    ids: [id],
    fileName: 'Savings January.csv',
    accountLabel: 'Savings',
    period: '2023-12',
  });
  expect(error).toBeUndefined();
  expect(data).toEqual({
    edited: [expect.objectContaining({ id, fileName: 'Savings January.csv', accountLabel: 'Savings', period: '2023-12' })],
    notFound: [],
  });
  expect((await listed({ accountLabel: 'savings', period: '2023-12' })).map((item) => item.id)).toEqual([id]);
  expect((await listed({ accountLabel: 'Checking' })).map((item) => item.id)).not.toContain(id);
  const { data: summaries } = await apollo(stack.config, { token: alice.idToken }).query({ query: SUMMARIES, fetchPolicy: 'no-cache' });
  const { accounts, periods } = summaries as { accounts: { label: string; count: number }[]; periods: { period: string; count: number }[] };
  expect(accounts).toContainEqual(expect.objectContaining({ label: 'Savings', count: 1 }));
  expect(periods).toContainEqual(expect.objectContaining({ period: '2023-12', count: 1 }));
});

test('a selection goes under one account at once', async () => {
  const ids = [await upload('one.csv'), await upload('two.csv')];
  const { data } = await edit(alice.idToken, { ids, accountLabel: 'Joint' });
  expect(data?.edited.map((one) => [one.id, one.accountLabel])).toEqual(ids.map((id) => [id, 'Joint']));
  expect((await listed({ accountLabel: 'joint' })).map((item) => item.id).sort()).toEqual([...ids].sort());
});

test("another person's statement reads exactly as one that does not exist, and nothing of it changes", async () => {
  const id = await upload('hers.csv');
  const missing = '01JZZZZZZZZZZZZZZZZZZZZZZZ';
  expect(await edit(bob.idToken, { ids: [id], accountLabel: 'Mine now' })).toEqual({
    data: { edited: [], notFound: [id] },
    error: undefined,
  });
  expect(await edit(bob.idToken, { ids: [missing], accountLabel: 'Mine now' })).toEqual({
    data: { edited: [], notFound: [missing] },
    error: undefined,
  });
  expect((await listed({ accountLabel: 'Checking' })).find((item) => item.id === id)).toMatchObject({
    fileName: 'hers.csv',
    accountLabel: 'Checking',
  });
});

test('the upload rules apply: bad input is refused in words and changes nothing', async () => {
  const id = await upload('rules.csv');
  // The resolver's error, by its type, as AppSync answers it (the body as sent, no client in between).
  const refused = async (input: Record<string, unknown>) => {
    const response = await fetch(stack.config.data.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: alice.idToken },
      body: JSON.stringify({
        query: 'mutation ($input: EditStatementsInput!) { editStatements(input: $input) { notFound } }',
        variables: { input },
      }),
    });
    const body = (await response.json()) as { data: unknown; errors?: { errorType?: string; message: string }[] };
    expect(body.data).toBeNull();
    return body.errors?.find((one) => one.errorType === 'BadRequest')?.message;
  };
  expect(await refused({ ids: [id, '01JZZZZZZZZZZZZZZZZZZZZZZZ'], fileName: 'two.csv' })).toBe('a new name is for one statement at a time');
  expect(await refused({ ids: [id], period: '2024-13' })).toBe('period must look like 2024-01 (YYYY-MM)');
  expect(await refused({ ids: [id], accountLabel: 'x'.repeat(65) })).toMatch(/^accountLabel /);
  expect(await refused({ ids: [id], fileName: 'a/b.csv' })).toMatch(/^fileName /);
  expect(await refused({ ids: [id] })).toBe('change the name, the account or the period');
  expect(await refused({ ids: ['../etc'], period: '2024-02' })).toBe('statementId is not a statement id');
  expect(
    await refused({
      ids: Array.from({ length: STATEMENT_EDIT_MAX + 1 }, (_, n) => `01JZ${String(n).padStart(22, '0')}`),
      period: '2024-02',
    }),
  ).toBe(`edit at most ${STATEMENT_EDIT_MAX} statements at once`);
  expect((await listed({ accountLabel: 'Checking' })).find((item) => item.id === id)).toMatchObject({
    fileName: 'rules.csv',
    period: '2024-01',
  });
});

test('without a user pool token there is no edit', async () => {
  const answer = await rawGraphql(
    stack.config,
    { 'x-api-key': stack.config.data.api_key },
    'mutation { editStatements(input: { ids: ["01JZZZZZZZZZZZZZZZZZZZZZZZ"], period: "2024-02" }) { notFound } }',
  );
  expect(answer.body.errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
});
