'use client';

import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';

/**
 * Starts the Apollo cache from an answer the server already fetched for this page, once,
 * before the components that query it render: on the server they render the data into
 * the HTML, and in the browser they hydrate with it instead of asking again.
 */
export const useServerData = <Data, Variables extends OperationVariables>(
  query: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  data: Data | undefined,
): boolean => {
  const client = useApolloClient();
  const [seeded] = useState(() => {
    if (data === undefined) return false;
    client.writeQuery({ query, variables, data } as never);
    return true;
  });
  return seeded;
};
