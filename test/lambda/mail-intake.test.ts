import type { SESEvent, SESReceiptStatus } from 'aws-lambda';
import { strToU8, zipSync } from 'fflate';
import { MAIL_LIMITS, MAIL_WORDS, mailAddressOf, mailTokenFrom, mailTokenOf, MAIL_TOKEN_PATTERN } from '../../contract/mail';
import { noteFiles, receiveMail, type MailIntakeDeps } from '../../lambda/mail/intake';
import type { MailOwner } from '../../lambda/shared/mail/addresses';
import { capturingLog } from '../support/lambda-fakes';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';

/**
 * The mail intake's core over SES's Lambda event (its documented shape), with its ports
 * recorded: who gets what, what is kept out and why, and that the stored message goes.
 */
const DOMAIN = 'in.vault.example.com';
const alice = mailTokenFrom(new Uint8Array(20).map((_, index) => index * 13));
const bob = mailTokenFrom(new Uint8Array(20).map((_, index) => 255 - index));

type Status = SESReceiptStatus['status'];

const event = (input: {
  recipients: string[];
  from?: string;
  /** The envelope sender, whose domain SPF judged. */
  source?: string;
  verdicts?: Partial<Record<'spam' | 'virus' | 'spf' | 'dkim' | 'dmarc', Status>>;
  /**
   * The results SES's own Authentication-Results names after its SPF part (`dkim=…; dmarc=…;`),
   * above X-SES-RECEIPT, or null for a message without SES's headers.
   * @default DKIM's and DMARC's verdict words, DMARC for the first From domain, DKIM naming none
   */
  results?: string | null;
  /** The HELO name the sending server gave, which SES writes into its SPF part. @default mx.example */
  helo?: string;
  /** Headers of the message's own, below SES's. */
  ownHeaders?: readonly { name: string; value: string }[];
}): SESEvent => {
  const verdict = (name: 'spam' | 'virus' | 'spf' | 'dkim' | 'dmarc') => ({ status: input.verdicts?.[name] ?? 'PASS' });
  const from = input.from ?? 'Harbor Bank <statements@harbor.example>';
  const source = input.source ?? 'bounces@harbor.example';
  const word = (name: 'spf' | 'dkim' | 'dmarc') => ({ PASS: 'pass', FAIL: 'fail' })[verdict(name).status as 'PASS'] ?? 'none';
  const fromDomain = /@([^>,\s]+)/.exec(from)?.[1] ?? '';
  const spf = `${word('spf')} (spfCheck: as the test says) client-ip=192.0.2.1; envelope-from=${source}; helo=${input.helo ?? 'mx.example'};`;
  const results = input.results === undefined ? `dkim=${word('dkim')}; dmarc=${word('dmarc')} header.from=${fromDomain};` : input.results;
  const sesHeaders =
    results === null
      ? []
      : [
          { name: 'Received-SPF', value: spf },
          { name: 'Authentication-Results', value: `amazonses.com; spf=${spf} ${results}` },
        ];
  return {
    Records: [
      {
        eventSource: 'aws:ses',
        eventVersion: '1.0',
        ses: {
          mail: {
            timestamp: '2026-11-27T10:00:00.000Z',
            source,
            messageId: 'o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1',
            destination: input.recipients,
            headersTruncated: false,
            headers: [
              { name: 'Return-Path', value: `<${source}>` },
              ...sesHeaders,
              { name: 'X-SES-RECEIPT', value: 'AEFBQUFBQUFBQUFH' },
              ...(input.ownHeaders ?? []),
              { name: 'From', value: from },
            ],
            commonHeaders: {
              returnPath: source,
              from: [from],
              date: 'Fri, 27 Nov 2026 10:00:00 +0000',
              to: input.recipients,
              messageId: '<march@harbor.example>',
              subject: 'Your March statement',
            },
          },
          receipt: {
            timestamp: '2026-11-27T10:00:00.500Z',
            processingTimeMillis: 500,
            recipients: input.recipients,
            spamVerdict: verdict('spam'),
            virusVerdict: verdict('virus'),
            spfVerdict: verdict('spf'),
            dkimVerdict: verdict('dkim'),
            dmarcVerdict: verdict('dmarc'),
            action: { type: 'Lambda', functionArn: 'arn:aws:lambda:us-east-1:123456789012:function:mail', invocationType: 'Event' },
          },
        },
      },
    ],
  };
};

let pdf: Buffer;
beforeAll(async () => {
  pdf = await statementPdf(STATEMENT_PDFS[0]);
});

const message = (parts: { name: string; type: string; bytes: Buffer }[]) =>
  Buffer.from(
    [
      'From: Harbor Bank <statements@harbor.example>',
      'Subject: Your March statement',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Attached.',
      ...parts.flatMap((part) => [
        '--b',
        `Content-Type: ${part.type}; name="${part.name}"`,
        `Content-Disposition: attachment; filename="${part.name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        part.bytes.toString('base64'),
      ]),
      '--b--',
      '',
    ].join('\r\n'),
  );

const intake = (owners: Record<string, MailOwner>, raw: Buffer) => {
  const calls = {
    read: 0,
    deleted: [] as string[],
    filed: [] as string[],
    keptOut: [] as { owner: string; reason: string; skipped: string[]; more?: number }[],
  };
  const log = capturingLog();
  const deps: MailIntakeDeps = {
    domain: DOMAIN,
    ownerOf: async (token) => owners[token],
    readMessage: async () => {
      calls.read++;
      return raw;
    },
    deleteMessage: async (id) => void calls.deleted.push(id),
    file: async (owner, file, _mail, _index, unconfirmed) => {
      calls.filed.push(`${owner}:${file.fileName}:${file.contentType}${unconfirmed ? ` (waits: ${unconfirmed})` : ''}`);
      return unconfirmed ? 'arrived' : 'filed';
    },
    keepOut: async (owner, _mail, reason, skipped, more) =>
      void calls.keptOut.push({
        owner,
        reason,
        skipped: skipped.map((skip) => `${skip.fileName}: ${skip.reason}`),
        ...(more > 0 ? { more } : {}),
      }),
    log,
  };
  return { deps, calls, log };
};

describe('addresses', () => {
  test('a token is 20 characters of base32 from random bytes, and an address is found again in any case and with a +tag', () => {
    expect(alice).toMatch(MAIL_TOKEN_PATTERN);
    const address = mailAddressOf(alice, DOMAIN);
    expect(address).toBe(`s-${alice}@${DOMAIN}`);
    expect(mailTokenOf(address.toUpperCase(), DOMAIN)).toBe(alice);
    expect(mailTokenOf(`s-${alice}+march@${DOMAIN}`, DOMAIN)).toBe(alice);
    for (const other of [
      `s-${alice}@other.example`,
      `${alice}@${DOMAIN}`,
      `s-${alice.slice(1)}@${DOMAIN}`,
      `s-${alice}1@${DOMAIN}`,
      'postmaster',
    ])
      expect(mailTokenOf(other, DOMAIN)).toBeUndefined();
    expect(() => mailTokenFrom(new Uint8Array(19))).toThrow(/20 random bytes/);
  });
});

test("a statement mailed to one person's address is filed for them alone; the stored message goes", async () => {
  const { deps, calls, log } = intake(
    { [alice]: { sub: 'alice-sub' } },
    message([{ name: 'march.pdf', type: 'application/octet-stream', bytes: pdf }]),
  );
  const outcomes = await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN), 'someone@elsewhere.example'] }), deps);
  expect(outcomes).toEqual([
    { recipient: 'someone@elsewhere.example', outcome: 'dropped' },
    { recipient: mailAddressOf(alice, DOMAIN), outcome: 'filed', files: 1, skipped: 0 },
  ]);
  expect(calls.filed).toEqual(['alice-sub:march.pdf:application/pdf']);
  expect(calls.keptOut).toEqual([]);
  expect(calls.deleted).toEqual(['o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1']);
  // No address of a person is written to the log.
  expect(log.text()).toContain('"outcome":"filed"');
  expect(log.text()).not.toContain(alice);
});

test('mail to an address no one holds is dropped unread, and deleted', async () => {
  const { deps, calls } = intake({}, message([{ name: 'march.pdf', type: 'application/pdf', bytes: pdf }]));
  expect(await receiveMail(event({ recipients: [mailAddressOf(bob, DOMAIN)] }), deps)).toEqual([
    { recipient: mailAddressOf(bob, DOMAIN), outcome: 'dropped' },
  ]);
  expect(calls).toMatchObject({ read: 0, filed: [], keptOut: [], deleted: ['o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1'] });
});

test('two people on one mail each get its statements, read once', async () => {
  const { deps, calls } = intake(
    { [alice]: { sub: 'alice-sub' }, [bob]: { sub: 'bob-sub' } },
    message([{ name: 'march.pdf', type: 'application/pdf', bytes: pdf }]),
  );
  await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN), mailAddressOf(bob, DOMAIN)] }), deps);
  expect(calls.filed).toEqual(['alice-sub:march.pdf:application/pdf', 'bob-sub:march.pdf:application/pdf']);
  expect(calls.read).toBe(1);
});

test.each([
  [{ virus: 'FAIL' }, MAIL_WORDS.virus],
  [{ spam: 'FAIL' }, MAIL_WORDS.spam],
  [{ dmarc: 'FAIL' }, MAIL_WORDS.dmarc],
  [{ spf: 'FAIL', dkim: 'FAIL' }, MAIL_WORDS.unauthenticated],
] as const)("SES's verdicts %j keep the mail out, unread, saying why", async (verdicts, reason) => {
  const { deps, calls } = intake({ [alice]: { sub: 'alice-sub' } }, message([{ name: 'march.pdf', type: 'application/pdf', bytes: pdf }]));
  expect(await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)], verdicts }), deps)).toEqual([
    { recipient: mailAddressOf(alice, DOMAIN), outcome: 'kept out', reason },
  ]);
  expect(calls).toMatchObject({ read: 0, filed: [], keptOut: [{ owner: 'alice-sub', reason, skipped: [] }] });
});

test.each([
  [{ spf: 'FAIL' }],
  [{ dkim: 'FAIL' }],
  [{ spam: 'GRAY', virus: 'PROCESSING_FAILED', dmarc: 'GRAY' }],
  [{ spf: 'DISABLED', dkim: 'DISABLED', dmarc: 'DISABLED' }],
] as const)(
  'verdicts %j let it in (a forwarded statement fails SPF or DKIM alone; what SES could not judge is checked as uploads are)',
  async (verdicts) => {
    const { deps, calls } = intake(
      { [alice]: { sub: 'alice-sub' } },
      message([{ name: 'march.pdf', type: 'application/pdf', bytes: pdf }]),
    );
    await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)], verdicts }), deps);
    expect(calls.filed).toEqual(['alice-sub:march.pdf:application/pdf']);
  },
);

test('a person who allows chosen senders gets mail from them only, by address or by domain', async () => {
  const raw = message([{ name: 'march.pdf', type: 'application/pdf', bytes: pdf }]);
  const byDomain = intake({ [alice]: { sub: 'alice-sub', allowedSenders: ['@Harbor.example'] } }, raw);
  await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)] }), byDomain.deps);
  expect(byDomain.calls.filed).toEqual(['alice-sub:march.pdf:application/pdf']);
  const other = intake({ [alice]: { sub: 'alice-sub', allowedSenders: ['me@home.example'] } }, raw);
  expect(await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)], from: 'Mallory <m@evil.example>' }), other.deps)).toEqual([
    { recipient: mailAddressOf(alice, DOMAIN), outcome: 'kept out', reason: MAIL_WORDS.notAllowedSender('m@evil.example') },
  ]);
  expect(other.calls.filed).toEqual([]);
});

describe('a listed sender is filed only when SES vouches for its domain', () => {
  const listedHarbor = { [alice]: { sub: 'alice-sub', allowedSenders: ['@harbor.example'] } };
  const waits = `alice-sub:march.pdf:application/pdf (waits: ${MAIL_WORDS.unconfirmedSender('statements@harbor.example')})`;
  const filed = 'alice-sub:march.pdf:application/pdf';
  const run = async (input: Omit<Parameters<typeof event>[0], 'recipients'>, owners: Record<string, MailOwner> = listedHarbor) => {
    const { deps, calls } = intake(owners, message([{ name: 'march.pdf', type: 'application/pdf', bytes: pdf }]));
    const outcomes = await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)], ...input }), deps);
    return { outcomes, calls };
  };
  const stranger = { source: 'bounce@stranger.example' };

  test.each([
    [
      'SPF FAIL, DKIM and DMARC GRAY (a forged From from a server the bank never named)',
      { ...stranger, verdicts: { spf: 'FAIL', dkim: 'GRAY', dmarc: 'GRAY' } },
    ],
    [
      "SPF and DKIM PASS for the stranger's own domain, DMARC GRAY",
      {
        ...stranger,
        verdicts: { spf: 'PASS', dkim: 'PASS', dmarc: 'GRAY' },
        results: 'dkim=pass header.i=@stranger.example; dmarc=none header.from=harbor.example;',
      },
    ],
    [
      "DKIM PASS with a pass for the bank that the sender wrote itself, below SES's headers",
      {
        ...stranger,
        verdicts: { spf: 'GRAY', dkim: 'PASS', dmarc: 'GRAY' },
        results: 'dkim=pass header.i=@stranger.example; dmarc=none header.from=harbor.example;',
        ownHeaders: [
          {
            name: 'Authentication-Results',
            value: 'amazonses.com; dkim=pass header.i=@harbor.example; dmarc=pass header.from=harbor.example;',
          },
        ],
      },
    ],
    [
      'no SES Authentication-Results at all, DKIM PASS (whose domain is then unknown)',
      { ...stranger, verdicts: { spf: 'GRAY', dkim: 'PASS', dmarc: 'GRAY' }, results: null },
    ],
    [
      'DMARC PASS with no SES Authentication-Results to name the domain it was judged for',
      { ...stranger, verdicts: { spf: 'GRAY', dkim: 'GRAY', dmarc: 'PASS' }, results: null },
    ],
    [
      "DKIM PASS for the bank written into the HELO name, SPF's part of SES's header (text the sender chose)",
      {
        ...stranger,
        verdicts: { spf: 'GRAY', dkim: 'PASS', dmarc: 'GRAY' },
        results: 'dkim=pass header.i=@stranger.example; dmarc=none header.from=harbor.example;',
        helo: 'x; dkim=pass header.i=@harbor.example',
      },
    ],
  ] as const)('%s: its files wait in Arrived, saying so', async (_name, input) => {
    const { outcomes, calls } = await run(input);
    expect(calls.filed).toEqual([waits]);
    expect(outcomes).toEqual([{ recipient: mailAddressOf(alice, DOMAIN), outcome: 'filed', files: 1, skipped: 0, unconfirmed: true }]);
  });

  test.each([
    ['DMARC PASS', { ...stranger, verdicts: { spf: 'GRAY', dkim: 'GRAY', dmarc: 'PASS' } }],
    [
      'SPF PASS for an envelope sender of a subdomain of the From domain',
      { source: 'bounces@mail.harbor.example', verdicts: { spf: 'PASS', dkim: 'GRAY', dmarc: 'GRAY' } },
    ],
    [
      "DKIM PASS signed by the From's domain, as SES's own header says",
      {
        ...stranger,
        verdicts: { spf: 'FAIL', dkim: 'PASS', dmarc: 'GRAY' },
        results: 'dkim=pass header.i=@harbor.example; dmarc=none header.from=harbor.example;',
      },
    ],
  ] as const)('%s: filed', async (_name, input) => {
    expect((await run(input)).calls.filed).toEqual([filed]);
  });

  test('with no list, a forged From is taken as before (SES lets it in; the content is checked as an upload is)', async () => {
    const { calls } = await run({ ...stranger, verdicts: { spf: 'FAIL', dkim: 'GRAY', dmarc: 'GRAY' } }, { [alice]: { sub: 'alice-sub' } });
    expect(calls.filed).toEqual([filed]);
  });

  test('every From mailbox counts: one not listed keeps the mail out, naming it; each listed one must be confirmed', async () => {
    const two = await run({ from: 'Harbor Bank <statements@harbor.example>, Mallory <m@stranger.example>', verdicts: { dmarc: 'PASS' } });
    expect(two.outcomes).toEqual([
      { recipient: mailAddressOf(alice, DOMAIN), outcome: 'kept out', reason: MAIL_WORDS.notAllowedSender('m@stranger.example') },
    ]);
    expect(two.calls.filed).toEqual([]);
    // Both listed, SPF aligned with one of them only: not confirmed as the other.
    const both = await run(
      { from: 'statements@harbor.example, news@harbor-news.example', verdicts: { spf: 'PASS', dkim: 'GRAY', dmarc: 'GRAY' } },
      { [alice]: { sub: 'alice-sub', allowedSenders: ['@harbor.example', '@harbor-news.example'] } },
    );
    expect(both.calls.filed).toEqual([
      `alice-sub:march.pdf:application/pdf (waits: ${MAIL_WORDS.unconfirmedSender('statements@harbor.example, news@harbor-news.example')})`,
    ]);
  });
});

test('a mail with no statement, and one with a file that is not a statement beside one that is, say so', async () => {
  const none = intake({ [alice]: { sub: 'alice-sub' } }, message([]));
  await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)] }), none.deps);
  expect(none.calls.keptOut).toEqual([{ owner: 'alice-sub', reason: MAIL_WORDS.noStatement, skipped: [] }]);
  const mixed = intake(
    { [alice]: { sub: 'alice-sub' } },
    message([
      { name: 'march.pdf', type: 'application/pdf', bytes: pdf },
      { name: 'terms.gif', type: 'image/gif', bytes: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]) },
    ]),
  );
  await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)] }), mixed.deps);
  expect(mixed.calls.filed).toEqual(['alice-sub:march.pdf:application/pdf']);
  expect(mixed.calls.keptOut).toEqual([
    { owner: 'alice-sub', reason: MAIL_WORDS.someKeptOut, skipped: ['terms.gif: not a statement: its content is GIF (image/gif)'] },
  ]);
});

test("a file the filing keeps out (a full vault) is told in the mail's one note, beside the files that are not statements", async () => {
  const mixed = intake(
    { [alice]: { sub: 'alice-sub' } },
    message([
      { name: 'march.pdf', type: 'application/pdf', bytes: pdf },
      { name: 'terms.gif', type: 'image/gif', bytes: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]) },
    ]),
  );
  mixed.deps.file = async (_owner, file) => ({ keptOut: { fileName: file.fileName, reason: 'Your vault is full.' } });
  await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)] }), mixed.deps);
  expect(mixed.calls.keptOut).toEqual([
    {
      owner: 'alice-sub',
      reason: MAIL_WORDS.someNotKept,
      skipped: ['march.pdf: Your vault is full.', 'terms.gif: not a statement: its content is GIF (image/gif)'],
    },
  ]);
});

describe("a kept-out note is bounded (DynamoDB's 400 KB an item): the first files, and how many more", () => {
  const skips = (count: number, name = (index: number) => `notes-${index}.txt`) =>
    Array.from({ length: count }, (_, index) => ({
      fileName: name(index),
      reason: MAIL_WORDS.notAStatement('text, not a statement file'),
    }));

  test('7,500 refused files: the first 20 named, 7,480 more counted', () => {
    const { files, more } = noteFiles(skips(7500));
    expect(files).toEqual(skips(20));
    expect(more).toBe(7480);
  });

  test('long names: as many as fit in 16 KB; a few short ones: all of them', () => {
    const long = skips(20, (index) => `${'🙂'.repeat(240)}-${index}`);
    const { files, more } = noteFiles(long);
    const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.fileName) + Buffer.byteLength(file.reason), 0);
    expect(bytes).toBeLessThanOrEqual(MAIL_LIMITS.noteBytes);
    expect(files.length).toBeGreaterThan(0);
    expect(files.length + more).toBe(20);
    expect(more).toBeGreaterThan(0);
    expect(noteFiles(skips(3))).toEqual({ files: skips(3), more: 0 });
  });

  test('through the intake: one note, bounded, saying how many more', async () => {
    const zips = Array.from({ length: 150 }, (_, zip) =>
      Buffer.from(
        zipSync(
          Object.fromEntries(Array.from({ length: 50 }, (_, entry) => [`notes-${zip}-${entry}.txt`, strToU8(`note ${zip} ${entry}`)])),
        ),
      ),
    );
    const raw = message(zips.map((bytes, index) => ({ name: `archive-${index}.zip`, type: 'application/zip', bytes })));
    const { deps, calls } = intake({ [alice]: { sub: 'alice-sub' } }, raw);
    await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)] }), deps);
    expect(calls.keptOut).toHaveLength(1);
    expect(calls.keptOut[0]).toMatchObject({ reason: MAIL_WORDS.noStatement, more: 7500 - MAIL_LIMITS.noteFiles });
    expect(calls.keptOut[0].skipped).toHaveLength(MAIL_LIMITS.noteFiles);
  });
});

test('a port that fails fails the invocation, and the stored message stays for the retry', async () => {
  const { deps, calls } = intake({ [alice]: { sub: 'alice-sub' } }, message([{ name: 'march.pdf', type: 'application/pdf', bytes: pdf }]));
  deps.file = async () => {
    throw new Error('throttled');
  };
  await expect(receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)] }), deps)).rejects.toThrow('throttled');
  expect(calls.deleted).toEqual([]);
});

test("the person's devices are told once a mail of the files of it that wait, however many; a mail whose files were all filed is not told", async () => {
  const files = ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => ({ name, type: 'application/pdf', bytes: pdf }));
  const { deps } = intake({ [alice]: { sub: 'alice-sub' } }, message(files));
  const told: { owner: string; indexes: readonly number[] }[] = [];
  deps.announceWaiting = async (owner, _mail, indexes) => void told.push({ owner, indexes });
  // The second file is filed; the others wait.
  deps.file = async (_owner, _file, _mail, index) => (index === 1 ? 'filed' : 'arrived');
  await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)] }), deps);
  expect(told).toEqual([{ owner: 'alice-sub', indexes: [0, 2] }]);
  deps.file = async () => 'filed';
  await receiveMail(event({ recipients: [mailAddressOf(alice, DOMAIN)] }), deps);
  expect(told).toHaveLength(1);
});
