/**
 * The institution a statement comes from, as it names itself, and where that was read. In
 * order: the letterhead (the first lines), a legal line anywhere ("Example Bank Limited",
 * "… plc", "… N.A.", "… AG", "… S.A.", a "Member FDIC" line), the footer (the last lines),
 * and a web or e-mail address ("www.examplebank.com" is "Example Bank"). A line is a name
 * when it is short, has a word banks name themselves by (in the languages read) or is one
 * of the large institutions whose names carry none, and reads as a name: its words
 * capitalised, not a heading ("Statement", "Kontoauszug"), not a row of column labels
 * ("TOTAL CREDIT LIMIT AVAILABLE CREDIT"). What pdf.js joined to a name at the same height
 * ("Example Bank Primary account number: 42-…", or a layout view's column gap) is cut off.
 * A name with a broken character (U+FFFD, a control, a private-use glyph) is never taken:
 * it would name the account everywhere; the next source is tried.
 */

/** Words in institutions' names: "First Harbor Bank", "Commerzbank", "Banque Populaire", "Banco Santander", "Sparkasse KölnBonn". */
const INSTITUTION_WORDS =
  /\p{L}*(?:bank|banque|banco|banca)\b|\b(?:sparkasse|volksbank|raiffeisen\p{L}*|credit union|caisse|caja|cr[ée]dit|building society|savings and loan|trust|brokerage|securities|investments?|asset management|financial|finanz\p{L}*|kutxa|ibercaja|unicaja)\b/iu;

/** Institutions whose names hold none of those words, as they print them. */
const NAMED = [
  'american express', 'amex', 'barclaycard', 'barclays', 'bbva', 'bnp paribas', 'boursorama', 'capital one', 'charles schwab', 'chase',
  'citibank', 'citi', 'discover', 'fidelity investments', 'fidelity', 'hsbc', 'ing diba', 'ing', 'lcl', 'monzo', 'n26', 'revolut', 'santander',
  'société générale', 'starling', 'vanguard', 'wells fargo', 'wise',
]; // prettier-ignore
const NAMED_INSTITUTIONS = new RegExp(`^(?:${NAMED.join('|')})\\b`, 'i');

/**
 * Headings and the lines around a letterhead that are not a name: words at a word's start
 * ("Datteln" is not "date"), and German's parts anywhere, since German joins them
 * ("Girokonto", "Kontoauszug", "Hauptstraße").
 */
const NOT_A_NAME =
  /(?<!\p{L})(?:statement|relevé|extracto|account|compte|cuenta|period|période|periodo|page|customer|kunde|client|summary|balance|solde|date|fecha|dear|sehr geehrte|madame|monsieur|estimado|p\.?o\.? box|street|rue|calle|avenue|primary|rekening|overzicht|member fdic|regist)|konto|auszug|zeitraum|datum|seite|saldo|straße|strasse/iu;

/** Words of a table's heading row: a line mostly of these is column labels, not a name. */
const LABEL_WORDS = new Set(
  (
    'total limit available credit debit amount balance payment payments due date minimum interest rate fees charges description ' +
    'transactions transaction deposits withdrawals previous new opening closing posting reference details value cash advance purchases ' +
    'statement account number card type summary'
  ).split(' '),
);

/** Legal forms a name ends with on its legal line. */
const LEGAL_FORM = String.raw`(?:Limited|Ltd\.?|plc|PLC|N\.\s?A\.|AG|S\.A\.|SA|SE|GmbH|N\.V\.|B\.V\.|S\.p\.A\.|Inc\.?|LLC|eG)`;

/** A name before its legal form: up to six capitalised words, then the form ("Example Bank Limited", "Banco Ejemplo, S.A."). */
const LEGAL_NAME = new RegExp(
  String.raw`(?<![\p{L}\d])((?:\(?[\p{Lu}\d][\p{L}&'’.\-]*\)?[ \t]+|(?:of|de|du|der|la|and|&)[ \t]+){0,6}\(?[\p{Lu}][\p{L}&'’.\-]*\)?,?[ \t]+${LEGAL_FORM})(?![\p{L}])`,
  'gu',
);

/** A "Member FDIC" line names its bank before it ("Example Bank. Member FDIC"). */
const MEMBER_FDIC = /([^\n]{3,60}?)[ \t.,;]{1,4}member fdic/gi;

/** Signs of a sentence, an address or a web address, which a name never holds. */
const NOT_NAME_SIGNS = /[?!@:;/\\|<>=+*]|www\.|\.(?:com|net|org|co)\b/i;

/** Characters a name never holds: the replacement character, controls, private-use glyphs (a font's unmapped ones). */
const BROKEN = /[\uFFFD\p{Cc}\p{Co}]/u;

/** Words a name may hold in lower case: linking words and French or Italian elisions ("Caisse d'Epargne"). */
const LINKING = /^(?:of|de|du|des|der|die|la|le|del|en|y|and|und|et|&|d'.*|l'.*|für|van|voor)$/i;

/** Lines a letterhead or a footer sits in. */
const EDGE_LINES = 12;

/** The longest a name is, in characters and in words. */
const NAME_MAX = { chars: 60, words: 7 };

export type InstitutionReading = { name: string; from: string };

/** Whether words read as a name: short, unbroken, capitalised, not a row of labels. */
const readsAsName = (name: string): boolean => {
  if (name.length < 3 || name.length > NAME_MAX.chars || BROKEN.test(name) || NOT_NAME_SIGNS.test(name)) return false;
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length > NAME_MAX.words) return false;
  // A name's words are capitalised, but for linking words, legal forms ("eG") and one odd word after its bank word
  // ("LCL Banque et assurance"); a sentence's are not ("Issued by Muster Bank AG").
  const odd = (word: string) => !/^[\p{Lu}\d&(]/u.test(word) && !LINKING.test(word) && !new RegExp(`^${LEGAL_FORM}$`).test(word);
  const lower = words.filter(odd);
  const bankWordAt = words.findIndex((word) => INSTITUTION_WORDS.test(word));
  const beforeBankWord = bankWordAt === -1 ? words : words.slice(0, bankWordAt);
  if (!/^[\p{Lu}\d]/u.test(words[0]) || lower.length > 1 || lower.length * 3 > words.length || beforeBankWord.some(odd)) return false;
  const labels = words.filter((word) => LABEL_WORDS.has(word.toLowerCase().replace(/[^\p{L}]/gu, ''))).length;
  return labels < words.length && !(labels >= 2 && labels * 2 >= words.length);
};

/** Whether a name has a bank's word or is a known institution's. */
const namesInstitution = (name: string) => INSTITUTION_WORDS.test(name) || NAMED_INSTITUTIONS.test(name);

/**
 * The name a piece of a line holds, where it is one: the piece whole, or (where other text
 * was joined to it) the part before the first digit or heading word, up to its last bank
 * word or legal form ("Example Bank Primary account number: 42-…" is "Example Bank").
 */
const nameIn = (piece: string): string | undefined => {
  const text = piece.replace(/^(?:your|welcome to)\s+/i, '').trim();
  const heading = NOT_A_NAME.exec(text);
  const digit = /\d/.exec(text);
  const cutAt = Math.min(heading?.index ?? Infinity, digit && !/^n26\b/i.test(text) ? digit.index : Infinity);
  if (cutAt === Infinity) {
    const whole = text.replace(/[,;:]+$/, '');
    return readsAsName(whole) && namesInstitution(whole) ? whole : undefined;
  }
  const before = text.slice(0, cutAt).trim();
  const named = NAMED_INSTITUTIONS.exec(before)?.[0];
  const ends = [...before.matchAll(new RegExp(`${INSTITUTION_WORDS.source}|(?<!\\p{L})${LEGAL_FORM}(?!\\p{L})`, 'giu'))].at(-1);
  const name = (ends ? before.slice(0, ends.index + ends[0].length) : (named ?? '')).replace(/[,;:]+$/, '').trim();
  return name && readsAsName(name) && namesInstitution(name) ? name : undefined;
};

/** The pieces of a line: a layout view's columns (two spaces or more apart), each read on its own. */
const piecesOf = (line: string) =>
  line
    .split(/\s{2,}|\t/)
    .map((piece) => piece.trim())
    .filter(Boolean);

const fromLines = (lines: readonly string[], where: 'the letterhead' | 'the footer'): InstitutionReading | undefined => {
  for (const line of lines)
    for (const piece of piecesOf(line)) {
      const name = nameIn(piece);
      if (name) return { name, from: `${where} "${name}"` };
    }
  return undefined;
};

const fromLegalLine = (text: string): InstitutionReading | undefined => {
  for (const match of text.matchAll(LEGAL_NAME)) {
    const name = match[1].replace(/\s+/g, ' ').trim();
    if (readsAsName(name) && namesInstitution(name) && !NOT_A_NAME.test(name)) return { name, from: `its legal line "${name}"` };
  }
  if (/member fdic/i.test(text))
    for (const match of text.matchAll(MEMBER_FDIC)) {
      const name = nameIn(
        match[1]
          .trim()
          .split(/\s{2,}/)
          .at(-1) ?? '',
      );
      if (name) return { name, from: `its "Member FDIC" line` };
    }
  return undefined;
};

/** The named institutions by their domain's label ("wellsfargo" is "Wells Fargo"). */
const NAMED_BY_DOMAIN = new Map(NAMED.map((name) => [name.normalize('NFD').replace(/[\s\p{M}]/gu, ''), name]));

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The name a domain's label spells, where its words form a bank's name: a known
 * institution's ("barclays"), words joined by hyphens ending in a bank word
 * ("first-harbor-bank"), or one word and "bank" ("examplebank"). Any other domain names none.
 */
const nameOfDomain = (label: string): string | undefined => {
  const lower = label.toLowerCase();
  const named = NAMED_BY_DOMAIN.get(lower);
  if (named) return named.split(' ').map(capitalised).join(' ');
  const words = lower.split('-').filter(Boolean);
  if (words.length > 1 && /^(?:bank|banque|banco|sparkasse|bancorp)$/.test(words.at(-1)!) && words.every((word) => /^\p{L}+$/u.test(word)))
    return words.map(capitalised).join(' ');
  const joined = /^(\p{L}{3,})(bank)$/u.exec(lower);
  return joined ? `${capitalised(joined[1])} Bank` : undefined;
};

/** A web address or an e-mail's domain, each tried from the start of its run only and bounded, so a long run is read once. */
const WEB_ADDRESS =
  /(?<![a-z0-9._%+-])(?:https?:\/\/)?www\.([a-z0-9-]{1,63})\.[a-z]{2,6}(?:\.[a-z]{2})?\b|(?<![a-z0-9._%+-])[a-z0-9._%+-]{1,64}@([a-z0-9-]{1,63})\.[a-z]{2,6}(?:\.[a-z]{2})?\b/gi;

const fromWebAddress = (text: string): InstitutionReading | undefined => {
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const name = nameOfDomain(match[1] ?? match[2]);
    if (name) return { name, from: `its web address "${match[0]}"` };
  }
  return undefined;
};

/** The institution a statement's text names, and where; undefined where nothing reads as one. */
export const institutionInText = (text: string): InstitutionReading | undefined => {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/[ \t\u00a0]+$/, '').trim())
    .filter(Boolean);
  return (
    fromLines(lines.slice(0, EDGE_LINES), 'the letterhead') ??
    fromLegalLine(text) ??
    fromLines(lines.slice(-EDGE_LINES).reverse(), 'the footer') ??
    fromWebAddress(text)
  );
};
