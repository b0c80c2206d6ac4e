import { useEffect, useRef, type FocusEvent, type MouseEvent } from 'react';

/**
 * The e-mail address a person is signing up or in with, handed from one form to the next
 * (sign-up → confirm → sign-in, reset → sign-in) in this tab's session storage rather than
 * the URL: URLs reach the server's logs, the history and any analytics, and an address is
 * personal data. It goes when the tab closes, and is read once.
 */
export const PENDING_EMAIL_KEY = 'statement-vault.pending-email';

export const rememberEmail = (email: string): void => {
  try {
    sessionStorage.setItem(PENDING_EMAIL_KEY, email.trim());
  } catch {
    // Storage disabled: the next form simply starts empty.
  }
};

export const recallEmail = (): string => {
  try {
    const email = sessionStorage.getItem(PENDING_EMAIL_KEY) ?? '';
    sessionStorage.removeItem(PENDING_EMAIL_KEY);
    return email;
  } catch {
    return '';
  }
};

/**
 * A form's e-mail field that fills in the address the previous form handed over, without
 * ever mixing it with what the person enters. Session storage exists only in the browser,
 * so the address arrives once the page runs, and by then the person may already be at the
 * field: one who has typed into it or put the cursor in it keeps it as it is. Otherwise the
 * address is filled in, and until the person changes it, it is taken or replaced whole: the
 * first click or focus selects all of it, so keys pressed (even ones the browser queued while
 * the page was busy) replace it instead of landing inside it.
 *
 * The field is uncontrolled (the form reads it when sent), so nothing re-renders it with a
 * value React holds: what the browser shows is what is sent.
 */
export const useHandedOverEmail = () => {
  const field = useRef<HTMLInputElement>(null);
  const untouched = useRef(false);
  useEffect(() => {
    const input = field.current;
    const recalled = recallEmail();
    if (!input || !recalled || input.value !== '' || document.activeElement === input) return;
    // Written in this one task, straight after the check: no key can land between the two.
    input.value = recalled;
    untouched.current = true;
  }, []);
  return {
    ref: field,
    onMouseDown(event: MouseEvent<HTMLInputElement>) {
      if (!untouched.current || document.activeElement === event.currentTarget) return;
      // The browser would put the caret where the click landed, inside the address.
      event.preventDefault();
      event.currentTarget.focus();
      event.currentTarget.select();
    },
    onFocus(event: FocusEvent<HTMLInputElement>) {
      if (untouched.current) event.currentTarget.select();
    },
    onInput() {
      untouched.current = false;
    },
  };
};
