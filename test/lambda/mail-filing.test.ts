import * as fs from 'node:fs';
import * as path from 'node:path';
import { MAIL_WORDS } from '../../contract/mail';
import { proposeFiling } from '../../contract/reading';
import { mailFilePieces, mailFiling } from '../../lambda/mail/filing';
import { ofxMonth } from '../support/ofx-statements';

/**
 * What a mailed statement is filed under, decided from public bank exports by the same
 * readers and account rules as an upload: filed when its period and account are read from
 * it, waiting in Arrived with why otherwise; never filed under a default.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'statements');

const proposalOf = (fileName: string, contentType: string) =>
  proposeFiling(mailFilePieces({ fileName, contentType, bytes: fs.readFileSync(path.join(FIXTURES, fileName)) }));

test('an OFX naming its bank and account is filed under a new account it names, for a person who has none, saying where each came from', () => {
  expect(mailFiling(proposalOf('releve-bnp.ofx', 'application/x-ofx'), [])).toMatchObject({
    kind: 'file',
    period: '2024-03',
    accountLabel: 'BNP Paribas ••5678',
    detail: {
      period: 'the end of its transaction list',
      account: 'its bank account id (a new account: no account of yours is at BNP Paribas ending in 5678)',
    },
  });
});

test('the same file for a person who has that account is filed under theirs, by its bank and last four', () => {
  const decision = mailFiling(proposalOf('visa-2024-08.qfx', 'application/vnd.intu.qfx'), [
    { label: 'Capital One ••9876' },
    { label: 'Checking' },
  ]);
  expect(decision).toMatchObject({ kind: 'file', period: '2024-08', accountLabel: 'Capital One ••9876' });
  expect(decision.kind === 'file' && decision.detail.account).toBe(
    'Capital One ••9876: the account ending in 9876 at this bank (its card account id)',
  );
});

test('a CSV that names no account waits in Arrived, saying so, with what was read', () => {
  const decision = mailFiling(proposalOf('Chase1234_Activity_20240229.CSV', 'text/csv'), [{ label: 'Chase ••1234' }]);
  expect(decision).toMatchObject({ kind: 'arrive', reason: MAIL_WORDS.noAccount, proposal: { period: { value: '2024-02' } } });
});

test("a CSV giving a last four and no bank, when two of the person's accounts end so, waits for the person to choose", () => {
  const decision = mailFiling(proposalOf('barclays-data.csv', 'text/csv'), [{ label: 'Barclays ••2170' }, { label: 'Amex ••2170' }]);
  expect(decision.kind).toBe('arrive');
  expect(decision.kind === 'arrive' && decision.reason).toBe(
    'Which account is this? Its "Account" column gives ••2170 and no bank, and your Barclays ••2170 and your Amex ••2170 end so; or name a new account.',
  );
});

test('a file with no period read, and a protected PDF, wait in Arrived saying why', () => {
  const noDates = proposeFiling(
    mailFilePieces({ fileName: 'export.csv', contentType: 'text/csv', bytes: Buffer.from('Name,Value\nfoo,1\n') }),
  );
  expect(mailFiling(noDates, [])).toMatchObject({ kind: 'arrive', reason: MAIL_WORDS.noPeriod });
  const locked = proposeFiling({
    ...mailFilePieces({
      fileName: 'Statement 2024-03.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7'),
    }),
    text: { problem: 'protected' },
  });
  // Its name offers a month, but nothing else of it could be read.
  expect(locked.period).toBeUndefined();
  expect(locked.periodQuestion?.choices).toEqual(['2024-03']);
  expect(mailFiling(locked, [], { text: { problem: 'protected' } })).toMatchObject({ kind: 'arrive', reason: MAIL_WORDS.protectedPdf });
});

test("a file whose only date is its name's waits in Arrived, the name's month offered, never filed under it", () => {
  const ofx = Buffer.from(
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>30004<ACCTID>00012345678<ACCTTYPE>CHECKING</BANKACCTFROM></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  );
  const proposal = proposeFiling(mailFilePieces({ fileName: '20250614_releve.ofx', contentType: 'application/x-ofx', bytes: ofx }));
  expect(proposal.account).toBeDefined();
  expect(mailFiling(proposal, [])).toMatchObject({ kind: 'arrive', reason: 'The file name says June 2025: is that its month?' });
});

test('a large file is read by its first and last parts only, as uploads are', () => {
  const bytes = Buffer.alloc(2 * 1024 * 1024, 'a');
  const pieces = mailFilePieces({ fileName: 'big.csv', contentType: 'text/csv', bytes });
  expect(pieces.head.length).toBe(256 * 1024);
  expect(pieces.tail?.length).toBe(64 * 1024);
  expect(pieces.size).toBe(bytes.length);
});

test("a mailed OFX at another BANKID with the account id of one of the person's accounts waits to be asked, never filed under it", () => {
  const mailed = (bankId: string) =>
    proposeFiling(
      mailFilePieces({
        fileName: `${bankId}.ofx`,
        contentType: 'application/x-ofx',
        bytes: ofxMonth({ id: bankId, currency: 'AUD' }, '20180501', '20180531', 123.45),
      }),
    );
  const decision = mailFiling(mailed('NPBS'), [{ label: '••5678' }]);
  expect(decision).toMatchObject({
    kind: 'arrive',
    reason: 'Which account is this? ••5678 ends in 5678, but this file is from Bank NPBS.',
  });
  // Where nothing of theirs ends so, it is a new account, filed.
  expect(mailFiling(mailed('NPBS'), [{ label: 'Visa' }])).toMatchObject({ kind: 'file', accountLabel: '••5678' });
});
