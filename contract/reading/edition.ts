/**
 * The reading's edition. What the catalogue reads of a statement's days and money is kept
 * with the edition that read it, and the sweep reads a statement again, once, when a later
 * edition reads more: people's statements filed before are read as well as new ones, and
 * what their owner entered stays theirs.
 *   1. The text line by line: the first release that kept days and balances.
 *   2. The page's layout (summary tables, columns, form fields), scans and photos by OCR,
 *      and each statement's own arithmetic; and the amounts it shows as search terms
 *      (contract/search/amounts), so an amount typed finds the statements read before.
 */
export const READING_EDITION = 2;

/** The edition that read a statement's days and money: those kept before editions were counted are the first's. */
export const readingEditionOf = (balances: object | null | undefined): number =>
  (balances as { readWith?: number | null } | null | undefined)?.readWith ?? 1;
