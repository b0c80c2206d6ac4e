import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { configureAmplify } from './support/amplify';
import { javaProcessesFor, startStack, type StackProcess } from './support/stack-process';

/**
 * The real aws-amplify v6 Auth client against the local stack's Cognito: every call below
 * goes over HTTP to the emulator exactly as the browser's would.
 */
let stack: StackProcess;
/** Amplify's token storage, kept where the test can read the refresh token. */
const tokenStore = new Map<string, string>();
/** `Amplify.configure` installs its default storage, so this follows every configure. */
const configure = () => {
  configureAmplify(stack.config);
  cognitoUserPoolsTokenProvider.setKeyValueStorage({
    setItem: async (key, value) => void tokenStore.set(key, value),
    getItem: async (key) => tokenStore.get(key) ?? null,
    removeItem: async (key) => void tokenStore.delete(key),
    clear: async () => tokenStore.clear(),
  });
};
beforeAll(async () => {
  stack = await startStack();
  configure();
});
afterAll(async () => {
  await signOut().catch(() => undefined);
  expect(await stack.stop()).toBe(0);
  expect(javaProcessesFor(stack.dataDir)).toEqual([]);
});

const email = 'alice@example.com';
const password = 'correct horse';

const callCognito = async (target: string, body: unknown) => {
  const response = await fetch(stack.config.custom.userPoolEndpoint!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

test('Amplify.configure takes the web config file unchanged', () => {
  Amplify.configure(stack.config as never);
  expect(Amplify.getConfig().Auth?.Cognito).toMatchObject({
    userPoolId: stack.config.auth.user_pool_id,
    userPoolClientId: stack.config.auth.user_pool_client_id,
    identityPoolId: stack.config.auth.identity_pool_id,
  });
  configure();
});

test('a 7-character password is refused at sign-up', async () => {
  await expect(signUp({ username: 'short@example.com', password: 'seven77' })).rejects.toMatchObject({
    name: 'InvalidPasswordException',
  });
});

test('sign-up, an unconfirmed sign-in, resend, and confirmation with the printed code', async () => {
  const result = await signUp({ username: email, password });
  expect(result.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
  const firstCode = stack.codeFor(email);
  expect(stack.output()).toContain(`code for ${email}: ${firstCode}`);

  expect((await signIn({ username: email, password })).nextStep.signInStep).toBe('CONFIRM_SIGN_UP');

  await resendSignUpCode({ username: email });
  const secondCode = stack.codeFor(email);
  expect(secondCode).toMatch(/^\d{6}$/);
  await expect(confirmSignUp({ username: email, confirmationCode: secondCode === '000000' ? '111111' : '000000' })).rejects.toMatchObject({
    name: 'CodeMismatchException',
  });
  expect((await confirmSignUp({ username: email, confirmationCode: secondCode })).isSignUpComplete).toBe(true);
});

test('SRP sign-in: a wrong password is NotAuthorized, the right one signs in with a verified e-mail', async () => {
  await expect(signIn({ username: email, password: 'wrong password' })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
  await expect(signIn({ username: 'nobody@example.com', password })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
  expect((await signIn({ username: email, password })).isSignedIn).toBe(true);
  const session = await fetchAuthSession();
  expect(session.tokens?.idToken?.payload).toMatchObject({
    email,
    email_verified: true,
    iss: `https://cognito-idp.us-east-1.amazonaws.com/${stack.config.auth.user_pool_id}`,
    aud: stack.config.auth.user_pool_client_id,
  });
  expect(session.identityId).toMatch(/^us-east-1:[0-9a-f-]{36}$/);
  expect(session.credentials?.accessKeyId).toMatch(/^ASIA/);
  expect(await fetchUserAttributes()).toMatchObject({ email, email_verified: 'true' });
});

test('token refresh gives new tokens for the same user', async () => {
  const before = await fetchAuthSession();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const after = await fetchAuthSession({ forceRefresh: true });
  expect(after.tokens?.idToken?.toString()).not.toBe(before.tokens?.idToken?.toString());
  expect(after.tokens?.idToken?.payload.sub).toBe(before.tokens?.idToken?.payload.sub);
});

test('global sign-out revokes the refresh token', async () => {
  const refreshToken = [...tokenStore].find(([key]) => key.endsWith('.refreshToken'))?.[1];
  expect(refreshToken).toEqual(expect.any(String));
  await signOut({ global: true });
  expect((await fetchAuthSession()).tokens).toBeUndefined();
  const refresh = await callCognito('GetTokensFromRefreshToken', {
    ClientId: stack.config.auth.user_pool_client_id,
    RefreshToken: refreshToken,
  });
  expect(refresh.status).toBe(400);
  expect(refresh.body.__type).toBe('NotAuthorizedException');
});

test('forgot password: request a code, set a new password with it, sign in with the new one', async () => {
  const request = await resetPassword({ username: email });
  expect(request.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
  const code = stack.codeFor(email);
  await expect(confirmResetPassword({ username: email, confirmationCode: code, newPassword: 'short' })).rejects.toMatchObject({
    name: 'InvalidPasswordException',
  });
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword: 'a new passphrase' });
  await expect(signIn({ username: email, password })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  expect((await signIn({ username: email, password: 'a new passphrase' })).isSignedIn).toBe(true);
  await signOut();
  expect((await fetchAuthSession()).tokens).toBeUndefined();
});

test('a local sign-out ends this session at Cognito too (Amplify sends RevokeToken, as tokens carry origin_jti)', async () => {
  await signIn({ username: email.toUpperCase(), password: 'a new passphrase' });
  const refreshToken = [...tokenStore].find(([key]) => key.endsWith('.refreshToken'))?.[1];
  const accessToken = (await fetchAuthSession()).tokens!.accessToken;
  expect(accessToken.payload.origin_jti).toEqual(expect.any(String));
  await signOut();
  const refresh = await callCognito('GetTokensFromRefreshToken', {
    ClientId: stack.config.auth.user_pool_client_id,
    RefreshToken: refreshToken,
  });
  expect(refresh.body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  const getUser = await callCognito('GetUser', { AccessToken: accessToken.toString() });
  expect(getUser.body).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
});
