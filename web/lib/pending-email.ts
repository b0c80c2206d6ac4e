import { useEffect, useRef, useState } from 'react';

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
 * What the person already typed into the field (`field`, before the page could run) wins:
 * it is kept, never replaced or added to.
 */
export const useRecalledEmail = () => {
  const [email, setEmail] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const recalled = recallEmail();
    const typed = field.current?.value ?? '';

    if (typed || recalled) setEmail(typed || recalled);
  }, []);
  return [email, setEmail, field] as const;
};
