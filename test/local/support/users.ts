import { confirmSignUp, fetchAuthSession, signIn, signOut, signUp } from 'aws-amplify/auth';
import type { StackProcess } from './stack-process';

export interface TestUser {
  email: string;
  password: string;
  sub: string;
  idToken: string;
  accessToken: string;
}

/**
 * Signs in through Amplify and keeps the tokens; then signs out locally so the next user can
 * sign in (the tokens stay valid, as they would in another browser). The suites' people sign
 * in with USER_PASSWORD_AUTH, which the app client allows: the same tokens as SRP without
 * its 3,072-bit arithmetic in JavaScript, a quarter of a CPU-second a person. SRP, the web
 * app's flow, is tested where sign-in is the subject (auth.test.ts, cognito-interop.test.ts,
 * and every sign-in of the browser suite).
 */
const signedIn = async (email: string, password: string): Promise<TestUser> => {
  await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  const session = await fetchAuthSession();
  const user = {
    email,
    password,
    sub: String(session.tokens!.idToken!.payload.sub),
    idToken: session.tokens!.idToken!.toString(),
    accessToken: session.tokens!.accessToken.toString(),
  };
  await signOut();
  return user;
};

/** Signs a new user up, confirms them with the code the stack printed, and signs in. */
export const newUser = async (stack: StackProcess, name: string): Promise<TestUser> => {
  const email = `${name}-${Date.now()}@example.com`;
  const password = `${name} has a long password`;
  await signUp({ username: email, password });
  await confirmSignUp({ username: email, confirmationCode: stack.codeFor(email) });
  return signedIn(email, password);
};

/** The user's tokens from a new sign-in (a fresh `auth_time`), as after signing in again in the browser. */
export const signInAgain = (user: TestUser): Promise<TestUser> => signedIn(user.email, user.password);
