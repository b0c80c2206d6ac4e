/**
 * The e-mail address a person is signing up or in with, handed from one form to the next
 * (sign-up → confirm → sign-in, reset → sign-in) in this tab's session storage rather than
 * the URL: URLs reach the server's logs, the history and any analytics, and an address is
 * personal data. It goes when the tab closes, and is read once.
 */
const KEY = 'statement-vault.pending-email';

export const rememberEmail = (email: string): void => {
  try {
    sessionStorage.setItem(KEY, email.trim());
  } catch {
    // Storage disabled: the next form simply starts empty.
  }
};

export const recallEmail = (): string => {
  try {
    const email = sessionStorage.getItem(KEY) ?? '';
    sessionStorage.removeItem(KEY);
    return email;
  } catch {
    return '';
  }
};
