import { createServerRunner } from '@aws-amplify/adapter-nextjs';
import { fetchAuthSession } from 'aws-amplify/auth/server';
import { ConsoleLogger } from 'aws-amplify/utils';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import type { NextRequest, NextResponse } from 'next/server';
import { amplifyResources } from './amplify-config';
import { ACCOUNT_CLOSED_SIGN_OUT, signInPath } from './routes';
import { serverMe } from './server-me';
import { loadWebConfig } from './server-config';

/** Who is signed in, as the server knows it from the request's cookies. */
export interface ServerSession {
  sub: string;
  email: string;
  /** The user pool's ID token: AppSync and both REST APIs authorize the person with it. */
  idToken: string;
}

let runner: ReturnType<typeof createServerRunner> | undefined;

/**
 * Amplify's Next.js adapter over the config the server read at run time. The browser
 * keeps its tokens in cookies (`Amplify.configure(…, { ssr: true })`), which the adapter
 * reads, checks against the user pool's keys and, in the proxy, refreshes when the ID
 * token has expired (writing the new ones back as cookies).
 */
const serverRunner = () => {
  if (runner) return runner;
  const config = loadWebConfig();
  // On the local stack every request's session names the emulator's endpoint, and Amplify warns of a
  // custom endpoint each time: the terminal of `npm start` would bury what a person needs to read
  // (a confirmation code) under them. The browser's Amplify is quieted the same way (amplify-client.ts).
  if (config.custom.local) ConsoleLogger.LOG_LEVEL = 'ERROR';
  return (runner = createServerRunner({ config: amplifyResources(config) }));
};

const toSession = (session: Awaited<ReturnType<typeof fetchAuthSession>>): ServerSession | undefined => {
  const idToken = session.tokens?.idToken;
  if (!idToken?.payload.sub) return undefined;
  return { sub: String(idToken.payload.sub), email: String(idToken.payload.email ?? ''), idToken: idToken.toString() };
};

/** Amplify's cookies for this app's user pool client (tokens, the last user), named as Amplify names them. */
const sessionCookieNames = (jar: { getAll(): { name: string }[] }): string[] => {
  const prefix = `CognitoIdentityServiceProvider.${loadWebConfig().auth.user_pool_client_id}.`;
  return jar
    .getAll()
    .map((cookie) => cookie.name)
    .filter((name) => name.startsWith(prefix));
};

const run = (nextServerContext: Parameters<ReturnType<typeof createServerRunner>['runWithAmplifyServerContext']>[0]['nextServerContext']) =>
  serverRunner()
    .runWithAmplifyServerContext({ nextServerContext, operation: (context) => fetchAuthSession(context) })
    .then(toSession)
    .catch(() => undefined);

/**
 * The session of the request a server component renders, read once per request (read
 * only: server components cannot set cookies; the proxy has refreshed them already).
 */
export const currentSession = cache(async (): Promise<ServerSession | undefined> =>
  // A visitor without the app's session cookies is signed out: nothing to check.
  sessionCookieNames(await cookies()).length > 0 ? run({ cookies }) : undefined,
);

/**
 * The session of a private page, or off to sign in (and back to `page` after). A sign-in
 * that outlives its account (closed in another browser: its ID token lives on for up to an
 * hour) is ended here, saying so, rather than shown an empty vault.
 */
export const requireSession = async (page?: string): Promise<ServerSession> => {
  const session = await currentSession();
  if (!session) redirect(signInPath(page));
  if ((await serverMe(session))?.me.closed) redirect(ACCOUNT_CLOSED_SIGN_OUT);
  return session;
};

/** True when the request carries a session, valid or not: a person who was signed in. */
export const hasSessionCookies = (request: NextRequest): boolean => sessionCookieNames(request.cookies).length > 0;

/** Removes a session that no longer works (its refresh failed), so the browser does not keep offering it. */
export const clearSessionCookies = (request: NextRequest, response: NextResponse): void => {
  for (const name of sessionCookieNames(request.cookies)) response.cookies.set({ name, value: '', path: '/', maxAge: 0 });
};

/** The session of a request the proxy sees; refreshed tokens are written to `response`. */
export const requestSession = async (request: NextRequest, response: NextResponse): Promise<ServerSession | undefined> =>
  hasSessionCookies(request) ? run({ request, response }) : undefined;
