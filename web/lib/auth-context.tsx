'use client';

import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, TOAST_IDS } from './messages';

export type AuthState =
  | { status: 'loading' }
  /** `byChoice`: the person signed out here, so nothing should bring them back to the page they left. */
  | { status: 'signedOut'; byChoice?: boolean }
  | { status: 'signedIn'; sub: string; email: string };

interface AuthContextValue {
  state: AuthState;
  /** The current ID token, refreshed by Amplify when needed; undefined when signed out. */
  idToken(): Promise<string | undefined>;
  /** Re-reads the session (after a sign-in). */
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

const readSession = async (): Promise<AuthState> => {
  try {
    const session = await fetchAuthSession();
    const payload = session.tokens?.idToken?.payload;
    if (!payload?.sub) return { status: 'signedOut' };
    return { status: 'signedIn', sub: String(payload.sub), email: String(payload.email ?? '') };
  } catch {
    return { status: 'signedOut' };
  }
};

/**
 * Who is signed in, for every client component. When Amplify cannot refresh the session
 * (NotAuthorized: the refresh token was revoked or expired) the cached user is cleared and
 * the person is sent to /sign-in with a notice, then back where they were.
 */
export const AuthProvider = ({ children, onSignedOut }: { children: ReactNode; onSignedOut: () => void }) => {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const router = useRouter();
  // Amplify announces the sign-out (Hub) before signOut() returns, after Cognito has revoked the session.
  const signingOut = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  const refresh = useCallback(async () => setState(await readSession()), []);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedIn' || payload.event === 'tokenRefresh') void refresh();
      if (payload.event === 'signedOut') {
        setState({ status: 'signedOut', byChoice: signingOut.current });
        onSignedOut();
      }
      if (payload.event === 'tokenRefresh_failure') {
        void amplifySignOut().catch(() => undefined);
        setState({ status: 'signedOut' });
        onSignedOut();
        toast.info(MESSAGES.sessionEnded, { toastId: TOAST_IDS.sessionEnded });
        router.replace(`/sign-in?next=${encodeURIComponent(window.location.pathname)}`);
      }
    });
  }, [refresh, router, onSignedOut]);

  // Another tab of the app signed out (or its session ended): Amplify removed the tokens it
  // keeps in localStorage, which every tab shares, and the browser tells the others. Each
  // then leaves its private page at once, saying why.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage || event.newValue !== null) return;
      if (event.key !== null && !/^CognitoIdentityServiceProvider\..+\.(idToken|LastAuthUser)$/.test(event.key)) return;
      if (stateRef.current.status !== 'signedIn') return;
      setState({ status: 'signedOut' });
      onSignedOut();
      toast.info(MESSAGES.signedOutElsewhere, { toastId: TOAST_IDS.signedOutElsewhere });
      router.replace('/sign-in');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [router, onSignedOut]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      refresh,
      idToken: async () => {
        const session = await fetchAuthSession().catch(() => undefined);
        return session?.tokens?.idToken?.toString();
      },
      signOut: async () => {
        signingOut.current = true;
        try {
          await amplifySignOut();
        } finally {
          signingOut.current = false;
        }
        setState({ status: 'signedOut', byChoice: true });
        onSignedOut();
      },
    }),
    [state, refresh, onSignedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
};

export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
};

/** The ID token or, if the session is gone, an error the caller shows. */
export const useIdToken = () => {
  const { idToken } = useAuth();
  return useCallback(async () => {
    const token = await idToken();
    if (!token) throw new Error(MESSAGES.sessionEnded);
    return token;
  }, [idToken]);
};
