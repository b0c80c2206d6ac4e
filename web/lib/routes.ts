/**
 * The app's pages by who may see them, written once: the proxy guards by these lists
 * before anything renders, and the header and forms link with the same paths.
 */
export const PAGES = {
  home: '/',
  signIn: '/sign-in',
  signUp: '/sign-up',
  confirm: '/confirm',
  forgotPassword: '/forgot-password',
  statements: '/statements',
  /** Which months each account has statements for. */
  coverage: '/statements/coverage',
  /** The search: what was typed is its `q` parameter, as the list's filters are theirs. */
  search: '/statements/search',
  profile: '/profile',
  /** Where a person lands once their account is closed: what was deleted. Anyone may see it. */
  accountClosed: '/account-closed',
} as const;

/** One statement's page: its details and its content. The id is the server's, never personal. */
export const statementPage = (statementId: string): string => `${PAGES.statements}/${encodeURIComponent(statementId)}`;

/** The search page for what was typed (the page alone when nothing was). */
export const searchHref = (query: string): string => {
  const typed = query.trim();
  return typed ? `${PAGES.search}?${new URLSearchParams({ q: typed })}` : PAGES.search;
};

/** Pages that show a person's own data: a signed-out visitor is sent to sign in, then back. */
export const PRIVATE_PAGES: readonly string[] = [PAGES.statements, PAGES.profile];

/** Pages that only make sense signed out: a signed-in visitor goes straight to their statements. */
export const SIGNED_OUT_PAGES: readonly string[] = [PAGES.home, PAGES.signIn, PAGES.signUp, PAGES.confirm, PAGES.forgotPassword];

/** Where a signed-in person starts, and where sign-in leads when nothing else was asked for. */
export const SIGNED_IN_HOME = PAGES.statements;

const within = (path: string, pages: readonly string[]) =>
  pages.some((page) => path === page || (page !== '/' && path.startsWith(`${page}/`)));

export const isPrivatePage = (path: string): boolean => within(path, PRIVATE_PAGES);
export const isSignedOutPage = (path: string): boolean => within(path, SIGNED_OUT_PAGES);

/** Where to go after signing in: only a path of this site, never another origin. */
export const safeNext = (next: string | null | undefined, fallback: string = SIGNED_IN_HOME): string =>
  next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;

/** Why the sign-in page is shown, when it is not the person's own choice. */
export const SIGN_IN_REASONS = { sessionEnded: 'session-ended', signInAgain: 'sign-in-again' } as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[keyof typeof SIGN_IN_REASONS];

/** The sign-in page, remembering where to come back to (a path of this site only) and, if any, why. */
export const signInPath = (next?: string, reason?: SignInReason): string => {
  const query = new URLSearchParams();
  if (next && safeNext(next, '')) query.set('next', next);
  if (reason) query.set('reason', reason);
  const search = query.toString();
  return search ? `${PAGES.signIn}?${search}` : PAGES.signIn;
};
