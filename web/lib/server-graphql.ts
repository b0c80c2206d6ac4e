import type { TypedDocumentNode } from '@apollo/client';
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
      body: JSON.stringify({ query: print(document), variables: variables ?? {} }),
      cache: 'no-store',
    });
    const body = (await response.json()) as { data?: Data; errors?: unknown[] };
    // A partial or failed answer is left to the browser, which asks again and shows why.
    return response.ok && !body.errors?.length ? body.data : undefined;
  } catch {
    return undefined;
  }
};
