import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { STATEMENT_ROUTES } from '../../contract';
import { checkPacketOutside, pdfPagesText } from '../support/pdf-pages';
import { runningBalanceExport } from '../support/running-balance-export';
import { rawGraphql } from './support/graphql';
import { callApi } from './support/rest';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';

/**
 * A packet through the local stack's real path: statements uploaded, scanned and read by the
 * catalogue, a packet made by the statements API (streamed from the bucket into the bucket,
 * under the template's own IAM and the bucket policy's clean-verdict rule), fetched through
 * its presigned URL, unpacked by Python's zipfile, Info-ZIP's unzip and bsdtar and checked by
 * coreutils' sha256sum. The account's label and the files' names are not ASCII, as the
 * filing writes them ("Harbor Bank ••3000"), and the names in the packet are.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
const originals = new Map<string, Buffer>();

beforeAll(async () => {
  ({ stack, alice, bob } = context);
  const months: [string, string, string, number][] = [
    ['2024-01', '2024-01-02', '2024-01-30', 100],
    ['2024-02', '2024-02-01', '2024-02-28', 1300],
    ['2024-03', '2024-03-01', '2024-03-29', 2500],
  ];
  const ids: string[] = [];
  for (const [period, first, last, opening] of months) {
    const bytes = runningBalanceExport(first, last, opening);
    const { statementId } = await uploadStatement(stack.config, alice.idToken, {
      fileName: `relevé-${period}.csv`,
      accountLabel: 'Harbor Bank ••3000',
      contentType: 'text/csv',
      period,
      bytes,
    });
    originals.set(`releve-${period}.csv`, bytes);
    ids.push(statementId);
  }
  await waitFor(
    async () => {
      const answer = await rawGraphql(
        stack.config,
        { Authorization: alice.idToken },
        `{ accountChain(accountKey: "harbor bank ••3000") { items { id status balances { closing } } } }`,
      );
      const items = (answer.body.data as { accountChain?: { items: { status: string; balances: { closing?: number } | null }[] } })
        .accountChain?.items;
      return items?.length === 3 && items.every((item) => item.status === 'AVAILABLE' && item.balances?.closing) ? true : undefined;
    },
    'the three statements to be scanned and read',
    60_000,
  );
}, 120_000);

test('a packet of three statements that follow on: fetched through its URL, every checksum holds, the cover says complete', async () => {
  const made = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createPacket, {
    token: alice.idToken,
    body: { accountKeys: ['harbor bank ••3000'], from: '2024-01-01', to: '2024-03-31' },
  });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ statements: 3, complete: true, fileName: 'Statement packet 2024-01-01 to 2024-03-31.zip' });
  const download = await fetch(made.body.url);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-disposition')).toContain('Statement packet 2024-01-01 to 2024-03-31.zip');
  const zip = new Uint8Array(await download.arrayBuffer());
  const { folder, report } = checkPacketOutside(zip);
  expect(report).toMatch(/cover\.pdf: OK/);
  expect(report.match(/: OK$/gm)).toHaveLength(4);
  // The files in it are the files uploaded, byte for byte.
  for (const [name, bytes] of originals) {
    const [entry] = fs.readdirSync(path.join(folder, 'Harbor Bank xx3000')).filter((file) => file.endsWith(name));
    expect(fs.readFileSync(path.join(folder, 'Harbor Bank xx3000', entry))).toEqual(bytes);
  }
  const cover = pdfPagesText(fs.readFileSync(path.join(folder, 'cover.pdf'))).join('\n');
  expect(cover).toContain('Complete: every statement of the span is here');
  expect(cover).toContain('Harbor Bank ••3000');
  expect(cover).toContain('Filed as relevé-2024-01.csv');
  for (const bytes of originals.values()) expect(cover).toContain(`SHA-256: ${createHash('sha256').update(bytes).digest('hex')}`);
}, 60_000);

test("a packet is its maker's alone: another person's token names no account of theirs, and the URL is for that one packet", async () => {
  const theirs = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createPacket, {
    token: bob.idToken,
    body: { accountKeys: ['harbor bank ••3000'], from: '2024-01-01', to: '2024-03-31' },
  });
  expect(theirs.status).toBe(404);
  const bad = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createPacket, {
    token: alice.idToken,
    body: { accountKeys: ['harbor bank ••3000'], from: '2024-03-31', to: '2024-01-01' } as never,
  });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('from must be on or before to');
});
