import { confirmSignUp, fetchAuthSession, signIn, signOut, signUp } from 'aws-amplify/auth';
import type { StackProcess } from './stack-process';

export interface TestUser {
  email: string;
  sub: string;
  idToken: string;
  accessToken: string;
}

/**
 * Signs a new user up, confirms them with the code the stack printed, signs in through
 * Amplify (SRP) and keeps their tokens; then signs out locally so the next user can sign
 * in (the tokens stay valid, as they would in another browser).
 */
export const newUser = async (stack: StackProcess, name: string): Promise<TestUser> => {
  const email = `${name}-${Date.now()}@example.com`;
  const password = `${name} has a long password`;
  await signUp({ username: email, password });
  await confirmSignUp({ username: email, confirmationCode: stack.codeFor(email) });
  await signIn({ username: email, password });
  const session = await fetchAuthSession();
  const user = {
    email,
    sub: String(session.tokens!.idToken!.payload.sub),
    idToken: session.tokens!.idToken!.toString(),
    accessToken: session.tokens!.accessToken.toString(),
  };
  await signOut();
  return user;
};
