// Not the contract's index: the route table is on every page, and the index would bring
// every schema (and zod) with it.
import { STATEMENT_ID_PATTERN } from '@contract/keys';

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
  /** A packet for a lender or an accountant: chosen accounts' statements over a span, with a cover. */
  packet: '/statements/packet',
  /** Recently deleted: statements kept 30 days after their deletion, to restore or delete for good. */
  deleted: '/statements/deleted',
  /** Everything waiting for the person, each with its action: late and missing statements, balance breaks, files by mail. */
  needsYou: '/needs-you',
  /** The person's shares: links to sets of statements for someone without an account. */
  shares: '/shares',
  /** Where search once had a page of its own: it sends what was typed (`q`) on to the statements list, where search is. */
  search: '/statements/search',
  profile: '/profile',
  /** The signed-in person's picture (a redirect to it in storage), for the header. */
  profilePicture: '/profile/picture',
  /** Where a person lands once their account is closed: what was deleted. Anyone may see it. */
  accountClosed: '/account-closed',
} as const;

/**
 * Where a sign-in whose account was closed elsewhere is ended: it removes the session's
 * cookies and goes on to the closed account's page, which says why.
 */
export const ACCOUNT_CLOSED_SIGN_OUT = `${PAGES.accountClosed}/sign-out`;

/** The profile's card that closes the account, by its anchor: a sign-in asked for by it comes back to it, and a deletion under way is followed there. */
export const CLOSE_ACCOUNT_CARD = 'close-account';

/** The closed account's page as a browser other than the one that closed it lands on it. */
export const ACCOUNT_CLOSED_ELSEWHERE = `${PAGES.accountClosed}?elsewhere=1`;

/** One account's page, by its key (AccountSummary.accountKey): its coverage, its statements, its name. */
export const accountPage = (accountKey: string): string => `${PAGES.statements}/accounts/${encodeURIComponent(accountKey)}`;

/** One statement's page: its details and its content. The id is the server's, never personal. */
export const statementPage = (statementId: string): string => `${PAGES.statements}/${encodeURIComponent(statementId)}`;

/** What the Recently deleted page says after an action, or asks first: only ids and words in its URL. */
export type DeletedOutcome =
  | { kind: 'restored'; id: string }
  | { kind: 'purged'; count: number }
  | { kind: 'confirm'; id: string }
  | { kind: 'confirmAll' }
  | { kind: 'gone' }
  | { kind: 'purging' }
  | { kind: 'failed' };

/** The Recently deleted page, saying an outcome or asking to confirm. */
export const deletedHref = (outcome?: DeletedOutcome): string => {
  const query = new URLSearchParams();
  if (outcome?.kind === 'restored') query.set('restored', outcome.id);
  else if (outcome?.kind === 'purged') query.set('purged', String(outcome.count));
  else if (outcome?.kind === 'confirm') query.set('purge', outcome.id);
  else if (outcome?.kind === 'confirmAll') query.set('purge', 'all');
  else if (outcome) query.set('outcome', outcome.kind);
  const search = query.toString();
  return search ? `${PAGES.deleted}?${search}` : PAGES.deleted;
};

/** The outcome a Recently deleted URL names; undefined for none (or anything else). */
export const parseDeletedOutcome = (params: Record<string, string | string[] | undefined>): DeletedOutcome | undefined => {
  const one = (name: string) => (typeof params[name] === 'string' ? (params[name] as string) : undefined);
  const restored = one('restored');
  const purged = one('purged');
  const purge = one('purge');
  const outcome = one('outcome');
  if (restored && STATEMENT_ID_PATTERN.test(restored)) return { kind: 'restored', id: restored };
  if (purged && /^\d{1,5}$/.test(purged)) return { kind: 'purged', count: Number(purged) };
  if (purge === 'all') return { kind: 'confirmAll' };
  if (purge && STATEMENT_ID_PATTERN.test(purge)) return { kind: 'confirm', id: purge };
  if (outcome === 'gone' || outcome === 'purging' || outcome === 'failed') return { kind: outcome };
  return undefined;
};

/** One of the person's shares: what it names, who opened it, and its controls. */
export const sharePage = (shareId: string): string => `${PAGES.shares}/${encodeURIComponent(shareId)}`;

/** The shares page, making a share of these statements (ids only in the URL). */
export const shareStatementsHref = (statementIds: readonly string[]): string =>
  `${PAGES.shares}?${new URLSearchParams({ ids: statementIds.join(',') })}`;

/** The profile's card of statements by mail, where files that arrived wait: its element's id, so a link can land on it. */
export const MAIL_SECTION_ID = 'mail';

/** The statements list's search box: its element's id, so a link to the list can land on it. */
export const SEARCH_BOX_ID = 'search';

/** The statements list with its search box taking the keyboard: where "/" and the header's Search go from other pages. */
export const SEARCH_START = `${PAGES.statements}#${SEARCH_BOX_ID}`;

/**
 * The statements list showing what a search found: what was typed is its `q` parameter, as the
 * list's filters are theirs (the list alone when nothing was).
 */
export const searchHref = (query: string): string => {
  const typed = query.trim();
  return typed ? `${PAGES.statements}?${new URLSearchParams({ q: typed })}` : PAGES.statements;
};

/** Pages that show a person's own data: a signed-out visitor is sent to sign in, then back. */
export const PRIVATE_PAGES: readonly string[] = [PAGES.statements, PAGES.needsYou, PAGES.shares, PAGES.profile];

/** Pages that only make sense signed out: a signed-in visitor goes straight to their statements. */
export const SIGNED_OUT_PAGES: readonly string[] = [PAGES.home, PAGES.signIn, PAGES.signUp, PAGES.confirm, PAGES.forgotPassword];

/** Where a signed-in person starts (the home page and the sign-in page send them on to it). */
export const SIGNED_IN_HOME = PAGES.statements;

/** How Needs you knows it is where a sign-in led: it then sends the person on to their statements when nothing needs them. */
export const SIGN_IN_LANDING_PARAM = { name: 'from', value: 'sign-in' } as const;

/** Where signing in leads when nothing else was asked for: Needs you, or the statements when nothing needs the person. */
export const SIGN_IN_LANDING = `${PAGES.needsYou}?${SIGN_IN_LANDING_PARAM.name}=${SIGN_IN_LANDING_PARAM.value}`;

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

/** What the packet page is asked to preview: account keys and a span, and a failure to say. */
export interface PacketQuery {
  accountKeys: string[];
  from?: string;
  to?: string;
  failed?: string;
}

/** The packet page previewing a packet (or saying why one was not made): keys, days and words only. */
export const packetHref = (query: PacketQuery): string => {
  const search = new URLSearchParams();
  for (const key of query.accountKeys) search.append('account', key);
  if (query.from) search.set('from', query.from);
  if (query.to) search.set('to', query.to);
  if (query.failed) search.set('failed', query.failed);
  const text = search.toString();
  return text ? `${PAGES.packet}?${text}` : PAGES.packet;
};
