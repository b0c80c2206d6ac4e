import type { Words } from './layouts';
import type { MoneyStyle } from './printed';

/**
 * The labels each language's banks print, as a base a statement changes where its bank
 * words it otherwise. The period and account values are filled per statement.
 */
export type Language = 'en' | 'de' | 'fr' | 'es' | 'nl';

type BaseWords = Omit<Words, 'period' | 'account'> & { periodLabel: string; accountLabel: string };

export const BASE_WORDS: Record<Language, BaseWords> = {
  en: {
    periodLabel: 'Statement period',
    accountLabel: 'Account number',
    opening: 'Opening balance',
    closing: 'Closing balance',
    moneyIn: 'Money in',
    moneyOut: 'Money out',
    table: ['Date', 'Description', 'Paid out', 'Paid in', 'Balance'],
    card: { limit: 'Credit limit', minimum: 'Minimum payment', due: 'Payment due date', amount: 'Amount' },
  },
  de: {
    periodLabel: 'Abrechnungszeitraum',
    accountLabel: 'IBAN',
    opening: 'Alter Kontostand',
    closing: 'Neuer Kontostand',
    moneyIn: 'Gutschriften',
    moneyOut: 'Belastungen',
    table: ['Buchungstag', 'Verwendungszweck', 'Soll', 'Haben', 'Saldo'],
    card: { limit: 'Kreditrahmen', minimum: 'Mindestbetrag', due: 'Fällig am', amount: 'Betrag' },
  },
  fr: {
    periodLabel: 'Période',
    accountLabel: 'IBAN',
    opening: 'Ancien solde',
    closing: 'Nouveau solde',
    moneyIn: 'Total crédits',
    moneyOut: 'Total débits',
    table: ['Date', 'Libellé', 'Débit', 'Crédit', 'Solde'],
    card: { limit: 'Plafond', minimum: 'Paiement minimum', due: 'Date de prélèvement', amount: 'Montant' },
  },
  es: {
    periodLabel: 'Periodo',
    accountLabel: 'IBAN',
    opening: 'Saldo anterior',
    closing: 'Saldo final',
    moneyIn: 'Ingresos',
    moneyOut: 'Cargos',
    table: ['Fecha', 'Concepto', 'Cargo', 'Abono', 'Saldo'],
    card: { limit: 'Límite de crédito', minimum: 'Pago mínimo', due: 'Fecha de cargo', amount: 'Importe' },
  },
  nl: {
    periodLabel: 'Periode',
    accountLabel: 'IBAN',
    opening: 'Beginsaldo',
    closing: 'Eindsaldo',
    moneyIn: 'Bij',
    moneyOut: 'Af',
    table: ['Datum', 'Omschrijving', 'Af', 'Bij', 'Saldo'],
    card: { limit: 'Kredietlimiet', minimum: 'Minimaal te betalen', due: 'Vervaldatum', amount: 'Bedrag' },
  },
};

/** Money styles by country, the usual one for each. */
export const STYLES = {
  us: { grouping: 'comma', negative: 'minus', sign: 'symbol-before', symbol: '$' },
  usSpaced: { grouping: 'comma', negative: 'minus-spaced', sign: 'symbol-before', symbol: '$' },
  usParentheses: { grouping: 'comma', negative: 'parentheses', sign: 'symbol-before', symbol: '$' },
  uk: { grouping: 'comma', negative: 'minus', sign: 'symbol-before', symbol: '£' },
  ukCrDr: { grouping: 'comma', negative: 'cr-dr', sign: 'none', symbol: '£' },
  au: { grouping: 'comma', negative: 'minus', sign: 'symbol-before', symbol: '$' },
  auCrDr: { grouping: 'comma', negative: 'cr-dr', sign: 'symbol-before', symbol: '$' },
  sg: { grouping: 'comma', negative: 'minus', sign: 'symbol-before', symbol: 'S$' },
  sgCode: { grouping: 'comma', negative: 'cr-dr', sign: 'none', symbol: 'SGD' },
  deCode: { grouping: 'dot', negative: 'trailing-minus', sign: 'code-after', symbol: 'EUR' },
  deEuro: { grouping: 'dot', negative: 'minus', sign: 'symbol-after', symbol: '€' },
  fr: { grouping: 'space', negative: 'minus', sign: 'symbol-after', symbol: '€' },
  es: { grouping: 'dot', negative: 'minus', sign: 'symbol-after', symbol: '€' },
  nl: { grouping: 'dot', negative: 'minus', sign: 'symbol-before', symbol: '€ ' },
} satisfies Record<string, MoneyStyle>;
