import type { AccountDeletion } from '@contract';

/**
 * What a finished deletion removed, handed from the profile page to the page after it:
 * kept in this tab's session storage (never in the URL), read once and then forgotten.
 */
const KEY = 'statement-vault.closed-account';

export const rememberClosedAccount = (deletion: AccountDeletion): void => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(deletion));
  } catch {
    // Storage refused (private mode, full): the page after says what deletion removes, without the figures.
  }
};

/** The deletion remembered in this tab, if any; it is forgotten once read. */
export const recallClosedAccount = (): AccountDeletion | undefined => {
  try {
    const text = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return text ? (JSON.parse(text) as AccountDeletion) : undefined;
  } catch {
    return undefined;
  }
};
