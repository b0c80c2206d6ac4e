import { UNSAFE_TEXT_CHARACTERS } from '../upload-rules';

/**
 * The password of an account's protected PDFs, kept only when the person asks. PDF's own
 * limit: AES-256 takes up to 127 bytes of UTF-8 (older ciphers read the first 32), so 127
 * characters bound it without cutting one a bank issues.
 */
export const PDF_PASSWORD = {
  maxChars: 127,
} as const;

/** Text as every other the vault keeps: no control or direction characters, which no bank's password holds. */
export const PDF_PASSWORD_PATTERN = new RegExp(`^[^${UNSAFE_TEXT_CHARACTERS}]+$`);

/** Why a password cannot be kept, in words, or nothing. */
export const pdfPasswordProblem = (password: string): string | undefined => {
  if (password.length < 1 || password.length > PDF_PASSWORD.maxChars) return `A PDF password has 1 to ${PDF_PASSWORD.maxChars} characters.`;
  if (!PDF_PASSWORD_PATTERN.test(password)) return 'A PDF password has no control characters.';
  return undefined;
};

/**
 * Where it is kept. The password, and when it was kept, on its own item in the owner's
 * passwords partition (TABLE_KEYS.pdfPasswordPartition, sort key TABLE_KEYS.accountSort);
 * the flag the accounts read on the account's summary (the GraphQL field
 * AccountSummary.pdfPasswordKept, answered as stored), which the password counts only
 * beside: an account whose last statement leaves loses its summary, and so the password.
 * Releases before the partition kept `password` on the summary itself; the sweep moves it.
 */
export const PDF_PASSWORD_ATTRIBUTES = { password: 'pdfPassword', keptAt: 'keptAt', kept: 'pdfPasswordKept' } as const;
