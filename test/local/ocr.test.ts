import type { DocumentNode } from 'graphql';
import { SCANNED_STATEMENT, scannedBalances, photographedJpeg, scannedPdf, scannedPng } from '../support/scanned-statement';
import { SEARCH, STATEMENT_DETAILS, apollo } from './support/graphql';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';

/**
 * Scans and photos through the real path: an image-only PDF and a phone's photo of a paper
 * statement (a JPEG turned 2° with grain) uploaded through the statements API, checked and
 * scanned, read by the catalogue's functions with OCR (tesseract.js from the handlers'
 * bundle, its models from npm, nothing downloaded), found by a word only their pictures
 * hold, and their days and balances kept with where they came from.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
const ids = { pdf: '', photo: '' };

type Details = {
  id: string;
  contentNotIndexed: string | null;
  balances: {
    from: string | null;
    to: string | null;
    opening: number | null;
    closing: number | null;
    source: string | null;
    unread: string[];
  } | null;
};

const asAlice = async <T>(query: DocumentNode, variables: Record<string, string>): Promise<T> =>
  (await apollo(stack.config, { token: alice.idToken }).query({ query, variables, fetchPolicy: 'no-cache' })).data as T;

const found = async (query: string) =>
  (await asAlice<{ search: { hits: { statement: { id: string } }[] } }>(SEARCH, { query })).search.hits.map((hit) => hit.statement.id);

const details = async (id: string) => (await asAlice<{ statement: Details | null }>(STATEMENT_DETAILS, { id })).statement;

beforeAll(async () => {
  ({ stack, alice } = context);
  const upload = async (fileName: string, contentType: string, bytes: Buffer) =>
    (await uploadStatement(stack.config, alice.idToken, { fileName, contentType, accountLabel: 'Harbourside', period: '2024-03', bytes }))
      .statementId;
  ids.pdf = await upload('scan.pdf', 'application/pdf', await scannedPdf([scannedPng()]));
  ids.photo = await upload('photo.jpg', 'image/jpeg', photographedJpeg(2));
  await waitFor(
    async () => ((await found(SCANNED_STATEMENT.word)).length === 2 ? true : undefined),
    'the scan and the photo to be read by OCR and searchable',
  );
}, 240_000);

test('a word only in their pictures finds the image-only PDF and the photo', async () => {
  expect((await found(SCANNED_STATEMENT.word)).sort()).toEqual([ids.pdf, ids.photo].sort());
  // A word of neither finds neither.
  expect(await found('Quetzalcoatl')).toEqual([]);
});

test.each([
  ['the image-only PDF', 'pdf', 'read by OCR, page 1'],
  ['the photo', 'photo', 'read by OCR'],
] as const)('%s keeps its days and balances, read by OCR', async (_, which, source) => {
  const statement = await details(ids[which]);
  expect(statement?.contentNotIndexed).toBeNull();
  expect(statement?.balances).toMatchObject(scannedBalances(source));
});
