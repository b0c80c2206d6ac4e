import { webConfig } from './config';

type AuthApi = typeof import('aws-amplify/auth');
type SessionEndedListener = () => void;

let loading: Promise<AuthApi> | undefined;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Amplify's auth API, loaded the first time something needs it (a form is sent, a token
 * is asked for) rather than with every page: pages render from the server's session, so
 * most visits never load it. It keeps its tokens in cookies (`ssr: true`), which the
 * server reads to render signed-in pages.
 */
export const amplifyAuth = (): Promise<AuthApi> =>
  (loading ??= (async () => {
    const [{ Amplify }, { ConsoleLogger, Hub }, auth, { amplifyResources }] = await Promise.all([
      import('aws-amplify'),
      import('aws-amplify/utils'),
      import('aws-amplify/auth'),
      import('./amplify-config'),
    ]);
    const config = webConfig();
    // Amplify warns on every load when the Cognito endpoint is custom (the local stack's is).
    if (config.custom.local) ConsoleLogger.LOG_LEVEL = 'ERROR';
    Amplify.configure(amplifyResources(config), { ssr: true });
    Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'tokenRefresh_failure') sessionEndedListeners.forEach((listener) => listener());
    });
    return auth;
  })());

/** Called when Amplify cannot refresh the session (the refresh token was revoked or has expired). */
export const onSessionEnded = (listener: SessionEndedListener): (() => void) => {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
};

/** The signed-in person's current ID token (refreshed by Amplify when due), or undefined. */
export const currentIdToken = async (): Promise<string | undefined> => {
  const { fetchAuthSession } = await amplifyAuth();
  const session = await fetchAuthSession().catch(() => undefined);
  return session?.tokens?.idToken?.toString();
};
