import { useEffect, useState } from 'react';

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

/**
 * A form's e-mail field, starting from the address the previous form handed over. Session
 * storage exists only in the browser, after hydration, so the address arrives in an effect.
 */
export const useRecalledEmail = () => {
  const [email, setEmail] = useState('');
  useEffect(() => {
    const recalled = recallEmail();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- session storage is readable only after hydration
    if (recalled) setEmail((current) => current || recalled);
  }, []);
  return [email, setEmail] as const;
};
