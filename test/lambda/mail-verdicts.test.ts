import type { SESReceiptStatus } from 'aws-lambda';
import { MAIL_WORDS } from '../../contract/mail';
import { aligned, fromMailboxesOf, sesAuthenticationOf } from '../../lambda/mail/senders';
import { confirmedFrom, confirmsSender, keptOutBy } from '../../lambda/mail/verdicts';

/**
 * SES's verdicts over every combination: which keep a mail out, and which confirm a listed
 * sender (DMARC for the From domain, or SPF or DKIM for a domain aligned with it).
 */
type Status = SESReceiptStatus['status'];
const STATUSES: Status[] = ['PASS', 'FAIL', 'GRAY', 'PROCESSING_FAILED', 'DISABLED'];
const verdicts = (spf: Status, dkim: Status, dmarc: Status) => ({
  spamVerdict: { status: 'PASS' as Status },
  virusVerdict: { status: 'PASS' as Status },
  spfVerdict: { status: spf },
  dkimVerdict: { status: dkim },
  dmarcVerdict: { status: dmarc },
});
const combinations = STATUSES.flatMap((spf) => STATUSES.flatMap((dkim) => STATUSES.map((dmarc) => [spf, dkim, dmarc] as const)));
const alignments = [false, true].flatMap((spf) => [false, true].flatMap((dkim) => [false, true].map((dmarc) => ({ spf, dkim, dmarc }))));

test('all 125 combinations of SPF, DKIM and DMARC, under each of the 8 alignments: a listed sender is confirmed exactly when a PASS is for its domain', () => {
  let confirmed = 0;
  for (const [spf, dkim, dmarc] of combinations) {
    for (const alignment of alignments) {
      const passFor = (status: Status, forDomain: boolean) => status === 'PASS' && forDomain;
      const expected = passFor(dmarc, alignment.dmarc) || passFor(spf, alignment.spf) || passFor(dkim, alignment.dkim);
      expect([spf, dkim, dmarc, alignment, confirmsSender(verdicts(spf, dkim, dmarc), alignment)]).toEqual([
        spf,
        dkim,
        dmarc,
        alignment,
        expected,
      ]);
      if (expected) confirmed++;
    }
  }
  // Of 1,000 cases, those with no aligned PASS are never confirmed, whatever else passed.
  expect(confirmed).toBeGreaterThan(0);
  expect(confirmed).toBeLessThan(1000);
  for (const [spf, dkim, dmarc] of combinations)
    expect(confirmsSender(verdicts(spf, dkim, dmarc), { spf: false, dkim: false, dmarc: false })).toBe(false);
});

test("the issue's two let-ins: SPF FAIL + DKIM GRAY + DMARC GRAY, and SPF + DKIM PASS for another domain + DMARC GRAY, are let in but never confirm", () => {
  expect(keptOutBy(verdicts('FAIL', 'GRAY', 'GRAY'))).toBeUndefined();
  expect(keptOutBy(verdicts('PASS', 'PASS', 'GRAY'))).toBeUndefined();
  for (const alignment of alignments) expect(confirmsSender(verdicts('FAIL', 'GRAY', 'GRAY'), alignment)).toBe(false);
  expect(confirmsSender(verdicts('PASS', 'PASS', 'GRAY'), { spf: false, dkim: false, dmarc: true })).toBe(false);
});

test('what keeps a mail out, over every combination: DMARC FAIL, or SPF and DKIM both FAIL', () => {
  for (const [spf, dkim, dmarc] of combinations) {
    const expected = dmarc === 'FAIL' ? MAIL_WORDS.dmarc : spf === 'FAIL' && dkim === 'FAIL' ? MAIL_WORDS.unauthenticated : undefined;
    expect(keptOutBy(verdicts(spf, dkim, dmarc))).toBe(expected);
  }
});

test('relaxed alignment: the same domain or a subdomain either way, never a sibling, a look-alike or a bare top-level domain', () => {
  expect(aligned('harbor.example', 'harbor.example')).toBe(true);
  expect(aligned('bounces.harbor.example', 'harbor.example')).toBe(true);
  expect(aligned('harbor.example', 'mail.harbor.example')).toBe(true);
  expect(aligned('evilharbor.example', 'harbor.example')).toBe(false);
  expect(aligned('harbor.example.evil.example', 'harbor.example')).toBe(false);
  expect(aligned('news.harbor.example', 'mail.harbor.example')).toBe(false);
  expect(aligned('harbor.example', 'example')).toBe(false);
  expect(aligned('', 'harbor.example')).toBe(false);
});

describe("SES's own Authentication-Results", () => {
  const SOURCE = 'b@harbor.example';
  /** SES's headers for a message, as it writes them: Received-SPF, then its results, then X-SES-RECEIPT. */
  const ses = (results: string, input: { source?: string; helo?: string; authority?: string } = {}) => {
    const spf = `pass (spfCheck: domain of harbor.example designates 192.0.2.1 as permitted sender) client-ip=192.0.2.1; envelope-from=${input.source ?? SOURCE}; helo=${input.helo ?? 'mx.harbor.example'};`;
    return [
      { name: 'Received', value: 'from mx by inbound-smtp.us-east-1.amazonaws.com' },
      { name: 'Received-SPF', value: spf },
      { name: 'Authentication-Results', value: `${input.authority ?? 'amazonses.com'}; spf=${spf} ${results}` },
      receipt,
    ];
  };
  const receipt = { name: 'X-SES-RECEIPT', value: 'AEFB' };

  test("reads the DKIM signing domains and DMARC's From domain from SES's header above X-SES-RECEIPT, after SPF's part", () => {
    expect(sesAuthenticationOf(ses('dkim=pass header.i=@Harbor.Example; dmarc=pass header.from=harbor.example;'), SOURCE)).toEqual({
      dkimDomains: ['harbor.example'],
      dmarcDomain: 'harbor.example',
    });
    expect(sesAuthenticationOf(ses('dkim=pass header.d=harbor.example; dkim=fail header.i=@other.example; dmarc=none;'), SOURCE)).toEqual({
      dkimDomains: ['harbor.example'],
    });
  });

  test('never one the sender wrote: below X-SES-RECEIPT, a second one, or another authority', () => {
    const forged = {
      name: 'Authentication-Results',
      value: 'amazonses.com; dkim=pass header.i=@harbor.example; dmarc=pass header.from=harbor.example;',
    };
    expect(sesAuthenticationOf([receipt, forged], SOURCE)).toEqual({ dkimDomains: [] });
    expect(sesAuthenticationOf([...ses('dkim=none; dmarc=none header.from=harbor.example;'), forged], SOURCE)).toEqual({ dkimDomains: [] });
    expect(sesAuthenticationOf(ses('dkim=pass header.i=@harbor.example;', { authority: 'mx.stranger.example' }), SOURCE)).toEqual({
      dkimDomains: [],
    });
    expect(sesAuthenticationOf([], SOURCE)).toEqual({ dkimDomains: [] });
  });

  test('a result written into the envelope sender or the HELO name (text the sender chooses) is never read as one', () => {
    const injected = 'x;dkim=pass header.d=harbor.example ;dmarc=pass header.from=harbor.example';
    // The stranger's own signature passes; the words in SPF's part are theirs.
    const real = 'dkim=pass header.i=@stranger.example; dmarc=none header.from=harbor.example;';
    const bySource = `"${injected}"@stranger.example`;
    expect(sesAuthenticationOf(ses(real, { source: bySource }), bySource)).toEqual({ dkimDomains: ['stranger.example'] });
    expect(sesAuthenticationOf(ses(real, { helo: injected }), SOURCE)).toEqual({ dkimDomains: ['stranger.example'] });
    // The same, where SES would write the sender's text whole: nothing of it is a result.
    expect(sesAuthenticationOf(ses(real, { helo: `mx; dkim=pass header.i=@harbor.example; helo=mx` }), SOURCE)).toEqual({
      dkimDomains: ['stranger.example'],
    });
    // A header whose SPF part is not the envelope sender SES reports is not read at all.
    expect(sesAuthenticationOf(ses('dkim=pass header.i=@harbor.example;'), 'someone@else.example')).toEqual({ dkimDomains: [] });
    expect(
      confirmedFrom({ source: bySource, headers: ses(real, { source: bySource }) }, verdicts('PASS', 'PASS', 'GRAY'), ['s@harbor.example']),
    ).toBe(false);
    // A domain that is no domain ("harbor.example,evil") is not one SES signed for.
    expect(sesAuthenticationOf(ses('dkim=pass header.d=harbor.example,evil;'), SOURCE)).toEqual({ dkimDomains: [] });
  });

  test('DMARC counts for a From domain only where SES names it as the one it judged', () => {
    const mail = (dmarcFrom: string) => ({
      source: 'b@stranger.example',
      headers: ses(`dkim=none; dmarc=pass header.from=${dmarcFrom};`, { source: 'b@stranger.example' }),
    });
    const two = ['a@harbor.example', 'b@harbor-news.example'];
    expect(confirmedFrom(mail('harbor.example'), verdicts('GRAY', 'GRAY', 'PASS'), two)).toBe(false);
    expect(confirmedFrom(mail('harbor.example'), verdicts('GRAY', 'GRAY', 'PASS'), ['a@harbor.example'])).toBe(true);
    expect(confirmedFrom(mail('stranger.example'), verdicts('GRAY', 'GRAY', 'PASS'), ['a@harbor.example'])).toBe(false);
    // Without SES's header, a DMARC PASS names no domain, so it confirms none.
    expect(confirmedFrom({ source: '', headers: [] }, verdicts('GRAY', 'GRAY', 'PASS'), ['a@harbor.example'])).toBe(false);
  });
});

test('every From mailbox: each From header, each mailbox in it, groups opened; the envelope sender only when there is none', () => {
  expect(
    fromMailboxesOf({
      source: 'bounce@stranger.example',
      headers: [
        { name: 'From', value: '"Bank, Harbor" <Statements@Harbor.example>, m@stranger.example' },
        { name: 'from', value: 'Friends: a@one.example, b@two.example;' },
      ],
      commonHeaders: { returnPath: '', date: '', messageId: '', from: ['"Bank, Harbor" <statements@harbor.example>'] },
    }),
  ).toEqual(['statements@harbor.example', 'm@stranger.example', 'a@one.example', 'b@two.example']);
  expect(
    fromMailboxesOf({ source: 'Bounce@Stranger.example', headers: [], commonHeaders: { returnPath: '', date: '', messageId: '' } }),
  ).toEqual(['bounce@stranger.example']);
});
