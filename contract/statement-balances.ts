/**
 * What a person may enter of a statement's days and money, and the bounds it is held to:
 * one source for the API's schema, the record store and the web app's form.
 */

/** The fields of a statement's days and money a person can enter (the GraphQL StatementBalances' names). */
export const ENTERED_BALANCE_FIELDS = ['from', 'to', 'opening', 'closing', 'currency'] as const;
export type EnteredBalanceField = (typeof ENTERED_BALANCE_FIELDS)[number];

/** The largest balance a person enters: a trillion, far past any account, and exact to the cent in a double. */
export const BALANCE_MAX = 1e12;

/** The longest span a statement covers: a year's statement, and a day over. */
export const STATEMENT_SPAN_MAX_DAYS = 367;
