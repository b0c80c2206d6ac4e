import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  confirmUserAttribute,
  sendUserAttributeVerificationCode,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
  updateUserAttribute,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { configureAmplify } from './support/amplify';
import { type StackProcess } from './support/stack-process';
import { sharedStack } from './support/shared-stack';

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
  stack = await sharedStack();
  configure();
});
afterAll(async () => {
  await signOut().catch(() => undefined);
});

// Addresses of this suite alone: the stack is shared with the worker's other suites.
const RUN = Date.now();
const email = `alice-${RUN}@example.com`;
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
  await expect(signIn({ username: `nobody-${RUN}@example.com`, password })).rejects.toMatchObject({
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

describe('a signed-in person changes their own account', () => {
  const passphrase = 'a new passphrase';
  /** A sign-in with the raw API, as a second device would: its refresh token. */
  const otherDevice = async (username: string, secret: string) => {
    const answer = await callCognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.config.auth.user_pool_client_id,
      AuthParameters: { USERNAME: username, PASSWORD: secret },
    });
    return answer.body.AuthenticationResult?.RefreshToken as string | undefined;
  };
  const refreshWith = (refreshToken: string | undefined) =>
    callCognito('GetTokensFromRefreshToken', { ClientId: stack.config.auth.user_pool_client_id, RefreshToken: refreshToken });

  test('the password: the current one is required, the 8-character rule holds, then only the new one signs in', async () => {
    await signIn({ username: email, password: passphrase });
    await expect(updatePassword({ oldPassword: 'not the password', newPassword: 'another passphrase' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(updatePassword({ oldPassword: passphrase, newPassword: 'short' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    await updatePassword({ oldPassword: passphrase, newPassword: 'another passphrase' });
    expect(await otherDevice(email, passphrase)).toBeUndefined();
    expect(await otherDevice(email, 'another passphrase')).toEqual(expect.any(String));
  });

  test('the e-mail: a code goes to the new address, the old one stays until it is verified, then only the new one signs in', async () => {
    const newEmail = `alice.new-${RUN}@example.com`;
    await signUp({
      username: `bob-${RUN}@example.com`,
      password: 'bob passphrase',
      options: { userAttributes: { email: `bob-${RUN}@example.com` } },
    });
    // Another account's address is refused before any code is sent.
    await expect(updateUserAttribute({ userAttribute: { attributeKey: 'email', value: `bob-${RUN}@example.com` } })).rejects.toMatchObject({
      name: 'AliasExistsException',
    });
    const update = await updateUserAttribute({ userAttribute: { attributeKey: 'email', value: newEmail } });
    expect(update).toMatchObject({ isUpdated: false, nextStep: { updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE' } });
    expect(update.nextStep).toMatchObject({ codeDeliveryDetails: { destination: 'a***@e***', deliveryMedium: 'EMAIL' } });
    const first = stack.codeFor(newEmail);
    // Until the code comes back, the old address is the account's.
    expect(await fetchUserAttributes()).toMatchObject({ email, email_verified: 'true' });
    expect(await otherDevice(newEmail, 'another passphrase')).toBeUndefined();
    expect(await otherDevice(email, 'another passphrase')).toEqual(expect.any(String));
    await expect(confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: '000000' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    // A fresh code replaces the first.
    await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
    const second = stack.codeFor(newEmail);
    await expect(
      confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: first === second ? '000001' : first }),
    ).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: second });
    expect(await fetchUserAttributes()).toMatchObject({ email: newEmail, email_verified: 'true' });
    // The next ID token names the new address (the profile takes its e-mail from the token).
    expect((await fetchAuthSession({ forceRefresh: true })).tokens?.idToken?.payload.email).toBe(newEmail);
    expect(await otherDevice(email, 'another passphrase')).toBeUndefined();
    expect(await otherDevice(newEmail.toUpperCase(), 'another passphrase')).toEqual(expect.any(String));
  });

  test('signing out everywhere ends the sessions of every device, not only this one', async () => {
    const elsewhere = await otherDevice(`alice.new-${RUN}@example.com`, 'another passphrase');
    expect((await refreshWith(elsewhere)).status).toBe(200);
    await signOut({ global: true });
    expect((await fetchAuthSession()).tokens).toBeUndefined();
    expect((await refreshWith(elsewhere)).body).toMatchObject({ __type: 'NotAuthorizedException' });
  });
});
