import type { ApolloClient } from '@apollo/client';
import { PROFILE_IMAGE_ROUTES, STATEMENT_ROUTES } from '@contract/routes';
import { STATEMENT_PAGE_SIZE } from '@contract/uploads';
import { EXPORT_ACCOUNTS, STATEMENTS, type StatementsData } from '../graphql';
import { PresignApiError, callPresignApi } from '../presign-api';
import type { StatementListItem } from '../graphql';
import type { ExportSource } from './vault-export';

export { chooseExportTarget, type ExportTarget } from './save';
export { exportVault, type ExportProgress } from './vault-export';
export type { ManifestEntry } from './manifest';

/**
 * The export's source in the browser: the person's list through GraphQL, page by page,
 * and each file's short-lived URL from the APIs, all with their own ID token.
 */
const downloadUrl = (idToken: () => Promise<string>) => async (statementId: string) =>
  (await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.downloadUrl, await idToken(), { params: { statementId } })).url;

/** The person's accounts as they are now (not as a page cached them): the manifest names each with its details. */
const accounts = (client: ApolloClient) => async () => {
  const result = await client.query({ query: EXPORT_ACCOUNTS, fetchPolicy: 'network-only' });
  if (!result.data) throw new Error('Your accounts could not be read; nothing was saved.');
  return result.data.accounts;
};

/** A selection of statements the list shows, as the export's source: those files and their manifest, no avatar. */
export const selectionExportSource = (
  client: ApolloClient,
  items: readonly StatementListItem[],
  idToken: () => Promise<string>,
): ExportSource => ({
  async *statements() {
    yield* items;
  },
  accounts: accounts(client),
  downloadUrl: downloadUrl(idToken),
  avatarUrl: async () => undefined,
});

export const browserExportSource = (client: ApolloClient, idToken: () => Promise<string>): ExportSource => ({
  async *statements() {
    let nextToken: string | null = null;
    do {
      const variables = { filter: {}, limit: STATEMENT_PAGE_SIZE.max, nextToken };
      const result: ApolloClient.QueryResult<StatementsData> = await client.query({
        query: STATEMENTS,
        variables,
        fetchPolicy: 'network-only',
      });
      const page = result.data?.statements;
      if (!page) throw new Error('Your list of statements could not be read; nothing was saved.');
      yield* page.items;
      nextToken = page.nextToken;
    } while (nextToken);
  },
  accounts: accounts(client),
  downloadUrl: downloadUrl(idToken),
  avatarUrl: async () => {
    try {
      return (await callPresignApi('profileImageApiUrl', PROFILE_IMAGE_ROUTES.downloadUrl, await idToken())).url;
    } catch (error) {
      if (error instanceof PresignApiError && error.status === 404) return undefined;
      throw error;
    }
  },
});
