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
 * Signs in through Amplify (SRP) and keeps the tokens; then signs out locally so the next
 * user can sign in (the tokens stay valid, as they would in another browser).
 */
const signedIn = async (email: string, password: string): Promise<TestUser> => {
  await signIn({ username: email, password });
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
