'use client';

import { useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { amplifyAuth, currentIdToken, onSessionEnded } from './amplify-client';
import { MESSAGES, TOAST_IDS } from './messages';
import { PAGES, SIGN_IN_REASONS, signInPath } from './routes';
import { markSessionEnded } from './session-ended';

export type AuthState = { status: 'signedOut' } | { status: 'signedIn'; sub: string; email: string };

interface AuthContextValue {
  state: AuthState;
  /** The current ID token, refreshed by Amplify when needed; undefined when signed out. */
  idToken(): Promise<string | undefined>;
  /** Re-reads the session (after a sign-in). */
  refresh(): Promise<void>;
  /**
   * Ends this session here and in every other tab of the app, then goes to the sign-in page
   * (or `to`), saying so (or `message`, none if `false`). `everywhere`: every session of the
   * account, on every device (Cognito's global sign-out).
   */
  signOut(options?: { everywhere?: boolean; to?: string; message?: string | false }): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

/** Signed out, as one value: setting it again changes nothing, so nothing renders again for it. */
const SIGNED_OUT: AuthState = { status: 'signedOut' };

/** The channel every tab of the app listens on: one tab's sign-out reaches all the others at once. */
const SESSION_CHANNEL = 'statement-vault-session';
type SessionMessage = { type: 'signedOut' } | { type: 'sessionEnded' };

/** Tells every other tab of the app (this one ignores it: it is not signed in any more). */
export const announceSessionEnded = (): void => {
  if (typeof BroadcastChannel === 'undefined') return;
  const tabs = new BroadcastChannel(SESSION_CHANNEL);
  tabs.postMessage({ type: 'sessionEnded' } satisfies SessionMessage);
  tabs.close();
};

const readSession = async (): Promise<AuthState> => {
  try {
    const { fetchAuthSession } = await amplifyAuth();
    const payload = (await fetchAuthSession()).tokens?.idToken?.payload;
    if (!payload?.sub) return SIGNED_OUT;
    return { status: 'signedIn', sub: String(payload.sub), email: String(payload.email ?? '') };
  } catch {
    return SIGNED_OUT;
  }
};

/**
 * Who is signed in, for every client component. It starts from the session the server
 * read from the request's cookies, so no page waits to find out. When Amplify cannot
 * refresh the session (the refresh token was revoked or has expired), or another tab signs
 * out, every tab leaves its private page at once and says why.
 */
export const AuthProvider = ({ initial, children, onSignedOut }: { initial: AuthState; children: ReactNode; onSignedOut: () => void }) => {
  const [state, setState] = useState<AuthState>(initial);
  const router = useRouter();
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  const channel = useRef<BroadcastChannel | null>(null);

  const refresh = useCallback(async () => setState(await readSession()), []);

  /** Leaves the signed-in state here, saying why; a session that ended comes back to this page after signing in. */
  const leave = useCallback(
    (message: string, toastId: string, ended: boolean) => {
      const wasSignedIn = stateRef.current.status === 'signedIn';
      // At once, not at the next render: two reports of the same end leave once.
      stateRef.current = SIGNED_OUT;
      setState(SIGNED_OUT);
      onSignedOut();
      if (!wasSignedIn) return;
      toast.info(message, { toastId });
      router.replace(ended ? signInPath(window.location.pathname, SIGN_IN_REASONS.sessionEnded) : signInPath());
    },
    [router, onSignedOut],
  );

  /**
   * The session ended (Amplify's refresh was refused, or its tokens are gone while this tab
   * still shows private data: the server removed them on another request): every tab
   * leaves, and the next page any of them asks for says why.
   */
  const endSession = useCallback(() => {
    markSessionEnded();
    void amplifyAuth()
      .then(({ signOut }) => signOut())
      .catch(() => undefined);
    channel.current?.postMessage({ type: 'sessionEnded' } satisfies SessionMessage);
    leave(MESSAGES.sessionEnded, TOAST_IDS.sessionEnded, true);
  }, [leave]);

  const idToken = useCallback(async () => {
    const token = await currentIdToken();
    if (!token && stateRef.current.status === 'signedIn') endSession();
    return token;
  }, [endSession]);

  useEffect(() => {
    const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
    channel.current = tabs;
    if (tabs) {
      tabs.onmessage = ({ data }: MessageEvent<SessionMessage>) => {
        if (data?.type === 'signedOut') leave(MESSAGES.signedOutElsewhere, TOAST_IDS.signedOutElsewhere, false);
        if (data?.type === 'sessionEnded') leave(MESSAGES.sessionEnded, TOAST_IDS.sessionEnded, true);
      };
    }
    const stopListening = onSessionEnded(endSession);
    return () => {
      stopListening();
      tabs?.close();
      channel.current = null;
    };
  }, [leave, endSession]);

  // One function for the provider's life: effects that call it run once, not again each time
  // the state it changes changes (which would sign out, and navigate, over and over).
  const signOut = useCallback<AuthContextValue['signOut']>(
    async ({ everywhere = false, to = PAGES.signIn, message } = {}) => {
      const { signOut: amplifySignOut } = await amplifyAuth();
      if (everywhere) await (await import('./devices-sign-out')).forgetEveryDevice().catch(() => undefined);
      await amplifySignOut({ global: everywhere });
      channel.current?.postMessage({ type: 'signedOut' } satisfies SessionMessage);
      stateRef.current = SIGNED_OUT;
      setState(SIGNED_OUT);
      onSignedOut();
      const said = message ?? (everywhere ? MESSAGES.signedOutEverywhere : MESSAGES.signedOut);
      if (said) toast.info(said);
      router.replace(to);
    },
    [onSignedOut, router],
  );

  const value = useMemo<AuthContextValue>(() => ({ state, refresh, idToken, signOut }), [state, refresh, idToken, signOut]);
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
