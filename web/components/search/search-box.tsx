/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition } from 'react';
import { SEARCH_LIMITS } from '@contract/search/terms';
import { TextField } from '@/components/ui';
import { PAGES, SEARCH_BOX_ID, searchHref } from '@/lib/routes';

/** How long typing pauses before the results are asked for: one request per pause, not per key. */
const TYPING_PAUSE_MS = 200;

/**
 * The statements list's search box: a GET form to the list, so Enter searches before the
 * page's script has run; once it has, the results follow what is typed. Each pause replaces
 * the URL (`/statements?q=`), the server renders the results in the list's place, and the
 * box itself (uncontrolled) keeps what is being typed. A search the URL changes otherwise
 * (Back, a search cleared) is put in the box.
 */
export const SearchBox = ({ initial }: { initial: string }) => {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef(initial.trim());
  // What this box has asked for since the URL last changed otherwise: a render of one of them is its own answer, however late.
  const askedHere = useRef(new Set<string>());
  const [pending, startTransition] = useTransition();

  const ask = (value: string) => {
    const query = value.trim();
    if (query === asked.current) return;
    asked.current = query;
    askedHere.current.add(query);
    startTransition(() => router.replace(searchHref(query), { scroll: false }));
  };

  useEffect(() => {
    // What was typed before the script ran is asked for at once.
    if (input.current) ask(input.current.value);
    // Arriving to search ("/" or the header's Search from another page, or a search's own address), the box takes the keyboard.
    if (window.location.hash === `#${SEARCH_BOX_ID}` || initial) input.current?.focus({ preventScroll: initial !== '' });
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the box comes alive
  }, []);

  // The search the page was rendered with: only a change of it is the URL's own. On hydration it is the one the
  // server rendered, while the box may hold what was typed before the script ran (asked for above): that stays.
  const rendered = useRef(initial);
  useEffect(() => {
    if (initial === rendered.current) return;
    rendered.current = initial;
    // The URL's search changed without this box asking (a filter chosen, Back, a link): the box says it.
    const query = initial.trim();
    if (query === asked.current || askedHere.current.has(query) || !input.current) return;
    clearTimeout(timer.current);
    askedHere.current.clear();
    asked.current = query;
    input.current.value = initial;
  }, [initial]);

  return (
    <form
      role="search"
      id={SEARCH_BOX_ID}
      action={PAGES.statements}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        ask(input.current?.value ?? '');
      }}
      css={css`
        flex: 0 1 16rem;
        > div {
          margin: 0;
        }
      `}
    >
      <TextField
        ref={input}
        label="Search statements"
        hideLabel
        name="q"
        type="search"
        placeholder="Names, payees, amounts, months…"
        defaultValue={initial}
        maxLength={SEARCH_LIMITS.queryChars}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          const value = event.currentTarget.value;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => ask(value), TYPING_PAUSE_MS);
        }}
      />
      <span role="status" className="visually-hidden">
        {pending ? 'Searching…' : ''}
      </span>
    </form>
  );
};
