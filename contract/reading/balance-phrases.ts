/**
 * The words statements label their balances with, in English, German, French, Spanish and
 * Dutch. Each is matched anywhere in a line (`g`): a summary table's heading row holds
 * several ("Previous balance   Payments   New balance").
 */

/** An opening balance: the balance before the statement's first movement. */
export const OPENING = new RegExp(
  [
    // English: "Opening balance", "Balance brought forward", "BALANCE B/F", "Last month's balance", "Beginning value".
    // "Previous statement balance" holds the closing "statement balance": the longer label wins where they overlap.
    "\\b(?:beginning|opening|previous|starting|prior|last\\s+(?:month|statement)['’]?s?)\\s+(?:statement\\s+)?balance\\b",
    '\\bbalance\\s+(?:brought\\s+forward|forward|b\\/f(?:wd)?|b\\/fwd)(?!\\p{L})',
    '\\bbrought\\s+forward\\b',
    '\\bbeginning\\s+value\\b',
    // German: "Alter Kontostand", "Anfangssaldo", "Saldo alt", "Saldovortrag", a card's "Saldo Vormonat".
    '\\balter\\s+(?:kontostand|saldo)\\b|\\bsaldo\\s+alt\\b|\\banfangssaldo\\b|\\bsaldovortrag\\b|\\banfangsbestand\\b',
    '\\bsaldo\\s+(?:des\\s+)?vormonats?\\b',
    // French: "Ancien solde", "Solde précédent".
    "\\bancien\\s+solde\\b|\\bsolde\\s+(?:pr[ée]c[ée]dent|initial|d'ouverture|au\\s+d[ée]but)(?!\\p{L})",
    // Spanish: "Saldo anterior", "Saldo inicial".
    '\\bsaldo\\s+(?:anterior|inicial)\\b',
    // Dutch: "Beginsaldo", "Vorig saldo", "Oud saldo", "Openingssaldo".
    '\\bbegin\\s?saldo\\b|\\bvorig\\s+saldo\\b|\\boud\\s+saldo\\b|\\bopeningssaldo\\b',
  ].join('|'),
  'giu',
);

/** A closing balance: the balance after the statement's last movement (for a card, what is owed). */
export const CLOSING = new RegExp(
  [
    // English: "Closing balance", "New balance", "Statement balance", "Balance carried forward", "BALANCE C/F",
    // "Total amount due", "Total outstanding balance", "Ending value".
    '\\b(?:ending|closing|new|final|statement)\\s+balance\\b',
    '\\bbalance\\s+(?:carried\\s+forward|c\\/f(?:wd)?)(?!\\p{L})',
    '\\bcarried\\s+forward\\b',
    '\\btotal\\s+(?:amount\\s+due|outstanding(?:\\s+balance)?|balance\\s+due)\\b',
    '\\bending\\s+value\\b',
    // German: "Neuer Kontostand", "Endsaldo", "Saldo neu", "Schlusssaldo".
    '\\bneuer\\s+(?:kontostand|saldo)\\b|\\bsaldo\\s+neu\\b|\\bendsaldo\\b|\\bschlu(?:ss|ß)saldo\\b',
    // French: "Nouveau solde", "Solde final", "Solde créditeur/débiteur", "Solde au <day>", a card's "Total à débiter".
    '\\bnouveau\\s+solde\\b|\\bsolde\\s+(?:final|cr[ée]diteur|d[ée]biteur|au\\b)|\\btotal\\s+[àa]\\s+d[ée]biter\\b',
    // Spanish: "Saldo final", "Nuevo saldo", "Saldo actual", a card's "Saldo pendiente".
    '\\bsaldo\\s+(?:final|actual|acreedor|deudor|pendiente)\\b|\\bnuevo\\s+saldo\\b',
    // Dutch: "Eindsaldo", "Nieuw saldo".
    '\\beind\\s?saldo\\b|\\bnieuw\\s+saldo\\b',
  ].join('|'),
  'giu',
);

/**
 * A balance named by its day: "Solde au 29/02/2024", "Kontostand am 29.02.2024", "Saldo al
 * 29/02/2024", "Balance as of 02/29/2024", "Balance at 31 March 2024", "Saldo op 31-03-2024".
 * Its day (group 1) says whether it opens or closes the statement.
 */
export const BALANCE_ON =
  /\b(?:solde|saldo|kontostand|balance)\b[^\d\n]{0,24}?\b(?:au|am|vom|per|a|al|el|op|as\s+(?:of|at)|at|on)\s+(\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}(?:st|nd|rd|th)?\.?\s+\p{L}{3,}\.?,?\s+\d{4}|\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})/giu;

/** Words that make a balance by its day a closing one whatever its day: "Nouveau solde au …", "Neuer Kontostand am …". */
export const CLOSING_OWED_OR_NEW = /\b(?:nouveau|neuer|new|final|ending|closing|nieuw|nuevo)\b/iu;

/** A balance said to be owed (an overdraft) is negative, however it is printed. */
export const OWED = /d[ée]biteur|deudor|\bsoll\b|\bdebit\s+balance/iu;
