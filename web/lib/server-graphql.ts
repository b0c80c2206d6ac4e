import type { TypedDocumentNode } from '@apollo/client';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql';
import { loadWebConfig } from './server-config';
import type { ServerSession } from './server-session';

/** An operation's answer, or what went wrong in words a person can read. */
export type ServerResult<Data> = { data: Data; error?: undefined } | { data?: undefined; error: string };

/** One try's answer, and whether trying again could answer differently (the service busy or unreachable). */
type Attempt<Data> = ServerResult<Data> & { passing?: boolean };

/** GraphQL errors that say the service was busy or failed, not that the request was wrong. */
const PASSING_ERROR = /throttl|timeout|timed out|unavailable|internal|networking|too many/i;

/**
 * How a page's first HTML waits for an answer it could not get at once: tries after the
 * first, and the pause before each (a person would wait a moment and reload).
 */
export const SERVER_READ_RETRIES = [100, 400, 1000] as const;

const tryOperation = async <Data, Variables extends Record<string, unknown>>(
  session: Pick<ServerSession, 'idToken'>,
  document: TypedDocumentNode<Data, Variables>,
  variables?: Variables,
): Promise<Attempt<Data>> => {
  let response: Response;
  try {
    response = await fetch(loadWebConfig().data.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: session.idToken },
      // As the browser's Apollo client asks: with `__typename` on every object, which its
      // cache needs to file the answer (and its fragments) under the right types.
      body: JSON.stringify({ query: print(addTypenameToDocument(document)), variables: variables ?? {} }),
      cache: 'no-store',
    });
  } catch {
    return { error: 'The server could not be reached; try again in a moment.', passing: true };
  }
  const passingStatus = response.status >= 500 || response.status === 429;
  let body: { data?: Data; errors?: { message?: string; errorType?: string }[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    return { error: `The server answered ${response.status}.`, passing: passingStatus };
  }
  if (response.ok && body.data && !body.errors?.length) return { data: body.data };
  const [first] = body.errors ?? [];
  return {
    error: first?.message ?? `The server answered ${response.status}.`,
    passing: passingStatus || PASSING_ERROR.test(`${first?.errorType ?? ''} ${first?.message ?? ''}`),
  };
};

/**
 * Runs one of the app's GraphQL operations on the server, with the signed-in person's ID
 * token, once: the private pages' form actions (a change is not sent twice).
 */
export const serverOperation = async <Data, Variables extends Record<string, unknown> = Record<string, never>>(
  session: ServerSession,
  document: TypedDocumentNode<Data, Variables>,
  variables?: Variables,
): Promise<ServerResult<Data>> => {
  const { passing: _passing, ...result } = await tryOperation(session, document, variables);
  return result as ServerResult<Data>;
};

/**
 * A query for a page's first HTML; a failed answer is `undefined`, and the page says it
 * could not load. A read changes nothing, so one the service could not answer (unreachable,
 * busy, failing) is asked again after a pause, as a person would, before the page gives up.
 */
export const serverQuery = async <Data, Variables extends Record<string, unknown> = Record<string, never>>(
  session: Pick<ServerSession, 'idToken'>,
  document: TypedDocumentNode<Data, Variables>,
  variables?: Variables,
): Promise<Data | undefined> => {
  for (let attempt = 0; ; attempt++) {
    const result = await tryOperation(session, document, variables);
    if (result.data !== undefined) return result.data;
    const pause = SERVER_READ_RETRIES[attempt];
    if (!result.passing || pause === undefined) {
      console.warn(`server read of ${operationName(document)} failed: ${result.error}`);
      return undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
};

const operationName = (document: TypedDocumentNode<unknown, never>): string =>
  document.definitions.flatMap((definition) => ('name' in definition && definition.name ? [definition.name.value] : []))[0] ?? 'an operation';

/**
 * A paged query read page after page, at most `maxPages` (one page for nearly everyone):
 * every page's answer, or `undefined` when any page failed.
 */
export const serverPages = async <Data, Variables extends { nextToken: string | null }>(
  session: ServerSession,
  document: TypedDocumentNode<Data, Variables>,
  nextTokenOf: (data: Data) => string | null | undefined,
  maxPages: number,
): Promise<Data[] | undefined> => {
  const pages: Data[] = [];
  let nextToken: string | null = null;
  do {
    const data: Data | undefined = await serverQuery(session, document, { nextToken } as Variables);
    if (!data) return undefined;
    pages.push(data);
    nextToken = nextTokenOf(data) ?? null;
  } while (nextToken && pages.length < maxPages);
  return pages;
};
