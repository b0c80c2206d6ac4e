import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import { fileArrivalEventSchema } from '../../lambda/mail/arrival-event';
import { fileArrival, type ArrivalFilingPorts } from '../../lambda/mail/arrival-filing';
import type { HeldFiling } from '../../lambda/shared/records';
import type { WaitingFile } from '../../lambda/shared/mail/arrivals';
import type { MailStatement } from '../../lambda/mail/file-port';
import { TEST_IDENTIFIER_SECRET, capturingLog } from '../support/lambda-fakes';

/**
 * A waiting file filed on its owner's word (the statements API held its place and invoked
 * the mail function): stored where an upload goes under what the person chose, the waiting
 * copy let go; a retried invocation files nothing twice; a place no longer held stores nothing.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'statements');
const OWNER = '11111111-2222-4333-8444-555555555555';
const ID = '01JD7ZK3QH6V0M7Z2Q9W8X4Y5A';

const setup = (options: { file: string; contentType: string; before?: 'held' | 'filed'; waiting?: boolean }) => {
  const bytes = fs.readFileSync(path.join(FIXTURES, options.file));
  const stored: MailStatement[] = [];
  const held: HeldFiling[] = [];
  let waiting: WaitingFile | undefined =
    options.waiting === false ? undefined : { fileName: options.file, contentType: options.contentType, size: bytes.length };
  const log = capturingLog();
  const ports: ArrivalFilingPorts = {
    ownerKey: (owner) => ownerIdentifierKey(TEST_IDENTIFIER_SECRET, owner),
    filedBefore: async () => options.before,
    holdFor: async (_owner, _statementId, filing) => {
      held.push(filing);
      return options.before === 'held';
    },
    store: async (statement) => void stored.push(statement),
    waiting: async () => waiting,
    readWaiting: async () => bytes,
    removeWaiting: async () => void (waiting = undefined),
    log,
  };
  const request = (accountLabel: string, period: string) =>
    fileArrivalEventSchema.parse({ fileArrival: { owner: OWNER, statementId: ID, accountLabel, period } });
  return { file: fileArrival(ports), request, stored, held, bytes, isWaiting: () => waiting !== undefined, log };
};

test('filed under what the person chose, with its checksum; what the file says of another account does not go with it', async () => {
  const { file, request, stored, held, bytes, isWaiting } = setup({
    file: 'releve-bnp.ofx',
    contentType: 'application/x-ofx',
    before: 'held',
  });
  expect(await file(request('Joint account', '2024-04'))).toBe('filed');
  // Its held place says its owner files it: a retry of its mail leaves it to them.
  expect(held).toEqual([{ filedByOwner: true }]);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ owner: OWNER, statementId: ID, contentType: 'application/x-ofx' });
  expect(stored[0].checksum).toBe(createHash('sha256').update(bytes).digest('base64'));
  expect(stored[0].metadata).toEqual({
    fileName: 'releve-bnp.ofx',
    accountLabel: 'Joint account',
    period: '2024-04',
    identifierKeys: [],
    accountFacts: {},
    arrivedByMail: true,
  });
  expect(isWaiting()).toBe(false);
});

test('filed under the account the file names: its identifiers’ keys and its bank go with it', async () => {
  const { file, request, stored } = setup({ file: 'releve-bnp.ofx', contentType: 'application/x-ofx', before: 'held' });
  expect(await file(request('BNP Paribas ••5678', '2024-03'))).toBe('filed');
  expect(stored[0].metadata.accountFacts).toMatchObject({ institution: 'BNP Paribas' });
  expect(stored[0].metadata.identifierKeys?.length).toBeGreaterThan(0);
});

test('a retried invocation after the file was stored lets the waiting copy go and stores nothing again', async () => {
  const { file, request, stored, isWaiting } = setup({ file: 'releve-bnp.ofx', contentType: 'application/x-ofx', before: 'filed' });
  expect(await file(request('Joint account', '2024-04'))).toBe('filed');
  expect(stored).toEqual([]);
  expect(isWaiting()).toBe(false);
});

test('a place no longer held stores nothing and keeps it waiting; a file no longer waiting is gone', async () => {
  const expired = setup({ file: 'releve-bnp.ofx', contentType: 'application/x-ofx' });
  expect(await expired.file(expired.request('Joint account', '2024-04'))).toBe('not held');
  expect(expired.stored).toEqual([]);
  expect(expired.isWaiting()).toBe(true);
  expect(expired.log.text()).toContain('no longer held');
  const gone = setup({ file: 'releve-bnp.ofx', contentType: 'application/x-ofx', before: 'held', waiting: false });
  expect(await gone.file(gone.request('Joint account', '2024-04'))).toBe('gone');
  expect(gone.stored).toEqual([]);
});

test.each([
  { fileArrival: { owner: 'not-a-sub', statementId: ID, accountLabel: 'A', period: '2024-04' } },
  { fileArrival: { owner: OWNER, statementId: '../x', accountLabel: 'A', period: '2024-04' } },
  { fileArrival: { owner: OWNER, statementId: ID, accountLabel: 'A', period: '2024-4' } },
  { fileArrival: { owner: OWNER, statementId: ID, accountLabel: 'A', period: '2024-04' }, extra: true },
])('an event not as the statements API sends it is refused at the edge: %j', (event) => {
  expect(fileArrivalEventSchema.safeParse(event).success).toBe(false);
});
