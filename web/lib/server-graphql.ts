import type { TypedDocumentNode } from '@apollo/client';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql';
import { loadWebConfig } from './server-config';
import type { ServerSession } from './server-session';

/**
 * Runs one of the app's GraphQL operations on the server, with the signed-in person's ID
 * token, so a private page's first HTML already holds their data. The browser's Apollo
 * cache starts from the same answer (see `useServerData`).
 */
export const serverQuery = async <Data, Variables extends Record<string, unknown> = Record<string, never>>(
  session: ServerSession,
  document: TypedDocumentNode<Data, Variables>,
  variables?: Variables,
): Promise<Data | undefined> => {
  try {
    const response = await fetch(loadWebConfig().data.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: session.idToken },
      // As the browser's Apollo client asks: with `__typename` on every object, which its
      // cache needs to file the answer (and its fragments) under the right types.
      body: JSON.stringify({ query: print(addTypenameToDocument(document)), variables: variables ?? {} }),
      cache: 'no-store',
    });
    const body = (await response.json()) as { data?: Data; errors?: unknown[] };
    // A partial or failed answer is left to the browser, which asks again and shows why.
    return response.ok && !body.errors?.length ? body.data : undefined;
  } catch {
    return undefined;
  }
};
