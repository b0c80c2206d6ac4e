import { identifierText, ownerKeyHasher } from '../accounts/identifier-keys';
import { ibanLength, type AccountIdentifier } from '../reading/account-numbers';

/**
 * Account numbers in what search keeps of a statement's text. An IBAN, a card number or an
 * account number printed in a statement (its own, or a counterparty's) is never kept in
 * clear: its term is a keyed hash under the owner's key (so a search for the whole number,
 * typed with or without its spaces, finds it), and every line shown with a match, and every
 * reason that quotes a line, shows it masked: an IBAN by its country, check digits and last
 * four ("DE89 •••• •••• •••• 3000"), any other number by its last four ("•••• 1111").
 *
 * What counts as one, read in one pass (time linear in the text):
 * - a valid IBAN (its country's length and mod-97 check digits), grouped by spaces or not,
 *   in either case;
 * - a run of `IDENTIFIER_SHAPES.minDigits` digits or more, in groups joined by one space or
 *   dash ("4111 1111 1111 1111", "1111-2222-3333-4444", "000000123456789"). Eight is the
 *   fewest digits a full account number is printed with (a UK account number has eight;
 *   cards 13 to 19; US accounts 8 to 17), while what a statement prints beside them has
 *   fewer: a sort code (20-00-00) or routing of a branch, a short reference, a year;
 * - a run of six digits or more right after a phrase that names an account ("Kontonummer
 *   1234567", "Account no. 123456"): older national numbers are that short.
 *
 * What does not count, though long enough: an amount (digits before a decimal part, with
 * the thousands a space groups: "1 204 567,89"), a date joined by dashes or spaces
 * ("2024-03-15", "15 03 2024", and an eight-digit 19900101 to 20991231 written without
 * separators), a year and month ("2024-03"), years side by side ("2023 2024"), and a number after a "+" (a phone number in
 * international form). A phone number written otherwise, or a long reference, is masked:
 * nothing tells it from an account number, and it is still found by typing it whole.
 */
export const IDENTIFIER_SHAPES = {
  /** The fewest digits a run has to be taken for an account number. */
  minDigits: 8,
  /** The fewest right after a phrase that names an account ("Kontonummer 1234567"): six, as the account readers take. */
  afterPhrase: 6,
  /** The bullets that stand for hidden characters. */
  hidden: '••••',
} as const;

/** What an account number's term looks like: a marker no word's term has (words are letters and digits), then the hash. */
export const IDENTIFIER_TERMS = {
  marker: '~',
  /** Bytes of the HMAC kept: 128 bits, 22 base64url characters, so a term stays short. */
  chars: 22,
  /** What the hash is made for, so it never equals the account keys made with the same owner key. */
  purpose: 'statement-vault/search-identifiers/v1',
} as const;

/** Whether a stored or query term is an account number's hash. */
export const isIdentifierTerm = (term: string): boolean => term.startsWith(IDENTIFIER_TERMS.marker);

/** An account number found in a text, where it is, and how it is shown. */
export interface IdentifierSpan {
  start: number;
  end: number;
  identifier: AccountIdentifier;
  masked: string;
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isLetter = (char: string | undefined) => char !== undefined && ((char >= 'A' && char <= 'Z') || (char >= 'a' && char <= 'z'));
const isAlnum = (char: string | undefined) => isDigit(char) || isLetter(char);
const GROUP_JOINS = new Set([' ', '\u00a0', '-']);

/** An IBAN shown: its country and check digits, a group of bullets per four hidden characters (one at least), its last four. */
export const maskedIban = (compact: string): string =>
  `${compact.slice(0, 4)} ${`${IDENTIFIER_SHAPES.hidden} `.repeat(Math.max(1, Math.floor((compact.length - 8) / 4)))}${compact.slice(-4)}`;

/** Any other number shown: its last four. */
export const maskedNumber = (digits: string): string => `${IDENTIFIER_SHAPES.hidden} ${digits.slice(-4)}`;

/** Whether a compact IBAN's check digits hold (ISO 7064 mod 97-10), by character codes: this runs at every IBAN-like place of a text. */
const checksOut = (compact: string) => {
  let remainder = 0;
  for (let index = 0; index < compact.length; index++) {
    const code = compact.charCodeAt((index + 4) % compact.length);
    // A letter counts as two digits (A is 10), a digit as itself.
    remainder = code >= 65 ? (remainder * 100 + code - 55) % 97 : (remainder * 10 + code - 48) % 97;
  }
  return remainder === 1;
};

/** The valid IBAN that begins at `start` (two letters after no letter or digit, two digits), with where it ends. */
const ibanAt = (text: string, start: number): { end: number; compact: string } | undefined => {
  if (!isLetter(text[start]) || !isLetter(text[start + 1]) || !isDigit(text[start + 2]) || !isDigit(text[start + 3])) return undefined;
  if (isAlnum(text[start - 1])) return undefined;
  const length = ibanLength(text.slice(start, start + 2));
  if (!length) return undefined;
  let compact = text.slice(start, start + 4).toUpperCase();
  let at = start + 4;
  // Its characters, grouped by single spaces or not, up to its country's length.
  while (compact.length < length && at < text.length) {
    if (isAlnum(text[at])) compact += text[at++].toUpperCase();
    else if ((text[at] === ' ' || text[at] === '\u00a0') && isAlnum(text[at + 1])) at++;
    else break;
  }
  return compact.length === length && checksOut(compact) ? { end: at, compact } : undefined;
};

/**
 * One run of digit groups, joined by single spaces or dashes: group `i` is
 * `text.slice(starts[i], ends[i])`. Kept as two arrays of numbers, not an object a group: a
 * hostile text has hundreds of thousands of groups.
 */
interface Run {
  starts: number[];
  ends: number[];
  digits: number;
}

/** A group's value, read without making a string of it (capped: only days, months and years are compared). */
const valueOf = (text: string, start: number, end: number) => {
  let value = 0;
  for (let at = start; at < end && value < 1e6; at++) value = value * 10 + text.charCodeAt(at) - 48;
  return value;
};

const isPointOrComma = (char: string | undefined) => char === '.' || char === ',';

/** Whether group `index` of a run (its digits from `starts` to `ends`) is a day or month up to `max`. */
const isDayOrMonth = (text: string, starts: number[], ends: number[], index: number, max: number) => {
  if (ends[index] - starts[index] > 2) return false;
  const value = valueOf(text, starts[index], ends[index]);
  return value >= 1 && value <= max;
};

const isYear = (text: string, starts: number[], ends: number[], index: number) => {
  if (ends[index] - starts[index] !== 4) return false;
  const value = valueOf(text, starts[index], ends[index]);
  return value >= 1900 && value <= 2099;
};

/**
 * Whether the three groups from `index` are a date joined by one separator (year-month-day,
 * or day and month in either order, then the year), or a UK sort code: three pairs joined by dashes.
 */
const isDateOrSortCode = (text: string, starts: number[], ends: number[], a: number) => {
  const [b, c] = [a + 1, a + 2];
  if (text[ends[a]] !== text[ends[b]]) return false;
  const pairs = ends[a] - starts[a] === 2 && ends[b] - starts[b] === 2 && ends[c] - starts[c] === 2;
  if (text[ends[a]] === '-' && pairs) return true;
  if (isYear(text, starts, ends, a)) return isDayOrMonth(text, starts, ends, b, 12) && isDayOrMonth(text, starts, ends, c, 31);
  return (
    isDayOrMonth(text, starts, ends, a, 31) &&
    isDayOrMonth(text, starts, ends, b, 31) &&
    (isDayOrMonth(text, starts, ends, a, 12) || isDayOrMonth(text, starts, ends, b, 12)) &&
    (isYear(text, starts, ends, c) || ends[c] - starts[c] === 2)
  );
};

/** Whether the two groups from `index`, joined by a dash, are a year and month ("2024-03", "03-2024"). */
const isYearAndMonth = (text: string, starts: number[], ends: number[], index: number) =>
  text[ends[index]] === '-' &&
  ((isYear(text, starts, ends, index) && isDayOrMonth(text, starts, ends, index + 1, 12)) ||
    (isDayOrMonth(text, starts, ends, index, 12) && isYear(text, starts, ends, index + 1)));

/** An eight-digit date written without separators, 19900101 to 20991231. */
const isCompactDate = (digits: string) => /^(?:199\d|20\d\d)(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/.test(digits);

/** A phrase that names what follows as an account's number ("Account no.", "Kontonummer:", "N° de compte :", "Cuenta"). */
const ACCOUNT_PHRASE =
  /(?:account|acct|konto|compte|cuenta|card|karte|depot)[\p{L}-]*\.?(?:[ :#.°º-]+(?:n[or°º]?|nr|no|num(?:ber|ero)?|nummer|número)\.?)?[ :#.°º-]*$/iu;

/** Whether the number at `start` follows such a phrase (read in the few characters before it, so in constant time). */
const afterAccountPhrase = (text: string, start: number) => ACCOUNT_PHRASE.test(text.slice(Math.max(0, start - 24), start));

/**
 * The account numbers of one run: what is left of it once its dates, a year and month, a
 * sort code and an amount at its end are taken out, in pieces of `minDigits` or more (of
 * `afterPhrase` after an account's phrase), each as the range of its groups.
 */
const runNumbers = (text: string, { starts, ends }: Run): [from: number, to: number][] => {
  const count = starts.length;
  // A phone number in international form; years side by side ("2023 2024").
  if (text[starts[0] - 1] === '+') return [];
  let years = 0;
  while (years < count && isYear(text, starts, ends, years)) years++;
  if (years === count) return [];
  const kept = new Uint8Array(count).fill(1);
  // The decimals or thousands of a number written with points or commas before it ("1.234 …").
  if (isPointOrComma(text[starts[0] - 1]) && isDigit(text[starts[0] - 2])) kept[0] = 0;
  // An amount at its end: its last group before a decimal part, with the thousands grouped before it by spaces.
  const last = count - 1;
  if (isPointOrComma(text[ends[last]]) && isDigit(text[ends[last] + 1])) {
    let index = last;
    kept[index] = 0;
    while (index > 0 && text[ends[index - 1]] !== '-' && ends[index - 1] - starts[index - 1] <= 3) {
      kept[--index] = 0;
      if (ends[index] - starts[index] < 3) break;
    }
  }
  for (let index = 0; index + 2 < count; index++) {
    if (isDateOrSortCode(text, starts, ends, index)) {
      kept.fill(0, index, index + 3);
      index += 2;
    }
  }
  for (let index = 0; index + 1 < count; index++) if (isYearAndMonth(text, starts, ends, index)) kept.fill(0, index, index + 2);
  const pieces: [number, number][] = [];
  let from = 0;
  let digits = 0;
  for (let index = 0; index <= count; index++) {
    if (index < count && kept[index]) {
      digits += ends[index] - starts[index];
      continue;
    }
    if (index > from) {
      const fewest = afterAccountPhrase(text, starts[from]) ? IDENTIFIER_SHAPES.afterPhrase : IDENTIFIER_SHAPES.minDigits;
      const compactDate = index - from === 1 && isCompactDate(text.slice(starts[from], ends[from]));
      if (digits >= fewest && !compactDate) pieces.push([from, index]);
    }
    digits = 0;
    from = index + 1;
  }
  return pieces;
};

/** Every account number in a text, in order (see the module's comment for what counts as one). */
export const identifierSpans = (text: string): IdentifierSpan[] => {
  const spans: IdentifierSpan[] = [];
  const run: Run = { starts: [], ends: [], digits: 0 };
  const closeRun = () => {
    // Too few digits to hold one, whatever it holds.
    if (run.digits >= IDENTIFIER_SHAPES.afterPhrase) {
      for (const [from, to] of runNumbers(text, run)) {
        const groups: string[] = [];
        for (let index = from; index < to; index++) groups.push(text.slice(run.starts[index], run.ends[index]));
        const digits = groups.join('');
        spans.push({
          start: run.starts[from],
          end: run.ends[to - 1],
          identifier: { kind: 'number', value: digits },
          masked: maskedNumber(digits),
        });
      }
    }
    run.starts.length = 0;
    run.ends.length = 0;
    run.digits = 0;
  };
  let at = 0;
  while (at < text.length) {
    const iban = ibanAt(text, at);
    if (iban) {
      closeRun();
      spans.push({ start: at, end: iban.end, identifier: { kind: 'iban', value: iban.compact }, masked: maskedIban(iban.compact) });
      at = iban.end;
      continue;
    }
    if (!isDigit(text[at])) {
      at++;
      continue;
    }
    const start = at;
    while (isDigit(text[at])) at++;
    const previous = run.ends.at(-1);
    // Joined to the group before by one space or dash, it is one number with it.
    if (previous !== undefined && !(start - previous === 1 && GROUP_JOINS.has(text[previous]))) closeRun();
    run.starts.push(start);
    run.ends.push(at);
    run.digits += at - start;
  }
  closeRun();
  return spans;
};

/** A text with its account numbers masked, and where each masked one now is. */
export interface MaskedText {
  text: string;
  spans: IdentifierSpan[];
}

/** The text with each account number in it masked; its spans are where the masks are in the new text. */
export const maskedText = (text: string): MaskedText => {
  const found = identifierSpans(text);
  if (found.length === 0) return { text, spans: [] };
  let masked = '';
  let from = 0;
  const spans: IdentifierSpan[] = [];
  for (const span of found) {
    masked += text.slice(from, span.start);
    spans.push({ ...span, start: masked.length, end: masked.length + span.masked.length });
    masked += span.masked;
    from = span.end;
  }
  return { text: masked + text.slice(from), spans };
};

/** The text as it may be shown or kept: every account number in it masked. */
export const maskIdentifiers = (text: string): string => maskedText(text).text;

/** The distinct account numbers of some texts, by their text (identifierText), in order. */
export const identifiersIn = (texts: Iterable<string>): Map<string, AccountIdentifier> => {
  const found = new Map<string, AccountIdentifier>();
  for (const text of texts) for (const { identifier } of identifierSpans(text)) found.set(identifierText(identifier), identifier);
  return found;
};

/**
 * The search terms of account numbers, by their text: the keyed hash of each under the
 * owner's key (contract/accounts/identifier-keys), made for search alone, behind the marker.
 */
export const identifierTerms = async (ownerKey: string, identifiers: Iterable<AccountIdentifier>): Promise<Map<string, string>> => {
  const hash = await ownerKeyHasher(ownerKey);
  const terms = new Map<string, string>();
  for (const identifier of identifiers) {
    const text = identifierText(identifier);
    if (!terms.has(text))
      terms.set(text, `${IDENTIFIER_TERMS.marker}${(await hash(`${IDENTIFIER_TERMS.purpose}|${text}`)).slice(0, IDENTIFIER_TERMS.chars)}`);
  }
  return terms;
};
