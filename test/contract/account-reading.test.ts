import { proposeFiling } from '../../contract/reading';
import { ibansIn, isIban, kindFromWords, numberOf } from '../../contract/reading/account-numbers';
import { institutionInText } from '../../contract/reading/institutions';
import { ofxAccountFacts, readOfx } from '../../contract/reading/ofx';
import { readStatementText } from '../../contract/reading/statement-text';
import { checkContent } from '../../lambda/shared/content-check';

/**
 * What files say of their account: numbers in their national and masked forms, IBANs by
 * their check digits, the letterhead's institution, a CSV's own account told from a
 * counterparty's, several cards in one file, the currency, and OFX's identifiers.
 */
const csv = (text: string) =>
  proposeFiling({ fileName: 'export.csv', mime: 'text/csv', size: text.length, head: Buffer.from(text, 'utf8') });

describe('account numbers', () => {
  test('IBANs are told by their check digits, grouped or not', () => {
    expect(isIban('DE89370400440532013000')).toBe(true);
    expect(isIban('GB82WEST12345698765432')).toBe(true);
    // One digit changed.
    expect(isIban('DE89370400440532013001')).toBe(false);
    // The right digits for the wrong length.
    expect(isIban('DE8937040044053201300')).toBe(false);
    expect(ibansIn('IBAN: DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX')).toEqual(['DE89370400440532013000']);
    expect(ibansIn('Ref ES12 0049 1500 0512 3456 7788')).toEqual([]);
  });

  test.each([
    ['XXXXXX4821', '4821', undefined],
    ['...3377', '3377', undefined],
    ['****0909', '0909', undefined],
    ['•••• 1234', '1234', undefined],
    ['4567 XXXX XXXX 1122', '1122', undefined],
    ['000123456655', '6655', { kind: 'number', value: '000123456655' }],
    ['DE89 3704 0044 0532 0130 00', '3000', { kind: 'iban', value: 'DE89370400440532013000' }],
    // IBAN-shaped with wrong check digits: its last four, nothing to match by.
    ['ES12 0049 1500 0512 3456 7788', '7788', undefined],
    ['1234', '1234', undefined],
  ])('%s has last four %s', (printed, last4, identifier) => {
    const number = numberOf(printed);
    expect(number?.last4).toBe(last4);
    expect(number?.identifier).toEqual(identifier);
  });

  test.each(['01.03.2024', '12/31/24', '1.234,56', 'Summary'])('%s is not an account number', (printed) => {
    expect(numberOf(printed)).toBeUndefined();
  });

  test.each([
    ['Visa Credit Card', 'card'],
    ['Tarjeta terminada en', 'card'],
    ['Brokerage account', 'brokerage'],
    ['Depotauszug', 'brokerage'],
    ['Livret A', 'savings'],
    ['Cuenta de ahorro', 'savings'],
    ['Girokonto', 'current'],
    ['Compte courant', 'current'],
    ['Préstamo hipotecario', 'loan'],
    ['IBAN', undefined],
  ])('%s is a %s account', (words, kind) => {
    expect(kindFromWords(words)).toBe(kind);
  });
});

describe('statement text', () => {
  test.each([
    ['June 1, 2024 through June 30, 2024', '2024-06'],
    ['01.03.2024 bis 31.03.2024', '2024-03'],
    ['du 01/04/2024 au 30/04/2024', '2024-04'],
    ['del 01/05/2024 al 31/05/2024', '2024-05'],
    ['Movimientos del 1 de septiembre de 2024 al 30 de septiembre de 2024', '2024-09'],
  ])('the range "%s" gives %s', (line, period) => {
    expect(readStatementText(`Some Bank\n${line}\nBalance 10.00`).period).toBe(period);
  });

  test('a range longer than a year, or running backwards, is no statement period', () => {
    expect(readStatementText('Held since 01/01/2019 to 31/03/2024').period).toBeUndefined();
    expect(readStatementText('31/03/2024 - 01/03/2024').period).toBeUndefined();
  });

  test.each([
    ['Compte n° 000123456655', '6655', 'number'],
    ['Brokerage account ...3377', '3377', undefined],
    ['Cuenta ES12 0049 1500 0512 3456 7788', '7788', undefined],
    ['Savings ****0909', '0909', undefined],
    ['Account Number: XXXXXX4821', '4821', undefined],
    ['IBAN GB82 WEST 1234 5698 7654 32', '5432', 'iban'],
    ['Girokonto Nr. 5404123456', '3456', 'number'],
  ])('"%s" names the account ••%s', (line, last4, identifier) => {
    const account = readStatementText(`Statement\n${line}\n`).account;
    expect(account?.last4).toBe(last4);
    expect(account?.identifiers[0]?.kind).toBe(identifier);
  });

  test('a date after an account phrase is not its number', () => {
    expect(readStatementText('Account 01.03.2024 opened').account).toBeUndefined();
  });

  test("the account's kind and currency come from its own line and a currency phrase", () => {
    const account = readStatementText('Hausbank\nSavings ****0909\nCurrency: CHF\n').account;
    expect(account).toMatchObject({ kind: 'savings', currency: 'CHF', institution: 'Hausbank' });
  });

  test.each([
    ['First Harbor Bank\nAccount Statement', 'First Harbor Bank'],
    ['Statement of account\nCommerzbank AG\n', 'Commerzbank AG'],
    ['Sparkasse KölnBonn\nKontoauszug', 'Sparkasse KölnBonn'],
    ['BNP Paribas\nRelevé de compte', 'BNP Paribas'],
    ['Banco Santander, S.A.\nExtracto', 'Banco Santander, S.A.'],
    // "Datteln" holds "date" but not as a word; "Girokonto" is a heading, whichever bank it names.
    ['Girokonto bei der Sparkasse\nSparkasse Datteln\n', 'Sparkasse Datteln'],
  ])('the letterhead of "%s" names %s', (text, name) => {
    expect(institutionInText(text)?.name).toBe(name);
  });

  test('an address, a heading or a balance is no institution', () => {
    expect(institutionInText('Account Statement\n12 Bank Street\nBalance at bank 10.00')).toBeUndefined();
  });

  test('an institution without an account number says so, and proposes no account', () => {
    const proposal = proposeFiling({
      fileName: 'x.pdf',
      mime: 'application/pdf',
      size: 10,
      head: new Uint8Array(),
      text: { text: 'Hanseatic Bank\nKontoauszug März 2024\n' },
    });
    expect(proposal.account).toBeUndefined();
    expect(proposal.notes).toEqual(['It names Hanseatic Bank but no account number: choose the account.']);
  });
});

describe('CSV exports', () => {
  test("N26's account number column is the payee's, not the statement's", () => {
    const proposal = csv(
      [
        '"Date","Payee","Account number","Transaction type","Payment reference","Amount (EUR)"',
        '"2024-03-02","Rewe","DE89370400440532013000","MasterCard Payment","","-23.10"',
        '"2024-03-05","Rewe","DE89370400440532013000","MasterCard Payment","","-11.00"',
        '"2024-03-09","Employer GmbH","DE02120300000000202051","Income","Salary","2100.00"',
      ].join('\n'),
    );
    expect(proposal.period?.value).toBe('2024-03');
    expect(proposal.account).toBeUndefined();
  });

  test("a card column of one card is the statement's account, with its currency", () => {
    const proposal = csv(
      [
        'Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit',
        '2024-04-02,2024-04-03,1234,COFFEE,Dining,4.50,',
        '2024-04-09,2024-04-10,1234,GROCER,Groceries,52.10,',
      ].join('\n'),
    );
    expect(proposal.account).toMatchObject({ value: '••1234', detail: 'its "Card No." column', facts: { last4: '1234', kind: 'card' } });
  });

  test('a masked card column is read too', () => {
    const proposal = csv(
      [
        'Date,Description,Card Used For Transaction,Amount (USD)',
        '05/01/2024,Books,**** 1234,12.00',
        '05/03/2024,Fuel,**** 1234,40.00',
      ].join('\n'),
    );
    expect(proposal.account?.facts).toMatchObject({ last4: '1234', kind: 'card', currency: 'USD' });
  });

  test('a file of several cards says so, and proposes none', () => {
    const proposal = csv(
      [
        'Date,Description,Card Used For Transaction,Amount',
        '05/01/2024,Books,**** 1234,12.00',
        '05/03/2024,Fuel,**** 5678,40.00',
        '05/04/2024,Food,**** 1234,9.00',
        '05/06/2024,Taxi,**** 5678,19.00',
      ].join('\n'),
    );
    expect(proposal.account).toBeUndefined();
    expect(proposal.notes).toContain(
      'This file holds rows of 2 accounts or cards (••1234, ••5678, in its "Card Used For Transaction" column): choose the account it is filed under.',
    );
  });

  test('an IBAN in the preamble is an identifier to match by', () => {
    const proposal = csv(
      ['Konto;DE89 3704 0044 0532 0130 00', 'Währung;EUR', '', 'Buchungstag;Text;Betrag', '01.03.2024;Miete;-950,00'].join('\n'),
    );
    expect(proposal.account?.facts).toMatchObject({
      last4: '3000',
      currency: 'EUR',
      identifiers: [{ kind: 'iban', value: 'DE89370400440532013000' }],
    });
  });
});

describe('OFX', () => {
  const ofx = (body: string) => `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>${body}</OFX>`;
  const signOn = '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240131</SONRS></SIGNONMSGSRSV1>';

  test("a bank account's identifier is its bank id and account id, and its bank is that id; its kind and currency are the file's", () => {
    const facts = readOfx(
      ofx(
        `${signOn}<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>AUD<BANKACCTFROM><BANKID>062000<ACCTID>4564 1234 5678 1234<ACCTTYPE>SAVINGS</BANKACCTFROM></STMTRS></STMTTRNRS></BANKMSGSRSV1>`,
      ),
    );
    expect(facts.statements).toBe(1);
    expect(facts.accounts).toEqual([
      { kind: 'bank', accountKind: 'savings', last4: '1234', identifier: '062000:4564123456781234', currency: 'AUD', bankId: '062000' },
    ]);
    expect(ofxAccountFacts({ ...facts.accounts[0], last4: '1234' }, undefined, 'its bank account id').bankIds).toEqual([
      { kind: 'ofx', value: '062000' },
    ]);
  });

  test('a masked card id gives nothing to match by', () => {
    const facts = readOfx(
      ofx(
        `<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>XXXXXXXXXXXX4242</CCACCTFROM></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>`,
      ),
    );
    expect(facts.accounts).toEqual([{ kind: 'card', accountKind: 'card', last4: '4242', currency: 'USD' }]);
  });

  test('a file without a statement is refused at the content check, saying why', async () => {
    const error = ofx(
      `<SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Signon invalid</STATUS><DTSERVER>20240131</SONRS></SIGNONMSGSRSV1>`,
    );
    expect(await checkContent('application/x-ofx', Buffer.from(error), true)).toEqual({
      ok: false,
      reason: 'an OFX file with no statement in it: only the bank\'s answer "Signon invalid". Download the statement again from your bank.',
    });
    expect(await checkContent('application/x-ofx', Buffer.from(ofx(signOn)), true)).toMatchObject({ ok: false });
    expect(proposeFiling({ fileName: 'x.ofx', mime: 'application/x-ofx', size: 10, head: Buffer.from(ofx(signOn)) }).notes).toEqual([
      "This file holds no statement (only the bank's sign-on answer or an error): it will be refused.",
    ]);
  });
});
