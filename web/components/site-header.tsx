/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useAuth } from '@/lib/auth-context';
import { PAGES, SEARCH_START } from '@/lib/routes';
import { theme } from '@/lib/theme';

const notOnPhones = css`
  @media (max-width: 480px) {
    display: none;
  }
`;

const link = css`
  color: ${theme.color.text};
  text-decoration: none;
  padding: 0.6rem 0.4rem;
  font-weight: 500;
  &[aria-current='page'] {
    color: ${theme.color.link};
    text-decoration: underline;
    text-underline-offset: 4px;
  }
`;

/** Where the person's place sits: after the places at desktop widths, on the name's line on a phone. */
const personPlace = css`
  @media (max-width: 640px) {
    order: 1;
    margin-left: auto;
  }
`;

const personLink = css`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  img {
    border-radius: 50%;
    object-fit: cover;
  }
  span {
    max-width: 12rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  @media (max-width: 480px) {
    span {
      max-width: 6rem;
    }
  }
`;

/** Whether a key pressed here is typing (into a field), not a shortcut. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The signed-in person as the header shows them: the name they set, and which picture they
 * have (a new picture, a new address). Empty when their profile could not be read; missing
 * when the page was rendered for someone signed out.
 */
export interface HeaderPerson {
  /** Whose: the header shows it only while this person is the one signed in. */
  sub: string;
  name?: string;
  pictureVersion?: string;
}

/** Focuses the page's own search box, where it has one (the statements list's); whether it had. */
const focusSearchBox = (): boolean => {
  const box = document.querySelector<HTMLInputElement>('main input[type="search"]');
  box?.focus();
  return box !== null;
};

export const SiteHeader = ({ person }: { person?: HeaderPerson }) => {
  const { state, signOut } = useAuth();
  const pathname = usePathname();
  const router = useRouter();
  const signedIn = state.status === 'signedIn';
  const sub = state.status === 'signedIn' ? state.sub : undefined;
  // Only the person signed in now: after a sign-out and another's sign-in in this tab, the
  // header rendered for the first is never shown for the second.
  const mine = person && person.sub === sub ? person : undefined;
  // Signed in here, in this page (the header was rendered for someone else, or no one): the
  // server renders it again once, for this person's name and picture.
  // Once per page: a sign-in moves on to the next page, whose render is the one that counts.
  const refreshedFor = useRef<string>(undefined);
  useEffect(() => {
    const here = `${sub} ${pathname}`;
    if (sub && !mine && refreshedFor.current !== here) {
      refreshedFor.current = here;
      router.refresh();
    }
  }, [sub, mine, pathname, router]);
  // "/" searches from any page, as in mail and document apps: the page's own search box where it has one.
  useEffect(() => {
    if (!signedIn) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typingIn(event.target)) return;
      event.preventDefault();
      if (!focusSearchBox()) router.push(SEARCH_START);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [signedIn, router]);
  // On a phone the places keep one line: Search, which is the statements list's own box, is
  // left to that list there.
  const item = (href: string, label: string, shortcut?: string, onPhones = true) => (
    <li css={onPhones ? undefined : notOnPhones}>
      <Link
        href={href}
        css={link}
        aria-current={pathname === href ? 'page' : undefined}
        aria-keyshortcuts={shortcut}
        title={shortcut && `${label} (press ${shortcut})`}
        // Search is the statements list's box: on a page that has one, the link goes to it at once.
        onClick={href === SEARCH_START ? (event) => focusSearchBox() && event.preventDefault() : undefined}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <header
      css={css`
        background: ${theme.color.surface};
        border-bottom: 1px solid ${theme.color.border};
      `}
    >
      <nav
        aria-label="Main"
        className="site-nav"
        css={css`
          max-width: 60rem;
          margin: 0 auto;
          padding: 0.4rem 1rem;
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          justify-content: space-between;
          gap: 0.5rem;
        `}
      >
        <Link
          href="/"
          css={css`
            font-weight: 700;
            font-size: 1.1rem;
            color: ${theme.color.text};
            text-decoration: none;
          `}
        >
          <svg
            aria-hidden="true"
            width="22"
            height="22"
            viewBox="0 0 64 64"
            css={css`
              vertical-align: -4px;
              margin-right: 0.4rem;
            `}
          >
            <rect width="64" height="64" rx="14" fill={theme.color.primary} />
            <path d="M18 28v-6a14 14 0 0 1 28 0v6" fill="none" stroke={theme.color.onPrimary} strokeWidth="5" />
            <rect x="13" y="28" width="38" height="26" rx="5" fill={theme.color.onPrimary} />
          </svg>
          Statement Vault
        </Link>
        <ul
          css={css`
            list-style: none;
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: 0 0.75rem;
            margin: 0;
            padding: 0;
            margin-left: auto;
            /* A phone's width holds the places on one line under the name, rather than scrolling the page sideways. */
            @media (max-width: 640px) {
              order: 2;
              flex-basis: 100%;
              margin-left: 0;
            }
            @media (max-width: 480px) {
              column-gap: 0;
              font-size: 0.9rem;
              a {
                padding-left: 0.2rem;
                padding-right: 0.2rem;
              }
            }
          `}
        >
          {state.status === 'signedIn' ? (
            <>
              {item(PAGES.statements, 'Statements')}
              {item(PAGES.needsYou, 'Needs you')}
              {item(PAGES.coverage, 'Coverage')}
              {item(SEARCH_START, 'Search', '/', false)}
              {item(PAGES.shares, 'Shares')}
            </>
          ) : state.status === 'signedOut' ? (
            <>
              {item('/sign-in', 'Sign in')}
              {item('/sign-up', 'Sign up')}
            </>
          ) : null}
        </ul>
        {state.status === 'signedIn' && (
          /* The person's own place: their picture and name, where they set them. On a phone it
             sits on the name's line, so the places keep one line of their own under it. */
          <Link href={PAGES.profile} css={[link, personLink, personPlace]} aria-current={pathname === PAGES.profile ? 'page' : undefined}>
            {mine?.pictureVersion && (
              // eslint-disable-next-line @next/next/no-img-element -- a redirect to storage the browser keeps; Next's image optimizer would fetch it server-side
              <img src={`${PAGES.profilePicture}?v=${mine.pictureVersion}`} alt="" width={24} height={24} data-testid="header-picture" />
            )}
            <span>{mine?.name ?? 'Profile'}</span>
          </Link>
        )}
        {/* On a phone the header keeps to the places; signing out is on the profile. */}
        {state.status === 'signedIn' && (
          <span
            css={css`
              @media (max-width: 640px) {
                display: none;
              }
            `}
          >
            <button
              type="button"
              onClick={() => void signOut()}
              css={css`
                font: inherit;
                font-weight: 500;
                color: ${theme.color.text};
                background: none;
                border: 0;
                padding: 0.6rem 0.4rem;
                min-height: 44px;
                cursor: pointer;
                text-decoration: underline;
                text-underline-offset: 4px;
              `}
            >
              Sign out
            </button>
          </span>
        )}
      </nav>
    </header>
  );
};
