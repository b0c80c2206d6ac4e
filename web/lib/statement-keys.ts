/** The keys that open the previous and next statement of the list (the arrow keys turn a PDF's pages). */
export const STATEMENT_KEYS = { previous: 'p', next: 'n' } as const;
