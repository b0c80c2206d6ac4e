/**
 * Account numbers as statements print them: IBANs (grouped by four or not, checked by
 * their mod-97 digits, so a counterparty's reference that looks like one is not taken),
 * national numbers after a phrase ("Kontonummer", "Compte n°", "Cuenta", "Account Number:"),
 * and masked ones ("XXXXXX4821", "...3377", "****0909", "•••• 1234"). What a file says of
 * its account is kept as an `AccountFacts`: the last four digits people recognise, the
 * identifiers a file can be matched by, and the kind and currency where the file says.
 */

/** The kinds of account people keep statements for. */
export const ACCOUNT_KINDS = ['current', 'savings', 'card', 'brokerage', 'loan'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Each kind in the words screens use. */
export const ACCOUNT_KIND_WORDS: Record<AccountKind, string> = {
  current: 'current account',
  savings: 'savings account',
  card: 'card',
  brokerage: 'brokerage account',
  loan: 'loan',
};

/** An identifier a file names its account by, in one canonical spelling. */
export type AccountIdentifier = { kind: 'iban'; value: string } | { kind: 'number'; value: string } | { kind: 'ofx'; value: string };

/**
 * What says which bank an account is at, beside the bank's name: an OFX file's BANKID (or
 * BROKERID), an IBAN's bank code, a UK sort code, a US routing number or an Australian BSB.
 * One number is often printed by two banks; with its bank it is one account.
 */
export type BankId = { kind: 'ofx' | 'iban' | 'sort code' | 'routing number' | 'bsb'; value: string };

/** What a file says of the account it is for. */
export interface AccountFacts {
  last4: string;
  /** The institution's name, as the file writes it. */
  institution?: string;
  kind?: AccountKind;
  /** ISO 4217 code. */
  currency?: string;
  /** Full identifiers the file names (never a masked number). */
  identifiers: AccountIdentifier[];
  /** What the file names its bank by besides its name (an IBAN's bank code is read from the IBAN itself). */
  bankIds?: BankId[];
  /** Where in the file the account was read, in words. */
  from: string;
}

/** IBAN lengths by country (ISO 13616 registry), for the countries whose banks issue them. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, CH: 21, CR: 22, CY: 28, CZ: 24,
  DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27,
  GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LI: 21, LT: 20, LU: 20,
  LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25,
  QA: 29, RO: 24, RS: 22, SA: 24, SE: 24, SI: 19, SK: 24, SM: 27, TN: 24, TR: 26, UA: 29, VG: 24, XK: 20,
}; // prettier-ignore

/** How long an IBAN of a country is (ISO 13616), or undefined for a country that issues none. */
export const ibanLength = (country: string): number | undefined => IBAN_LENGTHS[country.toUpperCase()];

/** Whether a compact IBAN (no spaces, upper case) has its country's length and valid check digits. */
export const isIban = (compact: string): boolean => {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact) || IBAN_LENGTHS[compact.slice(0, 2)] !== compact.length) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
};

/**
 * Where an IBAN's bank code stands, by country (the national part's bank identifier, as the
 * ISO 13616 registry lays it out): [first, end) in the compact IBAN. A country not listed
 * gives no code, and its IBANs still match by themselves.
 */
const IBAN_BANK_CODES: Record<string, [number, number]> = {
  AT: [4, 9], BE: [4, 7], CH: [4, 9], CZ: [4, 8], DE: [4, 12], DK: [4, 8], ES: [4, 8], FI: [4, 7], FR: [4, 9],
  GB: [4, 8], IE: [4, 8], IT: [5, 10], LI: [4, 9], LU: [4, 7], MC: [4, 9], NL: [4, 8], NO: [4, 8], PL: [4, 7],
  PT: [4, 8], SE: [4, 7], SK: [4, 8],
}; // prettier-ignore

/** The bank code of a valid compact IBAN, with its country ("DE37040044"), or undefined where its country's layout is not listed. */
export const ibanBankCode = (iban: string): string | undefined => {
  const at = IBAN_BANK_CODES[iban.slice(0, 2)];
  return at && isIban(iban) ? `${iban.slice(0, 2)}${iban.slice(at[0], at[1])}` : undefined;
};

/** A bank's codes as statements print them: "Sort code 20-00-00", "Routing number 021000021", "BSB 062-000". */
const BANK_CODE_PHRASES: { kind: BankId['kind']; pattern: RegExp }[] = [
  { kind: 'sort code', pattern: /\bsort[ -]?code\s*[:.]?\s*(\d{2})[- ]?(\d{2})[- ]?(\d{2})(?!\d)/i },
  { kind: 'routing number', pattern: /\b(?:routing|ABA|RTN)(?: transit)?(?: number| no\.?|#)?\s*[:.]?\s*(\d{9})(?!\d)/i },
  { kind: 'bsb', pattern: /\bBSB(?: number| no\.?)?\s*[:.]?\s*(\d{3})[- ]?(\d{3})(?!\d)/ },
];

/** The sort codes, routing numbers and BSBs a text prints after their names, digits only, each once. */
export const bankCodesIn = (text: string): BankId[] => {
  const found: BankId[] = [];
  for (const { kind, pattern } of BANK_CODE_PHRASES) {
    const match = pattern.exec(text);
    if (match) found.push({ kind, value: match.slice(1).join('') });
  }
  return found;
};

/** IBAN-shaped runs of text: two letters, two digits, then groups (of four, or none). */
const IBAN_RUNS = /\b[A-Z]{2}\d{2}(?:[ \u00a0]?[A-Z0-9]){11,30}\b/g;

/** Every valid IBAN in a text, compact, in order (a run longer than its IBAN is cut to its country's length). */
export const ibansIn = (text: string): string[] => {
  const found: string[] = [];
  for (const match of text.toUpperCase().matchAll(IBAN_RUNS)) {
    const compact = match[0].replace(/[ \u00a0]/g, '');
    const length = IBAN_LENGTHS[compact.slice(0, 2)];
    const candidate = length ? compact.slice(0, length) : '';
    if (candidate && isIban(candidate) && !found.includes(candidate)) found.push(candidate);
  }
  return found;
};

/**
 * A number as a statement prints it after an account phrase: an IBAN, a plain or grouped
 * number, or a masked one. Its last four digits, and its full digits where none is hidden
 * (six or more, so a branch code or a year is not an identifier).
 */
export const numberOf = (printed: string): { last4: string; identifier?: AccountIdentifier } | undefined => {
  const compact = printed.replace(/[\s\u00a0-]/g, '').toUpperCase();
  if (isIban(compact)) return { last4: compact.slice(-4), identifier: { kind: 'iban', value: compact } };
  // IBAN-shaped with wrong check digits (a made-up or mistyped one): its last four, and nothing to match it by.
  if (/^[A-Z]{2}\d{12,32}$/.test(compact)) return { last4: compact.slice(-4) };
  // Dots hide digits only as a lead ("...3377"); between digits they make a date or an amount.
  if (!/^(?:\.+|…)?[\dX*•·#]*\d{4}$/.test(compact)) return undefined;
  // A number with any digit hidden identifies nothing; a whole one of six digits or more does.
  const digits = compact.replace(/\D/g, '');
  return {
    last4: digits.slice(-4),
    ...(digits === compact && digits.length >= 6 ? { identifier: { kind: 'number' as const, value: digits } } : {}),
  };
};

/** An account id masked where it is given (XX…, *, #, •): nothing to match by. A single X is a letter of the id ("ABX123"). */
export const isMaskedId = (id: string) => /[*#•]|X{2,}/i.test(id);

/**
 * The four characters a person knows an account id by, unless it is masked there (X, *, #):
 * its last four digits where it has four (a bank's "1452687~7" is ••6877, as a person reads
 * the number, not ••87~7), else its last four letters and digits ("ABC123" is ••C123). An id
 * of several ids ("111A1111 22B222 33C333": groups that hold letters) names no one account.
 */
export const lastFourOfId = (accountId: string): string | undefined => {
  const id = accountId.trim();
  if (isMaskedId(id)) {
    const tail = id.replace(/[\s-]/g, '').slice(-4);
    return /^\d{4}$/.test(tail) ? tail : undefined;
  }
  if (/[A-Z]/i.test(id) && /\s/.test(id)) return undefined;
  const digits = id.replace(/\D/g, '');
  if (digits.length >= 4) return digits.slice(-4);
  const characters = id.replace(/[^A-Z\d]/gi, '').toUpperCase();
  return characters.length >= 4 ? characters.slice(-4) : undefined;
};

/**
 * An account id with letters as an export's account column holds it ("ABC123", "1452687~7"):
 * one word of letters and digits, kept whole as its identifier, known by `lastFourOfId`.
 */
export const lettered = (value: string): { last4: string; identifier: AccountIdentifier } | undefined => {
  const id = value.trim().toUpperCase();
  if (!/^[A-Z\d][A-Z\d~/_.-]{3,33}$/.test(id) || !/[A-Z]/.test(id) || !/\d/.test(id) || isMaskedId(id)) return undefined;
  const last4 = lastFourOfId(id);
  return last4 ? { last4, identifier: { kind: 'number', value: id } } : undefined;
};

/** The kind an account's words name, in the four languages read ("Savings", "Girokonto", "Livret", "Tarjeta"). */
export const kindFromWords = (words: string): AccountKind | undefined => {
  const text = words.toLowerCase();
  if (/credit card|kreditkarte|carte (?:de crédit|bancaire|visa)|tarjeta|card|karte\b|visa|mastercard|amex/.test(text)) return 'card';
  if (
    /brokerage|investment|portfolio|depot|wertpapier|beleggingsrekening|compte[- ]titres|\bpea\b|valores|inversi[oó]n|\b401k\b|\bira\b/.test(
      text,
    )
  )
    return 'brokerage';
  if (/savings|sparkonto|tagesgeld|sparbuch|livret|épargne|ahorro|spaarrekening/.test(text)) return 'savings';
  if (/mortgage|\bloan\b|darlehen|kredit(?!karte)|prêt|préstamo|hipoteca/.test(text)) return 'loan';
  if (/checking|current account|girokonto|compte courant|compte chèques|cuenta corriente|cuenta a la vista|betaalrekening/.test(text))
    return 'current';
  return undefined;
};

/** ISO 4217 codes of the currencies statements here are written in; a three-letter word is one only if listed. */
export const CURRENCY_CODES = [
  'AUD',
  'BRL',
  'CAD',
  'CHF',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'INR',
  'JPY',
  'MXN',
  'NOK',
  'NZD',
  'PLN',
  'SEK',
  'SGD',
  'USD',
  'ZAR',
] as const;
const CURRENCIES = new Set<string>(CURRENCY_CODES);

/** A currency code, if the text is one. */
export const currencyOf = (text: string | undefined): string | undefined => {
  const code = text?.trim().toUpperCase();
  return code && CURRENCIES.has(code) ? code : undefined;
};

/** The currency a header names: "Amount (EUR)", "Betrag in EUR", "Importe EUR". */
export const currencyInHeader = (cell: string): string | undefined => {
  for (const match of cell.toUpperCase().matchAll(/\b([A-Z]{3})\b/g)) {
    const code = currencyOf(match[1]);
    if (code) return code;
  }
  return undefined;
};
