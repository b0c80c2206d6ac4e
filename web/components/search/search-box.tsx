/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition } from 'react';
import { SEARCH_LIMITS } from '@contract/search/terms';
import { Button, TextField } from '@/components/ui';
import { PAGES, searchHref } from '@/lib/routes';

/** How long typing pauses before the results are asked for: one request per pause, not per key. */
const TYPING_PAUSE_MS = 200;

/**
 * The search box: a GET form, so Enter searches before the page's script has run; once it
 * has, the results follow what is typed. Each pause replaces the URL (`?q=`), the server
 * renders the results, and the box itself (uncontrolled) keeps what is being typed.
 */
export const SearchBox = ({ initial }: { initial: string }) => {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef(initial.trim());
  const [pending, startTransition] = useTransition();

  const ask = (value: string) => {
    const query = value.trim();
    if (query === asked.current) return;
    asked.current = query;
    startTransition(() => router.replace(searchHref(query), { scroll: false }));
  };

  useEffect(() => {
    // What was typed before the script ran is asked for at once.
    if (input.current) ask(input.current.value);
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the box comes alive
  }, []);

  return (
    <form
      role="search"
      action={PAGES.search}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        ask(input.current?.value ?? '');
      }}
      css={css`
        display: flex;
        gap: 0.5rem;
        align-items: flex-end;
        > div {
          flex: 1;
          margin: 0;
        }
      `}
    >
      <TextField
        ref={input}
        label="Search statements"
        name="q"
        type="search"
        defaultValue={initial}
        maxLength={SEARCH_LIMITS.queryChars}
        autoComplete="off"
        spellCheck={false}
        // The page exists to search: the box takes the keyboard when it opens.
        autoFocus
        onChange={(event) => {
          const value = event.currentTarget.value;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => ask(value), TYPING_PAUSE_MS);
        }}
      />
      <Button type="submit">Search</Button>
      <span role="status" className="visually-hidden">
        {pending ? 'Searching…' : ''}
      </span>
    </form>
  );
};
