'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { STATEMENT_KEYS } from '@/lib/statement-keys';

/** Whether a key press belongs to a field the person is typing in. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * P and N open the previous and the next statement of the list, as the links beside them
 * do (their `aria-keyshortcuts` name the keys); nothing is taken from a field being typed in.
 */
export const StatementKeys = ({ previous, next }: { previous?: string; next?: string }) => {
  const router = useRouter();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      const href =
        event.key.toLowerCase() === STATEMENT_KEYS.previous ? previous : event.key.toLowerCase() === STATEMENT_KEYS.next ? next : undefined;
      if (!href) return;
      event.preventDefault();
      router.push(href);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [router, previous, next]);
  return null;
};
