import { createHash } from 'node:crypto';
import { SHARE_HEADERS, SHARE_LIMITS, SHARE_ROUTES, STATEMENT_ROUTES, statementKey, type Statement } from '../../contract';
import type { RateLimiter } from '../../lambda/shared/shares/store';
import { NO_SUCH_SHARE, createShareApi } from '../../lambda/shares/core';
import type { ShareReader } from '../../lambda/shares/reader';
import { createStatementsApi } from '../../lambda/statements/core';
import { ALICE, BOB, apiEvent, capturingLog, memoryApiDeps, memoryShares, ORIGIN } from '../support/lambda-fakes';

/**
 * Shares in process: the owner's routes make, list, show, extend and withdraw them; the
 * share API answers a live link with what is still shared, and every dead link (expired,
 * withdrawn, malformed, guessed) with the same 404 after the same work.
 */
const NOW = new Date('2026-11-25T12:00:00.000Z');
const SECRET = 'A'.repeat(43);

const statement = (id: string, fields: Partial<Statement> = {}): Statement => ({
  id,
  owner: ALICE,
  fileName: `${id}.pdf`,
  contentType: 'application/pdf',
  size: 100,
  key: statementKey(ALICE, id),
  accountLabel: 'Card',
  period: '2024-01',
  status: 'AVAILABLE',
  uploadedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const setup = () => {
  const shares = memoryShares();
  const deps = { ...memoryApiDeps(), shares: shares.store };
  let clock = NOW;
  const owner = createStatementsApi({ ...deps, now: () => clock, newSecret: () => SECRET });
  // Every call the share API makes before it judges a link, in order.
  const work: string[] = [];
  /** Owners whose account is closing. */
  const closed = new Set<string>();
  // Counts as the table does: one count per key and counter, refused past its limit (the clock never leaves the minute here).
  const taken = new Map<string, number>();
  const limits: RateLimiter = {
    async take(kind, key, limit, _now, counter) {
      work.push(`take ${kind}`);
      const at = `${kind}|${key}|${counter ?? ''}`;
      taken.set(at, (taken.get(at) ?? 0) + 1);
      return taken.get(at)! <= limit;
    },
  };
  const reader: ShareReader = {
    async statements(who, ids) {
      work.push('statements');
      return ids.flatMap((id) => (deps.records.statements.has(`${who}/${id}`) ? [deps.records.statements.get(`${who}/${id}`)!] : []));
    },
    async signedRead(one, disposition) {
      work.push(`signedRead ${one.id} ${disposition}`);
      return { url: `https://files.example/${one.key}?d=${disposition}`, expiresAt: '2026-11-25T12:01:00.000Z' };
    },
  };
  const store = shares.store;
  const api = createShareApi({
    shares: {
      byHash: async (hash) => {
        work.push('byHash');
        return store.byHash(hash);
      },
      recordOpening: store.recordOpening,
      countDownload: store.countDownload,
    },
    limits,
    reader,
    closing: async (who) => {
      work.push('closing');
      return closed.has(who);
    },
    log: capturingLog(),
    cors: { allowedOrigins: [ORIGIN] },
    now: () => clock,
  });
  const open = (secret: string | undefined, extra: Record<string, string> = {}) =>
    api({
      ...apiEvent({ ...SHARE_ROUTES.openShare }),
      requestContext: { ...apiEvent({ ...SHARE_ROUTES.openShare }).requestContext, authorizer: undefined },
      headers: { ...(secret === undefined ? {} : { [SHARE_HEADERS.secret]: secret }), ...extra },
    } as never);
  const file = (id: string, disposition = 'attachment', address?: string) =>
    api({
      ...apiEvent({ ...SHARE_ROUTES.sharedFileUrl, pathParameters: { statementId: id } }),
      queryStringParameters: { disposition },
      headers: { [SHARE_HEADERS.secret]: SECRET, ...(address ? { [SHARE_HEADERS.viewerAddress]: address } : {}) },
    } as never);
  const call = (
    route: (typeof STATEMENT_ROUTES)[keyof typeof STATEMENT_ROUTES],
    sub: string,
    input: { body?: unknown; shareId?: string } = {},
  ) =>
    owner(
      apiEvent({
        ...route,
        sub,
        ...(input.body ? { body: input.body } : {}),
        ...(input.shareId ? { pathParameters: { shareId: input.shareId } } : {}),
      }),
    );
  for (const [id, fields] of [
    ['01JA0000000000000000000001', {}],
    ['01JA0000000000000000000002', { period: '2024-02' }],
    ['01JA0000000000000000000003', { period: '2024-03', status: 'SCANNING' }],
    ['01JA0000000000000000000004', { accountLabel: 'Checking' }],
  ] as const)
    deps.records.statements.set(`${ALICE}/${id}`, statement(id, fields as Partial<Statement>));
  return { deps, shares, call, open, file, work, tick: (ms: number) => (clock = new Date(clock.getTime() + ms)), closed };
};

test("an account's span is shared with its available statements; the owner sees it once with its secret, then without", async () => {
  const { call, shares } = setup();
  const created = await call(STATEMENT_ROUTES.createShare, ALICE, {
    body: { account: { accountLabel: ' card ', from: '2024-01', to: '2024-03' }, expiresInSeconds: 86_400, note: 'For my accountant' },
  });
  expect(created.statusCode).toBe(201);
  const body = JSON.parse(created.body);
  expect(body.secret).toBe(SECRET);
  expect(body.share).toMatchObject({
    state: 'active',
    statementCount: 2,
    note: 'For my accountant',
    expiresAt: '2026-11-26T12:00:00.000Z',
  });
  // Only the hash of the secret is kept.
  const stored = [...shares.byHash.values()][0];
  expect(stored.secretHash).toBe(createHash('sha256').update(SECRET).digest('hex'));
  expect(JSON.stringify([...shares.byHash.values()])).not.toContain(SECRET);
  expect(stored.statements.map((one) => one.id)).toEqual(['01JA0000000000000000000002', '01JA0000000000000000000001']);
  const listed = JSON.parse((await call(STATEMENT_ROUTES.listShares, ALICE)).body);
  expect(listed.shares).toHaveLength(1);
  expect(JSON.stringify(listed)).not.toContain(SECRET);
  expect(JSON.parse((await call(STATEMENT_ROUTES.listShares, BOB)).body).shares).toEqual([]);
});

test('each shared statement names its account as it was when shared: its bank, kind and currency where the vault knew them, nothing guessed', async () => {
  const { call, open, deps } = setup();
  const first = `${ALICE}/01JA0000000000000000000001`;
  deps.records.statements.set(first, {
    ...deps.records.statements.get(first)!,
    accountFacts: { institution: 'First Harbor Bank', kind: 'card' },
  });
  await call(STATEMENT_ROUTES.createShare, ALICE, {
    body: { statementIds: ['01JA0000000000000000000001', '01JA0000000000000000000004'], expiresInSeconds: 3600 },
  });
  // What the account says later is not what was shared.
  deps.records.statements.set(first, {
    ...deps.records.statements.get(first)!,
    accountFacts: { institution: 'Another Bank', currency: 'EUR' },
  });
  const seen = JSON.parse((await open(SECRET)).body).statements as { id: string; accountLabel: string; accountDetails?: unknown }[];
  expect(seen.map(({ id, accountDetails }) => [id, accountDetails])).toEqual([
    ['01JA0000000000000000000001', { institution: 'First Harbor Bank', kind: 'card' }],
    ['01JA0000000000000000000004', undefined],
  ]);
  const [mine] = JSON.parse((await call(STATEMENT_ROUTES.listShares, ALICE)).body).shares as { shareId: string }[];
  const details = JSON.parse((await call(STATEMENT_ROUTES.getShare, ALICE, { shareId: mine.shareId })).body);
  expect(details.statements[0].accountDetails).toEqual({ institution: 'First Harbor Bank', kind: 'card' });
});

test('a share is refused in words: a statement not scanned clean or not the owner’s, an empty span, a span too long, both kinds at once, a lifetime out of range', async () => {
  const { call, deps } = setup();
  const refused = async (body: unknown, sub = ALICE) => {
    const answer = await call(STATEMENT_ROUTES.createShare, sub, { body });
    expect(answer.statusCode).toBe(400);
    return JSON.parse(answer.body).error.message as string;
  };
  expect(await refused({ statementIds: ['01JA0000000000000000000003'], expiresInSeconds: 3600 })).toMatch(
    /only your own statements, once scanned clean/,
  );
  expect(await refused({ statementIds: ['01JA0000000000000000000001'], expiresInSeconds: 3600 }, BOB)).toMatch(/cannot be shared/);
  expect(await refused({ account: { accountLabel: 'Card', from: '2023-01', to: '2023-12' }, expiresInSeconds: 3600 })).toBe(
    'No statement of Card from 2023-01 to 2023-12 can be shared.',
  );
  expect(
    await refused({
      statementIds: ['01JA0000000000000000000001'],
      account: { accountLabel: 'Card', from: '2024-01', to: '2024-01' },
      expiresInSeconds: 3600,
    }),
  ).toMatch(/either statementIds or an account/);
  for (let n = 0; n <= SHARE_LIMITS.maxStatements; n++) {
    const id = `01JB${String(n).padStart(22, '0')}`;
    deps.records.statements.set(`${ALICE}/${id}`, statement(id, { accountLabel: 'Bulk', period: '2025-01' }));
  }
  expect(await refused({ account: { accountLabel: 'Bulk', from: '2025-01', to: '2025-01' }, expiresInSeconds: 3600 })).toMatch(
    /has 101 statements from 2025-01 to 2025-01; a share holds at most 100: choose a shorter span/,
  );
  expect(await refused({ statementIds: ['01JA0000000000000000000001'], expiresInSeconds: 60 })).toMatch(/at least 1 hour/);
  expect(await refused({ statementIds: ['01JA0000000000000000000001'], expiresInSeconds: 31 * 86_400 })).toMatch(/at most 30 days/);
});

test('the recipient sees what is still shared; a statement deleted, quarantined or filed elsewhere leaves at once; downloads and openings are counted', async () => {
  const { call, open, file, deps, shares } = setup();
  const created = JSON.parse(
    (
      await call(STATEMENT_ROUTES.createShare, ALICE, {
        body: {
          statementIds: ['01JA0000000000000000000001', '01JA0000000000000000000002', '01JA0000000000000000000004'],
          expiresInSeconds: 3600,
        },
      })
    ).body,
  );
  const opened = await open(SECRET, {
    [SHARE_HEADERS.viewerAddress]: '203.0.113.77',
    [SHARE_HEADERS.viewerAgent]: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  });
  expect(opened.statusCode).toBe(200);
  expect(JSON.parse(opened.body).statements.map((one: { id: string }) => one.id)).toEqual([
    '01JA0000000000000000000001',
    '01JA0000000000000000000002',
    '01JA0000000000000000000004',
  ]);
  // Nothing of the owner but what was shared: no e-mail, no owner id.
  expect(opened.body).not.toContain(ALICE);

  const url = JSON.parse((await file('01JA0000000000000000000001')).body);
  expect(url.url).toContain(statementKey(ALICE, '01JA0000000000000000000001'));
  expect((await file('01JA0000000000000000000001', 'inline')).statusCode).toBe(200);
  // A statement of the owner's that the share does not name is not in it.
  deps.records.statements.set(`${ALICE}/01JA0000000000000000000005`, statement('01JA0000000000000000000005'));
  expect((await file('01JA0000000000000000000005')).statusCode).toBe(404);

  deps.records.statements.delete(`${ALICE}/01JA0000000000000000000001`);
  deps.records.statements.set(
    `${ALICE}/01JA0000000000000000000002`,
    statement('01JA0000000000000000000002', { period: '2024-02', status: 'QUARANTINED' }),
  );
  deps.records.statements.set(`${ALICE}/01JA0000000000000000000004`, statement('01JA0000000000000000000004', { accountLabel: 'Savings' }));
  expect(JSON.parse((await open(SECRET)).body).statements).toEqual([]);
  expect((await file('01JA0000000000000000000001')).statusCode).toBe(404);

  const details = JSON.parse((await call(STATEMENT_ROUTES.getShare, ALICE, { shareId: created.share.shareId })).body);
  expect(details).toMatchObject({ opens: 2, firstOpenedAt: NOW.toISOString() });
  expect(details.openings[1]).toEqual({ at: NOW.toISOString(), browser: 'Chrome on Android', network: '203.0.113.0/24' });
  expect(details.statements.map((one: { downloads: number; available: boolean }) => [one.downloads, one.available])).toEqual([
    [1, false],
    [0, false],
    [0, false],
  ]);
  expect([...shares.byHash.values()][0].downloads).toEqual({ '01JA0000000000000000000001': 1 });
});

test('every dead link is the same 404 after the same work: expired, withdrawn, malformed, guessed, none at all', async () => {
  const { call, open, work, tick } = setup();
  const created = JSON.parse(
    (await call(STATEMENT_ROUTES.createShare, ALICE, { body: { statementIds: ['01JA0000000000000000000001'], expiresInSeconds: 3600 } }))
      .body,
  );
  const answers: { status: number; body: string; work: string[] }[] = [];
  const dead = async (secret: string | undefined) => {
    work.length = 0;
    const answer = await open(secret);
    answers.push({ status: answer.statusCode, body: answer.body, work: [...work] });
  };
  await dead('B'.repeat(43)); // guessed
  await dead('not a secret at all'); // malformed
  await dead(undefined); // none
  await dead(`${SECRET}x`); // one character more
  await call(STATEMENT_ROUTES.extendShare, ALICE, { shareId: created.share.shareId, body: { expiresInSeconds: 3600 } });
  tick(3600 * 1000);
  await dead(SECRET); // expired
  tick(-3600 * 1000);
  expect((await open(SECRET)).statusCode).toBe(200);
  expect((await call(STATEMENT_ROUTES.revokeShare, ALICE, { shareId: created.share.shareId })).statusCode).toBe(204);
  await dead(SECRET); // withdrawn
  for (const answer of answers) {
    expect(answer).toEqual({
      status: 404,
      body: JSON.stringify({ error: { code: 'NOT_FOUND', message: NO_SUCH_SHARE } }),
      work: ['take address', 'take link', 'byHash', 'closing'],
    });
  }
  // A withdrawn share stays withdrawn.
  const extended = await call(STATEMENT_ROUTES.extendShare, ALICE, { shareId: created.share.shareId, body: { expiresInSeconds: 3600 } });
  expect(extended.statusCode).toBe(409);
});

test("a closing account's shares are the same 404 at once, though their items wait for their time to live", async () => {
  const { call, open, closed } = setup();
  await call(STATEMENT_ROUTES.createShare, ALICE, { body: { statementIds: ['01JA0000000000000000000001'], expiresInSeconds: 3600 } });
  expect((await open(SECRET)).statusCode).toBe(200);
  closed.add(ALICE);
  const answer = await open(SECRET);
  expect([answer.statusCode, JSON.parse(answer.body).error.message]).toEqual([404, NO_SUCH_SHARE]);
});

test('a link or an address over its limit a minute gets 429, before the link is read', async () => {
  const { store } = memoryShares();
  const counts = new Map<string, number>();
  const api = createShareApi({
    shares: store,
    limits: {
      async take(kind, key, limit) {
        const n = (counts.get(`${kind}:${key}`) ?? 0) + 1;
        counts.set(`${kind}:${key}`, n);
        return n <= limit;
      },
    },
    reader: { statements: async () => [], signedRead: async () => ({ url: '', expiresAt: '' }) },
    log: capturingLog(),
    cors: { allowedOrigins: [] },
  });
  const event = (secret: string, address: string) =>
    ({
      ...apiEvent({ ...SHARE_ROUTES.openShare }),
      headers: { [SHARE_HEADERS.secret]: secret, [SHARE_HEADERS.viewerAddress]: address },
    }) as never;
  for (let n = 0; n < SHARE_LIMITS.perLinkPerMinute; n++) expect((await api(event(SECRET, `198.51.100.${n}`))).statusCode).toBe(404);
  expect((await api(event(SECRET, '198.51.100.250'))).statusCode).toBe(429);
  for (let n = 0; n < SHARE_LIMITS.perAddressPerMinute; n++) await api(event(`${'C'.repeat(42)}${n % 10}`, '192.0.2.1'));
  const throttled = await api(event('D'.repeat(43), '192.0.2.1'));
  expect(throttled.statusCode).toBe(429);
  expect(JSON.parse(throttled.body).error.message).toMatch(/Too many requests from this network/);
});

test('the largest share can be fetched whole in a minute (its page and every file, as one ZIP); file URLs past twice that are 429', async () => {
  const { deps, call, open, file } = setup();
  const ids = Array.from({ length: SHARE_LIMITS.maxStatements }, (_, n) => `01JB${String(n).padStart(22, '0')}`);
  for (const id of ids) deps.records.statements.set(`${ALICE}/${id}`, statement(id));
  expect((await call(STATEMENT_ROUTES.createShare, ALICE, { body: { statementIds: ids, expiresInSeconds: 3600 } })).statusCode).toBe(201);
  const recipient = { [SHARE_HEADERS.viewerAddress]: '198.51.100.7' };
  expect((await open(SECRET, recipient)).statusCode).toBe(200);
  for (const id of ids) expect((await file(id, 'attachment', '198.51.100.7')).statusCode).toBe(200);
  // A second try of the whole ZIP, and the page again: counted apart.
  for (const id of ids) expect((await file(id, 'attachment', '198.51.100.7')).statusCode).toBe(200);
  expect((await open(SECRET, recipient)).statusCode).toBe(200);
  expect((await file(ids[0], 'attachment', '198.51.100.8')).statusCode).toBe(429);
});

test('the per-network limit counts an IPv6 /64 as one network, and another /64 apart', async () => {
  const { call, open } = setup();
  await call(STATEMENT_ROUTES.createShare, ALICE, { body: { statementIds: ['01JA0000000000000000000001'], expiresInSeconds: 3600 } });
  // Each request from another address of the same /64: the per-link limit is not what stops it.
  for (let n = 0; n < SHARE_LIMITS.perAddressPerMinute; n++) {
    const answer = await open(`${'C'.repeat(42)}${n % 10}`, { [SHARE_HEADERS.viewerAddress]: `2001:db8:1:2:${n.toString(16)}::1` });
    expect(answer.statusCode).toBe(404);
  }
  const same = await open(SECRET, { [SHARE_HEADERS.viewerAddress]: '2001:0db8:0001:0002:ffff:ffff:ffff:ffff' });
  expect([same.statusCode, JSON.parse(same.body).error.message]).toEqual([
    429,
    'Too many requests from this network; wait a minute and try again.',
  ]);
  expect((await open(SECRET, { [SHARE_HEADERS.viewerAddress]: '2001:db8:1:3::1' })).statusCode).toBe(200);
});

test('a person has at most so many live shares at once: withdrawing one makes room for a new one', async () => {
  const { call, shares } = setup();
  const make = () =>
    call(STATEMENT_ROUTES.createShare, ALICE, { body: { statementIds: ['01JA0000000000000000000001'], expiresInSeconds: 3600 } });
  // Each share needs its own link: the fixed one of these tests is taken by the first.
  for (let n = 0; n < SHARE_LIMITS.maxLiveShares; n++) {
    const made = await make();
    expect(made.statusCode).toBe(201);
    const created = JSON.parse(made.body);
    const stored = shares.byHash.get(createHash('sha256').update(SECRET).digest('hex'))!;
    shares.byHash.delete(stored.secretHash);
    shares.byHash.set(`${stored.secretHash}-${n}`, { ...stored, secretHash: `${stored.secretHash}-${n}`, shareId: created.share.shareId });
  }
  const refused = await make();
  expect([refused.statusCode, JSON.parse(refused.body).error.message]).toEqual([
    409,
    `You have ${SHARE_LIMITS.maxLiveShares} shares whose links work, the most there can be at once: withdraw one you no longer need first.`,
  ]);
  const [first] = [...shares.byHash.values()];
  expect((await call(STATEMENT_ROUTES.revokeShare, ALICE, { shareId: first.shareId })).statusCode).toBe(204);
  expect((await make()).statusCode).toBe(201);
});
