import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, ServerError, ServerParseError } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { toast } from '@/lib/toast';
import { webConfig } from './config';
import { MESSAGES, TOAST_IDS } from './messages';

/**
 * The GraphQL client. AppSync picks the authorization mode from the headers, and an
 * `x-api-key` header wins, so a signed-in user sends only the user-pool ID token (every
 * field, public ones included, accepts it) and a signed-out visitor only the API key.
 * HTTP failures become the toasts of the error catalogue; cached data stays.
 */
export const createApolloClient = (idToken: () => Promise<string | undefined>) =>
  new ApolloClient({
    cache: new InMemoryCache(),
    // On the server the client only renders what the page wrote into its cache: no request.
    ssrMode: typeof window === 'undefined',
    link: ApolloLink.from([
      new ErrorLink(({ error }) => {
        if (ServerParseError.is(error)) {
          console.warn(`GraphQL answer could not be parsed (HTTP ${error.statusCode})`);
          toast.error(MESSAGES.parseError, { toastId: TOAST_IDS.parseError });
        } else if (ServerError.is(error) && error.statusCode >= 300) {
          toast.error(MESSAGES.serverError, { toastId: TOAST_IDS.serverError });
        }
      }),
      new SetContextLink(async (previous) => {
        const token = await idToken().catch(() => undefined);
        return {
          headers: {
            ...previous.headers,
            ...(token ? { Authorization: token } : { 'x-api-key': webConfig().data.api_key }),
          },
        };
      }),
      new HttpLink({ uri: webConfig().data.url }),
    ]),
  });
