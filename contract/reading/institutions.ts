/**
 * The institution a statement comes from, as its letterhead names it. A statement's first
 * lines hold the bank's name; a line is taken as one when it is short, holds no digits
 * (an address or a date has some), is not a heading ("Statement", "Kontoauszug") and has
 * a word banks name themselves by, in the four languages read, or is one of the large
 * institutions whose names carry no such word.
 */

/** Words in institutions' names: "First Harbor Bank", "Commerzbank", "Banque Populaire", "Banco Santander", "Sparkasse KölnBonn". */
const INSTITUTION_WORDS =
  /\p{L}*(?:bank|banque|banco|banca)\b|\b(?:sparkasse|volksbank|raiffeisen\p{L}*|credit union|caisse|caja|cr[ée]dit|building society|savings and loan|trust|brokerage|securities|investments?|asset management|financial|finanz\p{L}*|kutxa|ibercaja|unicaja)\b/iu;

/** Institutions whose names hold none of those words, as they print them. */
const NAMED_INSTITUTIONS =
  /^(?:american express|amex|barclaycard|barclays|bbva|bnp paribas|boursorama|capital one|charles schwab|chase|citi(?:bank)?|discover|fidelity(?: investments)?|hsbc|ing(?: diba)?|lcl|monzo|n26|revolut|santander|société générale|starling|vanguard|wells fargo|wise)\b/i;

/**
 * Headings and the lines around a letterhead that are not a name: words at a word's start
 * ("Datteln" is not "date"), and German's parts anywhere, since German joins them
 * ("Girokonto", "Kontoauszug", "Hauptstraße").
 */
const NOT_A_NAME =
  /(?<!\p{L})(?:statement|relevé|extracto|account|compte|cuenta|period|période|periodo|page|customer|kunde|client|summary|balance|solde|date|fecha|dear|sehr geehrte|madame|monsieur|estimado|p\.?o\.? box|street|rue|calle|avenue)|konto|auszug|zeitraum|datum|seite|saldo|straße|strasse/iu;

/** The first lines of a statement's text that a letterhead sits in. */
const LETTERHEAD_LINES = 12;

/** The institution named at the top of a statement's text, if any. */
export const institutionInText = (text: string): { name: string; from: string } | undefined => {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .slice(0, LETTERHEAD_LINES);
  for (const line of lines) {
    if (line.length < 3 || line.length > 60 || /\d/.test(line) || NOT_A_NAME.test(line)) continue;
    if (INSTITUTION_WORDS.test(line) || NAMED_INSTITUTIONS.test(line)) {
      const name = line.replace(/[,;:]+$/, '');
      return { name, from: `the letterhead "${name}"` };
    }
  }
  return undefined;
};
