import type { AccountKind } from '../../contract/reading/account-numbers';

/**
 * A statement of the corpus as numbers and words before any layout prints it: its bank,
 * account, days, balances and transactions. The truth beside each file is taken from
 * here, so what a layout prints and what the truth says cannot drift apart.
 */
export type Locale = 'en-US' | 'en-GB' | 'en-AU' | 'en-SG' | 'de-DE' | 'fr-FR' | 'es-ES' | 'nl-NL';

export interface Transaction {
  /** YYYY-MM-DD. */
  day: string;
  text: string;
  /** Signed, in cents: money in is positive (on a card, spending is). */
  cents: number;
}

export interface StatementModel {
  bank: string;
  kind: AccountKind;
  /** The account number as the statement prints it ("****4821", "DE89 3704 …"). */
  account: string;
  last4: string;
  /** YYYY-MM-DD. */
  from: string;
  to: string;
  /** In cents, as printed (a card's balance owed is positive). */
  opening: number;
  closing: number;
  currency: string;
  locale: Locale;
  transactions: Transaction[];
}

/** The fields a truth file holds and the scorer scores, in its table's order. */
export const TRUTH_FIELDS = ['bank', 'kind', 'last4', 'period', 'from', 'to', 'opening', 'closing', 'currency'] as const;
export type TruthField = (typeof TRUTH_FIELDS)[number];

/**
 * What a file prints: a field it does not print is absent. Balances are in cents; `period`
 * is the month the product files it under (its end's).
 */
export interface Truth {
  bank?: string;
  kind?: AccountKind;
  last4?: string;
  period?: string;
  from?: string;
  to?: string;
  opening?: number;
  closing?: number;
  currency?: string;
}

export const truthOf = (model: StatementModel, without: readonly TruthField[]): Truth => {
  const all: Truth = {
    bank: model.bank,
    kind: model.kind,
    last4: model.last4,
    period: model.to.slice(0, 7),
    from: model.from,
    to: model.to,
    opening: model.opening,
    closing: model.closing,
    currency: model.currency,
  };
  return Object.fromEntries(Object.entries(all).filter(([field]) => !without.includes(field as TruthField))) as Truth;
};

/** A small seeded generator (mulberry32), so every run writes the same corpus. */
export const seeded = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Payees per language, so a statement's lines read as its country's do. */
const PAYEES: Record<string, string[]> = {
  en: ['Grocery Market', 'Salary ACME Ltd', 'Electric Company', 'Coffee House', 'Rent', 'Online Store', 'Fuel Station', 'Pharmacy'],
  de: ['Supermarkt', 'Gehalt ACME GmbH', 'Stadtwerke', 'Miete', 'Bäckerei', 'Tankstelle', 'Apotheke', 'Versandhandel'],
  fr: ['Supermarché', 'Salaire ACME SA', 'Électricité', 'Loyer', 'Boulangerie', 'Station service', 'Pharmacie', 'Librairie'],
  es: ['Supermercado', 'Nómina ACME SL', 'Compañía eléctrica', 'Alquiler', 'Panadería', 'Gasolinera', 'Farmacia', 'Librería'],
  nl: ['Supermarkt', 'Salaris ACME BV', 'Energiebedrijf', 'Huur', 'Bakkerij', 'Tankstation', 'Apotheek', 'Webwinkel'],
};

/**
 * A statement's transactions between its days, and its closing balance from them: a card's
 * are purchases and one payment; an account's are mostly spending with one credit.
 */
export const withTransactions = (base: Omit<StatementModel, 'transactions' | 'closing'>, seed: number, count = 8): StatementModel => {
  const random = seeded(seed);
  const payees = PAYEES[base.locale.slice(0, 2)];
  const start = Date.parse(`${base.from}T00:00:00Z`);
  const span = Math.max(1, Math.round((Date.parse(`${base.to}T00:00:00Z`) - start) / DAY_MS));
  const days = Array.from({ length: count }, () => Math.floor(random() * (span + 1))).sort((a, b) => a - b);
  const transactions = days.map((offset, index): Transaction => {
    const spend = Math.round(500 + random() * 25_000);
    const credit = index === Math.floor(count / 2);
    // A card's one payment settles part of the balance brought forward.
    const cents =
      base.kind === 'card'
        ? credit
          ? -Math.round(base.opening * 0.6)
          : spend
        : credit
          ? Math.round(150_000 + random() * 200_000)
          : -spend;
    // The second payee of each language is the salary: the one credit of an account.
    const spending = payees.filter((_, at) => at !== 1);
    const text = credit ? (base.kind === 'card' ? 'Payment - thank you' : payees[1]) : spending[Math.floor(random() * spending.length)];
    return { day: isoDay(start + offset * DAY_MS), text, cents };
  });
  const closing = transactions.reduce((sum, { cents }) => sum + cents, base.opening);
  return { ...base, transactions, closing };
};
