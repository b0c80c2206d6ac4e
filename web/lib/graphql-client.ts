import type { ApolloClient } from '@apollo/client';
import { currentIdToken } from './amplify-client';

let made: Promise<ApolloClient> | undefined;

/**
 * The browser's one GraphQL client, made with the first operation a person's action asks
 * for (an upload's outcome, an edit, an export) rather than with every page: pages render
 * their data on the server, so none needs Apollo to show, and none ships it in its first
 * load. A client that failed to load is tried again with the next operation.
 */
export const graphqlClient = (): Promise<ApolloClient> =>
  (made ??= import('./apollo')
    .then(({ createApolloClient }) => createApolloClient(currentIdToken))
    .catch((error: unknown) => {
      made = undefined;
      throw error;
    }));

/** Forgets what the client holds (at a sign-out), where one was made. */
export const clearGraphqlClient = async (): Promise<void> => {
  if (made) await (await made).clearStore();
};
