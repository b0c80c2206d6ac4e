import { MAIL_TOKEN_PATTERN, MAIL_WORDS, STATEMENT_ROUTES, mailTokenOf } from '../../contract';
import { PRODUCT_DOMAIN, mailTokenFrom, type MailArrivalsResponse } from '../../contract/mail';
import { arrivalsAsShown } from '../../lambda/statements/mail-routes';
import { createStatementsApi } from '../../lambda/statements/core';
import { arrivedKey } from '../../contract/keys';
import type { FileArrivalEvent } from '../../lambda/mail/arrival-event';
import {
  ALICE,
  BOB,
  TEST_MAIL_DOMAIN,
  apiEvent,
  json,
  memoryApiDeps,
  memoryMailAddresses,
  memoryMailArrivals,
} from '../support/lambda-fakes';

const setup = (options: { domain?: string; random?: (size: number) => Uint8Array } = {}) => {
  const addresses = memoryMailAddresses();
  const deps = memoryApiDeps();
  const api = createStatementsApi({
    ...deps,
    mail: { ...deps.mail, domain: 'domain' in options ? options.domain : TEST_MAIL_DOMAIN, addresses, random: options.random },
  });
  const read = async (sub = ALICE) => api(apiEvent({ ...STATEMENT_ROUTES.mailAddress, sub }));
  const setSenders = async (body: unknown, sub = ALICE) => api(apiEvent({ ...STATEMENT_ROUTES.setMailSenders, sub, body }));
  const renew = async (sub = ALICE) => api(apiEvent({ ...STATEMENT_ROUTES.newMailAddress, sub }));
  return { addresses, read, renew, setSenders, log: deps.log };
};

describe('a private mail address', () => {
  test('none until asked for; a new one is random, under the domain, and is the one read after', async () => {
    const { read, renew, addresses } = setup();
    expect(json(await read())).toEqual({ address: null, senders: [] });
    const made = await renew();
    expect(made.statusCode).toBe(201);
    const { address } = json(made) as { address: string };
    const token = mailTokenOf(address, TEST_MAIL_DOMAIN);
    expect(token).toMatch(MAIL_TOKEN_PATTERN);
    expect(address).toBe(`s-${token}@${TEST_MAIL_DOMAIN}`);
    expect(json(await read())).toEqual({ address, senders: [] });
    expect(await addresses.ownerOf(token!)).toEqual({ sub: ALICE });
  });

  test('a new address retires the old one at once; each person has their own', async () => {
    const { read, renew, addresses } = setup();
    const first = (json(await renew()) as { address: string }).address;
    const second = (json(await renew()) as { address: string }).address;
    expect(second).not.toBe(first);
    expect(await addresses.ownerOf(mailTokenOf(first, TEST_MAIL_DOMAIN)!)).toBeUndefined();
    expect(await addresses.ownerOf(mailTokenOf(second, TEST_MAIL_DOMAIN)!)).toEqual({ sub: ALICE });
    expect(json(await read(BOB))).toEqual({ address: null, senders: [] });
    const bobs = (json(await renew(BOB)) as { address: string }).address;
    expect(bobs).not.toBe(second);
    expect(json(await read())).toEqual({ address: second, senders: [] });
  });

  test('a token someone holds is drawn again, never shared', async () => {
    const draws = [new Uint8Array(20).fill(1), new Uint8Array(20).fill(1), new Uint8Array(20).fill(2)];
    const { renew } = setup({ random: () => draws.shift()! });
    const alices = (json(await renew(ALICE)) as { address: string }).address;
    const bobs = (json(await renew(BOB)) as { address: string }).address;
    expect(mailTokenOf(alices, TEST_MAIL_DOMAIN)).toBe(mailTokenFrom(new Uint8Array(20).fill(1)));
    expect(mailTokenOf(bobs, TEST_MAIL_DOMAIN)).toBe(mailTokenFrom(new Uint8Array(20).fill(2)));
  });

  test('where the deployment names no mail domain, both routes say so (404) and nothing is stored', async () => {
    const { read, renew, addresses } = setup({ domain: undefined });
    for (const answer of [await read(), await renew()]) {
      expect(answer.statusCode).toBe(404);
      expect(json(answer).error).toEqual({ code: 'NOT_FOUND', message: MAIL_WORDS.mailOff });
    }
    expect(addresses.owners.size).toBe(0);
  });

  test('the log says an address was replaced, never the address', async () => {
    const { renew, log } = setup();
    const { address } = json(await renew()) as { address: string };
    expect(log.text()).toContain('mail address replaced');
    expect(log.text()).not.toContain(mailTokenOf(address, TEST_MAIL_DOMAIN)!);
  });
});

describe('whom a person takes mail from', () => {
  test('set for the caller alone, trimmed, in lower case and each once; kept when the address is replaced; none is anyone', async () => {
    const { read, renew, setSenders, addresses } = setup();
    const { address } = json(await renew()) as { address: string };
    const set = await setSenders({ senders: [' Statements@Bank.Example ', '@bank.example', 'statements@bank.example'] });
    expect(set.statusCode).toBe(200);
    expect(json(set)).toEqual({ address, senders: ['statements@bank.example', '@bank.example'] });
    expect(await addresses.ownerOf(mailTokenOf(address, TEST_MAIL_DOMAIN)!)).toEqual({
      sub: ALICE,
      allowedSenders: ['statements@bank.example', '@bank.example'],
    });
    const replaced = json(await renew()) as { address: string; senders: string[] };
    expect(replaced.senders).toEqual(['statements@bank.example', '@bank.example']);
    expect(json(await read(BOB))).toEqual({ address: null, senders: [] });
    expect(json(await setSenders({ senders: [] }))).toEqual({ address: replaced.address, senders: [] });
    expect(await addresses.ownerOf(mailTokenOf(replaced.address, TEST_MAIL_DOMAIN)!)).toEqual({ sub: ALICE });
  });

  test.each([
    [{ senders: ['bank.example'] }, /address .* or a domain/],
    [{ senders: ['a@b'] }, /address .* or a domain/],
    [{ senders: [`${'a'.repeat(250)}@bank.example`] }, /at most 254 characters/],
    [{ senders: Array.from({ length: 21 }, (_, index) => `s${index}@bank.example`) }, /at most 20 senders/],
    [{ senders: 'statements@bank.example' }, /list/],
    [{ senders: [], owner: BOB }, /owner|unrecognized/i],
  ])('%j is refused in words (400), nothing stored', async (body, words) => {
    const { setSenders, addresses } = setup();
    const answer = await setSenders(body);
    expect(answer.statusCode).toBe(400);
    expect(json(answer).error.message).toMatch(words);
    expect((await addresses.mailOf(ALICE)).senders).toEqual([]);
  });
});

describe('a waiting file, filed or discarded on its owner’s word', () => {
  const WAITING = '01JD7ZK3QH6V0M7Z2Q9W8X4Y5A';
  const arrivalsSetup = () => {
    const deps = memoryApiDeps();
    const arrivals = memoryMailArrivals();
    arrivals.waitingFiles.set(`${ALICE}/${WAITING}`, { fileName: 'activity.csv', contentType: 'text/csv', size: 4_000 });
    const asked: FileArrivalEvent[] = [];
    const api = createStatementsApi({
      ...deps,
      mail: { ...deps.mail, arrivals, fileWaiting: async (event) => void asked.push(event) },
    });
    const file = (body: unknown, sub = ALICE, statementId = WAITING) =>
      api(apiEvent({ ...STATEMENT_ROUTES.fileArrival, sub, pathParameters: { statementId }, body }));
    const discard = (sub = ALICE, statementId = WAITING) =>
      api(apiEvent({ ...STATEMENT_ROUTES.discardArrival, sub, pathParameters: { statementId } }));
    return { deps, arrivals, asked, file, discard };
  };

  test('filed: its place is held under the quota and the mail function is asked, for the caller, with what they chose', async () => {
    const { deps, asked, file } = arrivalsSetup();
    const answer = await file({ accountLabel: 'Everyday', period: '2024-02' });
    expect(answer.statusCode).toBe(202);
    expect(json(answer)).toEqual({ statementId: WAITING });
    expect(await deps.records.holdsPlace(ALICE, WAITING)).toBe(true);
    expect(asked).toEqual([{ fileArrival: { owner: ALICE, statementId: WAITING, accountLabel: 'Everyday', period: '2024-02' } }]);
    // Asked again while the function runs: the place held stands, and it is asked again.
    expect((await file({ accountLabel: 'Everyday', period: '2024-02' })).statusCode).toBe(202);
    expect(asked).toHaveLength(2);
    expect(deps.records.writes.filter((write) => write.startsWith('reserveUpload'))).toHaveLength(1);
  });

  test("another person's waiting file is not there for the caller; nor is one that was never there", async () => {
    const { asked, file, discard, arrivals } = arrivalsSetup();
    for (const answer of [
      await file({ accountLabel: 'Everyday', period: '2024-02' }, BOB),
      await file({ accountLabel: 'Everyday', period: '2024-02' }, ALICE, '01JD7ZK3QH6V0M7Z2Q9W8X4Y5B'),
      await discard(BOB),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(json(answer).error).toEqual({ code: 'NOT_FOUND', message: MAIL_WORDS.arrivalGone });
    }
    expect(asked).toEqual([]);
    expect(arrivals.waitingFiles.size).toBe(1);
  });

  test.each([
    [{ accountLabel: 'Everyday', period: '2024-13' }, /period/],
    [{ accountLabel: '', period: '2024-02' }, /account/i],
    [{ accountLabel: 'Everyday' }, /period/],
    [{ accountLabel: 'Everyday', period: '2024-02', owner: BOB }, /owner|unrecognized|not allowed/i],
  ])('a request %j is refused in words (400), nothing held or asked', async (body, words) => {
    const { deps, asked, file } = arrivalsSetup();
    const answer = await file(body);
    expect(answer.statusCode).toBe(400);
    expect(json(answer).error.message).toMatch(words);
    expect(asked).toEqual([]);
    expect(await deps.records.holdsPlace(ALICE, WAITING)).toBe(false);
  });

  test('discarded: its bytes and its record go; asked again, it is gone', async () => {
    const { deps, arrivals, discard } = arrivalsSetup();
    deps.objects.objects.set(arrivedKey(ALICE, WAITING), {
      size: 4_000,
      contentType: 'text/csv',
      metadata: {},
      lastModified: new Date().toISOString(),
    });
    expect((await discard()).statusCode).toBe(204);
    expect(arrivals.waitingFiles.size).toBe(0);
    expect(await deps.objects.head(arrivedKey(ALICE, WAITING))).toBeUndefined();
    expect((await discard()).statusCode).toBe(404);
  });
});

describe('what arrived, as the person is shown it', () => {
  const from = (address: string) => ({ from: address, subject: 'Your\r\nstatement\u202e', receivedAt: '2026-12-01T10:00:00.000Z' });
  const answer = (addresses: string[]) =>
    arrivalsAsShown(
      {
        arrived: addresses.map((address, index) => ({
          id: `id${index}`,
          fileName: 'march\u2066.pdf',
          contentType: 'application/pdf',
          size: 1,
          reason: 'why\u0007',
          mail: from(address),
        })),
        keptOut: [{ mail: from(addresses[0]), reason: 'kept\u001b', files: [{ fileName: 'a\u202eexe.pdf', reason: 'not\u0085' }] }],
      },
      [PRODUCT_DOMAIN, TEST_MAIL_DOMAIN, 'vault.example.com'],
    );

  test("a From at the product's, the mail domain's or the web app's domain (or under one) is flagged; a bank's, or a look-alike, is not", () => {
    const flagged = answer([
      'security@statement-vault.example',
      `alerts@${TEST_MAIL_DOMAIN}`,
      'no-reply@vault.example.com',
      'x@mail.vault.example.com',
      'statements@harbor.example, security@statement-vault.example',
      'statements@harbor.example',
      '"security@statement-vault.example"@attacker.example',
      'security@statement-vault.example.evil.example',
      'security@evilstatement-vault.example',
      '"security@statement-vault.examples"@attacker.example',
    ]).arrived.map((arrival) => Boolean(arrival.mail.fromVaultDomain));
    expect(flagged).toEqual([true, true, true, true, true, false, true, false, false, false]);
  });

  test('records written before the mail function cleaned them are answered cleaned', () => {
    const shown = answer(['statements@harbor.example']);
    expect(shown.arrived[0]).toMatchObject({ fileName: 'march .pdf', reason: 'why', mail: { subject: 'Your statement' } });
    expect(shown.keptOut[0]).toEqual({
      mail: { from: 'statements@harbor.example', subject: 'Your statement', receivedAt: '2026-12-01T10:00:00.000Z' },
      reason: 'kept',
      files: [{ fileName: 'a exe.pdf', reason: 'not' }],
    });
  });

  test("what was read of a stranger's file is answered cleaned, and an account number it quotes masked, as records of earlier releases hold them", () => {
    const shown = arrivalsAsShown(
      {
        arrived: [
          {
            id: 'id0',
            fileName: 'umsaetze.csv',
            contentType: 'text/csv',
            size: 1,
            reason: 'Which account is this? Its "Konto" column names several: the line "IBAN;DE89 3704 0044 0532 0130 00".',
            period: { value: '2024-03', detail: 'its "Buchungstag\u202e" column' },
            account: { value: 'Konto DE89370400440532013000', detail: 'its "Kontonummer\u202e fake" column' },
            mail: from('statements@harbor.example'),
          },
        ],
        keptOut: [],
      },
      [PRODUCT_DOMAIN],
    ).arrived[0];
    expect(JSON.stringify(shown)).not.toMatch(/3704|0532|\u202e/);
    expect(shown.reason).toContain('DE89 •••• •••• •••• 3000');
    expect(shown.account).toEqual({ value: 'Konto DE89 •••• •••• •••• 3000', detail: 'its "Kontonummer fake" column' });
    expect(shown.period).toEqual({ value: '2024-03', detail: 'its "Buchungstag " column' });
  });

  test("the route answers so: the web app's origins count as the vault's own", async () => {
    const deps = memoryApiDeps();
    const arrival = {
      id: 'id1',
      fileName: 'march.pdf',
      contentType: 'application/pdf',
      size: 1,
      reason: 'why',
      mail: from('no-reply@vault.example.com'),
    };
    const arrivals = { ...memoryMailArrivals(), list: async () => ({ arrived: [arrival], keptOut: [] }) };
    const api = createStatementsApi({ ...deps, cors: { allowedOrigins: ['https://vault.example.com'] }, mail: { ...deps.mail, arrivals } });
    const body = json(await api(apiEvent({ ...STATEMENT_ROUTES.mailArrivals, sub: ALICE }))) as MailArrivalsResponse;
    expect(body.arrived[0].mail).toEqual({ ...from('no-reply@vault.example.com'), subject: 'Your statement', fromVaultDomain: true });
  });
});
