import type { TypedDocumentNode } from '@apollo/client';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql';
import { loadWebConfig } from './server-config';
import type { ServerSession } from './server-session';

/** An operation's answer, or what went wrong in words a person can read. */
export type ServerResult<Data> = { data: Data; error?: undefined } | { data?: undefined; error: string };

/**
 * Runs one of the app's GraphQL operations on the server, with the signed-in person's ID
 * token: the private pages' first HTML and their form actions.
 */
export const serverOperation = async <Data, Variables extends Record<string, unknown> = Record<string, never>>(
  session: ServerSession,
  document: TypedDocumentNode<Data, Variables>,
  variables?: Variables,
): Promise<ServerResult<Data>> => {
  try {
    const response = await fetch(loadWebConfig().data.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: session.idToken },
      // As the browser's Apollo client asks: with `__typename` on every object, which its
      // cache needs to file the answer (and its fragments) under the right types.
      body: JSON.stringify({ query: print(addTypenameToDocument(document)), variables: variables ?? {} }),
      cache: 'no-store',
    });
    const body = (await response.json()) as { data?: Data; errors?: { message?: string }[] };
    if (response.ok && body.data && !body.errors?.length) return { data: body.data };
    return { error: body.errors?.[0]?.message ?? `The server answered ${response.status}.` };
  } catch {
    return { error: 'The server could not be reached; try again in a moment.' };
  }
};

/** A query for a page's first HTML; a failed answer is `undefined`, and the page says it could not load. */
export const serverQuery = async <Data, Variables extends Record<string, unknown> = Record<string, never>>(
  session: ServerSession,
  document: TypedDocumentNode<Data, Variables>,
  variables?: Variables,
): Promise<Data | undefined> => (await serverOperation(session, document, variables)).data;

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
