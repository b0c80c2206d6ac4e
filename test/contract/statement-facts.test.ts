import { proposeByName, proposeFiling } from '../../contract/reading';
import { offeredPeriod, twoReadingsQuestion } from '../../contract/reading/period-question';
import { currencyInText } from '../../contract/reading/currency-in-text';
import { statementDateOrder } from '../../contract/reading/date-order';
import { institutionInText } from '../../contract/reading/institutions';
import { readOfx } from '../../contract/reading/ofx';
import { readStatementText } from '../../contract/reading/statement-text';

/**
 * The facts a statement's text says of itself, in the shapes real statements print them
 * (issue 60: dates, currency, the bank's name, kind, identifiers with letters). Each text
 * is given twice where its layout matters: as pdf.js's reading order gives it (a row's runs
 * joined by single spaces) and as a layout view gives it (columns two spaces or more apart).
 */
const pdf = (text: string, fileName = 'statement.pdf') =>
  proposeFiling({ fileName, mime: 'application/pdf', size: text.length, head: new Uint8Array(), text: { text } });

/** A text in both shapes: pdf.js's runs joined by one space, and a layout view's columns. */
const shapes = (rows: string[][]) => [
  ['pdf.js', rows.map((row) => row.join(' ')).join('\n')],
  ['layout', rows.map((row) => row.join('     ')).join('\n')],
];

describe('dates', () => {
  test.each([
    ['Statement period 3rd Jun 2023 to 2nd Jul 2023', '2023-07', { from: '2023-06-03', to: '2023-07-02' }],
    ['Statement period: June 3rd, 2023 - July 2nd, 2023', '2023-07', { from: '2023-06-03', to: '2023-07-02' }],
    ['March 1 – May 31, 2023', '2023-05', { from: '2023-03-01', to: '2023-05-31' }],
    ['1 June to 1 July, 2021', '2021-07', { from: '2021-06-01', to: '2021-07-01' }],
    ['Zeitraum 01.03. - 31.03.2024', '2024-03', { from: '2024-03-01', to: '2024-03-31' }],
    ['Abrechnungszeitraum 14.02.2022-13.08.2022', '2022-08', { from: '2022-02-14', to: '2022-08-13' }],
    // A year printed once at the end of a range over New Year: the start is in the year before.
    ['December 15 - January 14, 2024', '2024-01', { from: '2023-12-15', to: '2024-01-14' }],
    // OCR's l, I and O for 1 and 0 inside a date's digits.
    ['Statement period l4.O2.2022 - I3.O3.2022', '2022-03', { from: '2022-02-14', to: '2022-03-13' }],
    ['Periode van 01-03-2024 tot en met 31-03-2024', '2024-03', { from: '2024-03-01', to: '2024-03-31' }],
  ])('"%s" is %s', (line, period, span) => {
    const facts = readStatementText(`Example Bank\n${line}\nClosing balance 10.00`);
    expect(facts.period).toBe(period);
    expect(facts.span).toEqual(span);
  });

  test("a US statement's 10/11/2024 is October 11: its other dates decide, never the string", () => {
    const text = 'Example Bank\nStatement period 10/11/2024 - 11/10/2024\n10/28/2024 Deposit 100.00\n';
    expect(readStatementText(text)).toMatchObject({ period: '2024-11', span: { from: '2024-10-11', to: '2024-11-10' } });
    // The same range on a statement whose other date has a day above 12 first: day-first throughout.
    const dayFirst = 'Example Bank\nStatement period 10/11/2024 - 11/12/2024\n28/11/2024 Deposit 100.00\n';
    expect(readStatementText(dayFirst)).toMatchObject({ period: '2024-12', span: { from: '2024-11-10', to: '2024-12-11' } });
  });

  test.each([
    ['$ with a US address', 'Example Bank\nAnytown, NY 10001\nStatement period 05/01/2024 - 06/01/2024\nBalance $10.00', 'mdy', '2024-06'],
    ['£', 'Example Bank\nStatement period 05/01/2024 - 06/01/2024\nBalance £10.00', 'dmy', '2024-01'],
    ['an IBAN of the euro area', 'Example Bank\nIBAN DE89 3704 0044 0532 0130 00\nPeriod 05/01/2024 - 06/01/2024', 'dmy', '2024-01'],
    ['American words', 'Example Bank\nChecking account 1234567\nStatement period 05/01/2024 - 06/01/2024', 'mdy', '2024-06'],
    ['German words', 'Musterbank\nKontoauszug\nZeitraum 05/01/2024 - 06/01/2024', 'dmy', '2024-01'],
  ])('where every date reads both ways, %s decides the order', (_what, text, order, period) => {
    expect(readStatementText(text).period).toBe(period);
    expect(statementDateOrder(['05/01/2024', '06/01/2024'], text, currencyInText(text)?.code).order).toBe(order);
  });

  test('where nothing decides, no period is proposed: the person is asked, with both months', () => {
    const text = 'Example Bank\nStatement period 05/01/2024 - 06/01/2024\nAccount number 12345678\n';
    const facts = readStatementText(text);
    expect(facts.period).toBeUndefined();
    expect(facts.span).toBeUndefined();
    expect(facts.periodAsk?.periods).toEqual(['2024-01', '2024-06']);
    const proposal = pdf(text, 'Statement_2024-06.pdf');
    expect(proposal.period).toBeUndefined();
    // The dates' question, not the name's month: the content's dates come first.
    expect(proposal.periodQuestion).toMatchObject({
      reason: 'two readings',
      choices: ['2024-01', '2024-06'],
      words: "This statement's dates can be read two ways: choose its month.",
    });
  });

  test('a date that reads the same both ways needs no order', () => {
    expect(readStatementText('Example Bank\nStatement date 05/05/2024\n').period).toBe('2024-05');
  });
});

describe('a file name is no statement date', () => {
  test("a name's date is only asked, where the text has none", () => {
    const proposal = pdf('Example Bank\nAccount number 12345678\n', '20250614_statement.pdf');
    expect(proposal.period).toBeUndefined();
    expect(proposal.periodQuestion).toMatchObject({
      reason: 'file name',
      choices: ['2025-06'],
      words: 'The file name says June 2025: is that its month?',
    });
  });

  test("the text's dates come before the name's", () => {
    const proposal = pdf('Example Bank\nStatement period 01/03/2024 - 31/03/2024\n', '20250614_statement.pdf');
    expect(proposal.period).toMatchObject({ value: '2024-03', source: 'file' });
    expect(proposal.periodQuestion).toBeUndefined();
  });
});

describe('currency', () => {
  test.each([
    ['Currency: CHF', 'CHF'],
    ['Date  Description  AMOUNT (SGD)', 'SGD'],
    ['Closing balance EUR 1.204,55', 'EUR'],
    ['Closing balance 1,204.55 GBP', 'GBP'],
    ['Closing balance £1,204.55', 'GBP'],
    ['Saldo 1.204,55 €', 'EUR'],
    ['Closing balance S$1,204.55', 'SGD'],
    ['Closing balance A$1,204.55', 'AUD'],
    ['Closing balance AU$ 1,204.55', 'AUD'],
    ['Closing balance C$1,204.55', 'CAD'],
    ['Closing balance NZ$1,204.55', 'NZD'],
    ['Closing balance HK$1,204.55', 'HKD'],
    ['Closing balance ₹1,204.55', 'INR'],
    ['IBAN GB82 WEST 1234 5698 7654 32', 'GBP'],
    ['IBAN DE89 3704 0044 0532 0130 00', 'EUR'],
    ['Closing balance $1,204.55\nRouting number 021000021', 'USD'],
    ['Closing balance $1,204.55\nSpringfield, IL 62701', 'USD'],
    ['Closing balance $1,204.55\nBSB 062-000', 'AUD'],
    ['Closing balance $1,204.55\nExample Bank, Singapore 018989', 'SGD'],
    ['Closing balance $1,204.55\nToronto, Canada', 'CAD'],
  ])('"%s" is %s', (text, code) => {
    const reading = currencyInText(`Example Bank\n${text}\n`);
    expect(reading?.code).toBe(code);
    expect(reading?.from).toBeTruthy();
  });

  test('a bare $ that nothing places in a country gives no currency, not US dollars', () => {
    expect(currencyInText('Example Bank\nClosing balance $1,204.55\n')).toBeUndefined();
    // Two countries named: nothing settles it either.
    expect(currencyInText('Closing balance $1,204.55\nSpringfield, IL 62701\nSydney, Australia')).toBeUndefined();
  });

  test("the account takes the statement's currency, with the words it was read from", () => {
    const facts = readStatementText('Example Bank\nAccount number 12345678\nClosing balance £82.40\n');
    expect(facts.account?.currency).toBe('GBP');
    expect(facts.currency).toEqual({ code: 'GBP', from: 'the "£" beside its amounts' });
  });
});

describe("the bank's name", () => {
  test.each(shapes([['Example Bank', 'Primary account number: 42-1234-5678'], ['Statement period 01/03/2024 - 31/03/2024']]))(
    'a name joined with the text beside it is cut off it (%s)',
    (_shape, text) => {
      expect(institutionInText(text)).toEqual({ name: 'Example Bank', from: 'the letterhead "Example Bank"' });
    },
  );

  /** A line below a page of transactions: past the letterhead. */
  const below = (line: string) =>
    ['Statement', ...Array.from({ length: 12 }, (_, day) => `${day + 1} Mar Coffee 3.50`), line, 'Page 1 of 2'].join('\n');

  test.each([
    [below('Example Bank Limited is authorised by the regulator.'), 'Example Bank Limited', 'its legal line'],
    [below('Issued by Muster Bank AG, Frankfurt'), 'Muster Bank AG', 'its legal line'],
    [below('Banco Ejemplo, S.A. Registro Mercantil de Madrid'), 'Banco Ejemplo, S.A.', 'its legal line'],
    ['Banco Ejemplo, S.A. Registro Mercantil de Madrid\nExtracto', 'Banco Ejemplo, S.A.', 'the letterhead'],
    [below('Example Bank'), 'Example Bank', 'the footer'],
    ['Statement\nPage 1\nExample Bank. Member FDIC', 'Example Bank', 'the letterhead'],
    ['Statement\nQuestions? Visit www.examplebank.com', 'Example Bank', 'its web address'],
    ['Statement\nWrite to help@first-harbor-bank.co.uk', 'First Harbor Bank', 'its web address'],
  ])('"%s" names %s, from %s', (text, name, from) => {
    const reading = institutionInText(text);
    expect(reading?.name).toBe(name);
    expect(reading?.from.startsWith(from)).toBe(true);
  });

  test("a card statement's header row, a sentence or a domain of no bank is no bank", () => {
    expect(institutionInText('TOTAL CREDIT LIMIT AVAILABLE CREDIT\n5,000.00 3,200.00')).toBeUndefined();
    expect(institutionInText('Thank you for banking with Example Bank\nStatement')).toBeUndefined();
    expect(institutionInText('Statement\nVisit www.example.com')).toBeUndefined();
  });

  test('a name with a broken character is never taken: the next source is', () => {
    const text = 'Ex\uFFFDmple Bank\nStatement\nExample Bank Limited, registered in England';
    expect(institutionInText(text)).toEqual({ name: 'Example Bank Limited', from: 'the letterhead "Example Bank Limited"' });
    expect(institutionInText('Ex\uFFFDmple Bank\nStatement')).toBeUndefined();
    expect(pdf('Ex\uE012mple Bank\nAccount number 12345678\n').account?.value).toBe('••5678');
  });
});

describe('kind', () => {
  test.each([
    ['SAVINGS SUMMARY', 'savings'],
    ['Everyday Current Account', 'current'],
    ['Home Loan Statement', 'loan'],
    ['Credit Card Statement', 'card'],
    ['Girokonto', 'current'],
    ['Compte courant', 'current'],
    ['Cuenta corriente', 'current'],
    ['Betaalrekening', 'current'],
    ['Spaarrekening', 'savings'],
    ['Portfolio Statement', 'brokerage'],
    ['Depotauszug', 'brokerage'],
  ])('"%s" anywhere in the header is a %s account', (heading, kind) => {
    for (const [, text] of shapes([['Example Bank'], [heading], ['Statement period 01/03/2024 - 31/03/2024'], ['Number 12345678']]))
      expect(readStatementText(text.replace('Number', 'Account number')).account?.kind).toBe(kind);
  });

  test('a header naming two kinds settles none', () => {
    const text = 'Example Bank\nCurrent account and savings account statement\nAccount number 12345678';
    expect(readStatementText(text).account?.kind).toBeUndefined();
  });

  test('the Dutch account phrase names the account', () => {
    const facts = readStatementText('Voorbeeldbank N.V.\nRekeningoverzicht\nRekeningnummer NL91 ABNA 0417 1643 00\n');
    expect(facts.account).toMatchObject({ last4: '4300', identifiers: [{ kind: 'iban', value: 'NL91ABNA0417164300' }] });
  });
});

describe('identifiers with letters', () => {
  const ofx = (id: string) =>
    readOfx(
      `<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>5472369148<ACCTID>${id}<ACCTTYPE>CHECKING</BANKACCTFROM></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
    ).accounts[0];

  test.each([
    ['1452687~7', '6877'],
    ['ABC123', 'C123'],
    ['XXXX1234', '1234'],
  ])('an OFX ACCTID %s is known by ••%s', (id, last4) => {
    expect(ofx(id).last4).toBe(last4);
  });

  test('a lettered id is kept as its identifier; a masked one, or several ids in one, gives none', () => {
    expect(ofx('1452687~7').identifier).toBe('5472369148:1452687~7');
    expect(ofx('ABC123').identifier).toBe('5472369148:ABC123');
    expect(ofx('XXXX1234').identifier).toBeUndefined();
    expect(ofx('111A1111 22B222 33C333').last4).toBeUndefined();
  });

  test.each(['Kontonummer', 'Account Number', 'Rekeningnummer'])("a CSV's %s column of a lettered id is its identifier", (header) => {
    const text = `${header},Date,Amount\nABC123,2024-03-01,-1.00\nABC123,2024-03-05,-2.00\n`;
    const proposal = proposeFiling({ fileName: 'export.csv', mime: 'text/csv', size: text.length, head: Buffer.from(text) });
    expect(proposal.account?.facts).toMatchObject({ last4: 'C123', identifiers: [{ kind: 'number', value: 'ABC123' }] });
  });

  test("a CSV's IBAN column is its identifier", () => {
    const text = 'IBAN;Datum;Betrag\nDE89 3704 0044 0532 0130 00;01.03.2024;-1,00\nDE89 3704 0044 0532 0130 00;05.03.2024;-2,00\n';
    const proposal = proposeFiling({ fileName: 'export.csv', mime: 'text/csv', size: text.length, head: Buffer.from(text) });
    expect(proposal.account?.facts.identifiers).toEqual([{ kind: 'iban', value: 'DE89370400440532013000' }]);
  });
});

describe('a waiting file', () => {
  test("its form starts with the content's month, else the one its name offers, to confirm; two readings offer none", () => {
    expect(offeredPeriod({ period: { value: '2024-03', detail: 'its statement period' } })).toEqual({
      value: '2024-03',
      detail: 'its statement period',
    });
    expect(offeredPeriod(proposeByName('20250614_statement.pdf'))).toEqual({
      value: '2025-06',
      detail: 'its name "20250614_statement.pdf", to confirm',
    });
    expect(offeredPeriod({ periodQuestion: twoReadingsQuestion(['2024-05', '2024-06'], 'its dates') })).toBeUndefined();
  });
});

test.each(
  shapes([
    ['Statement Date', 'Payment Due Date'],
    ['15 Mar 2023', '05 Apr 2023'],
  ]),
)("a statement date's month is its own, not the next label's date (%s)", (_shape, text) => {
  expect(readStatementText(`Example Bank\n${text}`).period).toBe('2023-03');
});

test("a bank read from its web address says so beside the account's source", () => {
  const proposal = pdf('Statement\nAccount number 12345678\nQuestions? www.examplebank.com\n');
  expect(proposal.account).toMatchObject({
    value: 'Example Bank ••5678',
    detail: 'its "Account number"; the bank from its web address "www.examplebank.com"',
  });
});

test("a European bank's US dollar account is not month-first for its dollars: its words decide", () => {
  const text = 'Musterbank AG\nKontoauszug\nIBAN DE89 3704 0044 0532 0130 00\nWährung: USD\nZeitraum 05/01/2024 - 06/01/2024';
  expect(readStatementText(text)).toMatchObject({ currency: { code: 'USD' }, period: '2024-01' });
});

test("a card statement's title is no bank, and a legal name with its country in brackets is one", () => {
  expect(institutionInText('CREDIT CARD STATEMENT\nStatement Date 15 Mar 2023')).toBeUndefined();
  const text = [
    'CREDIT CARD STATEMENT',
    ...Array.from({ length: 12 }, (_, day) => `${day + 1} Mar Coffee S$3.50`),
    'Issued by Example Bank (Singapore) Limited',
  ];
  expect(institutionInText(text.join('\n'))).toEqual({
    name: 'Example Bank (Singapore) Limited',
    from: 'its legal line "Example Bank (Singapore) Limited"',
  });
});

test.each([
  ['Statement period June 1 - 30, 2024', { from: '2024-06-01', to: '2024-06-30' }],
  ['Statement period: 1 - 31 March 2024', { from: '2024-03-01', to: '2024-03-31' }],
  ['Kontoauszug vom 1. bis 31. März 2024', { from: '2024-03-01', to: '2024-03-31' }],
])('two days of one month with its name once: "%s"', (line, span) => {
  expect(readStatementText(`Example Bank\n${line}\n`)).toMatchObject({ period: span.to.slice(0, 7), span });
});

test("a layout view's padded columns keep a label beside its value", () => {
  const pad = ' '.repeat(50);
  const facts = readStatementText(`Example Bank\nStatement period:${pad}01/03/2024 - 31/03/2024\nAccount number${pad}12345678\n`);
  expect(facts).toMatchObject({ period: '2024-03', account: { last4: '5678' } });
});

test("a balance's day in the column beside the period's label is the balance's, not the period's", () => {
  // A layout view sets "Kontostand am 01.04.2024" beside "Zeitraum", and the range under them both.
  const text = ['Tagesgeldkonto', 'Zeitraum  Kontostand am 01.04.2024', '1. April 2024 bis 30. Juni 2024  12.000,00 €'].join('\n');
  expect(readStatementText(text)).toMatchObject({ period: '2024-06', span: { from: '2024-04-01', to: '2024-06-30' } });
  expect(readStatementText('Statement period  Balance at 1 Mar 2024\n1 Mar 2024 to 31 Mar 2024  £345.11')).toMatchObject({
    period: '2024-03',
    span: { from: '2024-03-01', to: '2024-03-31' },
  });
});
