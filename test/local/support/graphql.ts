import { waitFor } from './stack-process';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import type { WebConfig } from '../../../contract';

/**
 * Apollo Client as the web app uses it: the API key for public fields, the user pool token
 * (alone, as AppSync picks the mode from the headers) for private ones.
 */
export const apollo = (config: WebConfig, auth: { token?: string; apiKey?: string } = {}) =>
  new ApolloClient({
    link: new HttpLink({
      uri: config.data.url,
      headers: auth.token !== undefined ? { Authorization: auth.token } : { 'x-api-key': auth.apiKey ?? config.data.api_key },
    }),
    cache: new InMemoryCache(),
  });

export const PUBLIC_QUERY = gql`
  query Public {
    uploadLimits {
      profileImage {
        contentTypes
        maxBytes
      }
      statement {
        contentTypes
        maxBytes
        maxSingleUploadBytes
        partBytes
        uploadUrlSeconds
        downloadUrlSeconds
      }
    }
    serviceStatus {
      status
      region
      time
    }
  }
`;

export const ME = gql`
  query Me {
    me {
      userId
      email
      displayName
      avatarKey
      updatedAt
    }
  }
`;

export const UPDATE_PROFILE = gql`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      userId
      email
      displayName
      updatedAt
    }
  }
`;

export const STATEMENT = gql`
  query Statement($id: ID!) {
    statement(id: $id) {
      id
      owner
      fileName
      contentType
      size
      key
      accountLabel
      period
      status
      scanDetail
      uploadedAt
      checksum
      checksumType
    }
    uploadRefusal(id: $id) {
      id
      reason
      refusedAt
    }
  }
`;

export const STATEMENTS = gql`
  query Statements($filter: StatementFilter, $limit: Int, $nextToken: String, $sort: StatementSort) {
    statements(filter: $filter, limit: $limit, nextToken: $nextToken, sort: $sort) {
      items {
        id
        owner
        fileName
        size
        accountLabel
        accountKey
        period
        uploadedAt
        arrivedByMail
      }
      nextToken
    }
  }
`;

/** The web app's own query (its generated, pre-parsed document): the filters' and usage line's data. */
export {
  COVERAGE,
  DELETED_STATEMENTS,
  SEARCH,
  STATEMENT_DETAILS,
  STATEMENT_NEIGHBOURS,
  SUMMARIES,
  UPDATE_ACCOUNT_SCHEDULE,
} from '../../../web/lib/graphql';

/** POSTs a query without Apollo, to see the raw status and body AppSync answers with. */
export const rawGraphql = async (
  config: WebConfig,
  headers: Record<string, string>,
  query = '{ serviceStatus { status } }',
  variables?: Record<string, unknown>,
) => {
  const response = await fetch(config.data.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; errors?: { errorType?: string; message: string }[] },
  };
};

/** Waits until the profile shows an avatar: the catalogue sets it once the malware scan finds the image clean. */
export const waitForAvatar = (config: WebConfig, token: string) =>
  waitFor(async () => {
    const { data } = await apollo(config, { token }).query({ query: ME, fetchPolicy: 'no-cache' });
    return (data as { me: { avatarKey?: string | null } }).me.avatarKey ?? undefined;
  }, 'the avatar to be scanned clean and shown');

export const EDIT_STATEMENTS = gql`
  mutation EditStatements($input: EditStatementsInput!) {
    editStatements(input: $input) {
      edited {
        id
        fileName
        accountLabel
        period
        status
        checksum
      }
      notFound
    }
  }
`;
