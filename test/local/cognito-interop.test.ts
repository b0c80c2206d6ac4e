import {
  AuthenticationDetails,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
  type ISignUpResult,
} from 'amazon-cognito-identity-js';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type RespondToAuthChallengeCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { createSrpSession, signSrpSession, wrapAuthChallenge, wrapInitiateAuth } from 'cognito-srp-helper';
import { type StackProcess } from './support/stack-process';
import { sharedStack } from './support/shared-stack';

/**
 * The local Cognito with SRP implementations this project did not write:
 * `amazon-cognito-identity-js` (independent of Amplify v6's), and `cognito-srp-helper` with
 * AWS's own SDK client, which answers PASSWORD_VERIFIER without a Session (as Cognito,
 * which sends none for that step, allows); over HTTP, with positive and negative cases,
 * plus the raw API for what no client library sends by itself.
 */
let stack: StackProcess;
beforeAll(async () => {
  stack = await sharedStack();
});

/** A storage per pool object, so no test sees another's session. */
const memoryStorage = (): ICognitoStorage => {
  const items = new Map<string, string>();
  return {
    setItem: (key, value) => void items.set(key, value),
    getItem: (key) => items.get(key) ?? null,
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
};

const userPool = () =>
  new CognitoUserPool({
    UserPoolId: stack.config.auth.user_pool_id,
    ClientId: stack.config.auth.user_pool_client_id,
    endpoint: stack.config.custom.userPoolEndpoint,
    Storage: memoryStorage(),
  });

const cognitoUser = (username: string) => {
  const pool = userPool();
  return new CognitoUser({ Username: username, Pool: pool, Storage: memoryStorage() });
};

const call = <T>(run: (done: (error: Error | undefined, result?: T) => void) => void): Promise<T> =>
  new Promise((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result as T))));

const signIn = (username: string, password: string) => {
  const user = cognitoUser(username);
  return new Promise<{ user: CognitoUser; session: CognitoUserSession }>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: username, Password: password }), {
      onSuccess: (session) => resolve({ user, session }),
      onFailure: reject,
    }),
  );
};

/** The raw Cognito API, for requests the client libraries never make. */
const cognitoApi = async (target: string, body: Record<string, unknown>) => {
  const answer = await fetch(stack.config.custom.userPoolEndpoint!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
};

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  throw new Error('expected a failure');
};

const password = 'interop has a long password';
let email: string;
let sub: string;

test('sign-up answers every field Cognito does, with the destination masked; the code confirms', async () => {
  email = `Interop-${Date.now()}@Example.com`;
  const result = await call<ISignUpResult>((done) => userPool().signUp(email, password, [], [], (error, value) => done(error, value)));
  expect(result.userConfirmed).toBe(false);
  expect(result.userSub).toMatch(/^[0-9a-f-]{36}$/);
  expect(result.codeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'I***@E***' });
  sub = result.userSub;
  await call((done) => cognitoUser(email).confirmRegistration(stack.codeFor(email), true, (error, value) => done(error, value)));
});

test('the same address in another case cannot sign up again', async () => {
  const error = await failure(
    call((done) => userPool().signUp(email.toLowerCase(), password, [], [], (failed, value) => done(failed, value))),
  );
  expect(error).toEqual({ code: 'UsernameExistsException', message: 'An account with the given email already exists.' });
});

test('SRP sign-in with the address in any case; tokens carry the session (origin_jti) and the user', async () => {
  for (const typed of [email, email.toLowerCase(), email.toUpperCase()]) {
    const { session } = await signIn(typed, password);
    expect(session.isValid()).toBe(true);
    const access = session.getAccessToken().decodePayload();
    expect(access).toMatchObject({
      sub,
      token_use: 'access',
      client_id: stack.config.auth.user_pool_client_id,
      origin_jti: expect.any(String),
    });
    expect(session.getIdToken().decodePayload()).toMatchObject({ sub, email, email_verified: true, origin_jti: access.origin_jti });
  }
});

test('a wrong password and an unknown user get the same NotAuthorizedException', async () => {
  expect(await failure(signIn(email, 'not the password'))).toEqual({
    code: 'NotAuthorizedException',
    message: 'Incorrect username or password.',
  });
  expect(await failure(signIn(`nobody-${Date.now()}@example.com`, password))).toEqual({
    code: 'NotAuthorizedException',
    message: 'Incorrect username or password.',
  });
});

describe("a third client: cognito-srp-helper's SRP over AWS's SDK, answering PASSWORD_VERIFIER without a Session", () => {
  const client = () =>
    new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: stack.config.custom.userPoolEndpoint,
      // The user pool API is unsigned for these calls; the SDK still wants credentials.
      credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
    });
  const clientId = () => stack.config.auth.user_pool_client_id;
  const poolId = () => stack.config.auth.user_pool_id;

  /** InitiateAuth (USER_SRP_AUTH), and the answer to its challenge as the helper builds it: no Session anywhere. */
  const challengeAndAnswer = async (username: string, typedPassword: string) => {
    const srp = createSrpSession(username, typedPassword, poolId(), false);
    const challenge = await client().send(
      new InitiateAuthCommand(
        wrapInitiateAuth(srp, { ClientId: clientId(), AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: username } }),
      ),
    );
    const answer: RespondToAuthChallengeCommandInput = wrapAuthChallenge(signSrpSession(srp, challenge), {
      ClientId: clientId(),
      ChallengeName: 'PASSWORD_VERIFIER' as const,
      ChallengeResponses: { USERNAME: username } as Record<string, string>,
    });
    return { challenge, answer };
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'signed in',
      (error: Error) => `${error.name}: ${error.message}`,
    );

  test('Cognito sends no Session with PASSWORD_VERIFIER; the answer without one signs in', async () => {
    const { challenge, answer } = await challengeAndAnswer(email, password);
    expect(challenge.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(challenge.Session).toBeUndefined();
    expect(Object.keys(challenge.ChallengeParameters ?? {}).sort()).toEqual([
      'SALT',
      'SECRET_BLOCK',
      'SRP_B',
      'USERNAME',
      'USER_ID_FOR_SRP',
    ]);
    expect(challenge.ChallengeParameters?.USER_ID_FOR_SRP).toBe(sub);
    expect(answer).not.toHaveProperty('Session');
    const result = await client().send(new RespondToAuthChallengeCommand(answer));
    expect(result.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    const payload = JSON.parse(Buffer.from(result.AuthenticationResult!.IdToken!.split('.')[1], 'base64url').toString('utf8'));
    expect(payload).toMatchObject({ sub, email, token_use: 'id', aud: clientId() });
  });

  test('a wrong password, a replayed answer, a forged secret block and a signature over another block are refused alike', async () => {
    const wrong = await challengeAndAnswer(email, 'not the password');
    expect(await refusal(client().send(new RespondToAuthChallengeCommand(wrong.answer)))).toBe(
      'NotAuthorizedException: Incorrect username or password.',
    );

    const { answer } = await challengeAndAnswer(email.toUpperCase(), password);
    expect(await refusal(client().send(new RespondToAuthChallengeCommand(answer)))).toBe('signed in');
    // The same answer again: a secret block is taken once.
    expect(await refusal(client().send(new RespondToAuthChallengeCommand(answer)))).toBe(
      'NotAuthorizedException: Incorrect username or password.',
    );

    const fresh = await challengeAndAnswer(email, password);
    const block = Buffer.from(fresh.answer.ChallengeResponses!.PASSWORD_CLAIM_SECRET_BLOCK!, 'base64');
    block[20] ^= 1;
    const forged = {
      ...fresh.answer,
      ChallengeResponses: { ...fresh.answer.ChallengeResponses, PASSWORD_CLAIM_SECRET_BLOCK: block.toString('base64') },
    };
    expect(await refusal(client().send(new RespondToAuthChallengeCommand(forged)))).toBe(
      'NotAuthorizedException: Incorrect username or password.',
    );

    // A genuine block with a signature made for another one.
    const first = await challengeAndAnswer(email, password);
    const second = await challengeAndAnswer(email, password);
    const swapped = {
      ...first.answer,
      ChallengeResponses: {
        ...first.answer.ChallengeResponses,
        PASSWORD_CLAIM_SECRET_BLOCK: second.answer.ChallengeResponses!.PASSWORD_CLAIM_SECRET_BLOCK,
      },
    };
    expect(await refusal(client().send(new RespondToAuthChallengeCommand(swapped)))).toBe(
      'NotAuthorizedException: Incorrect username or password.',
    );
  });

  test('an answer naming another user than the challenge did is refused', async () => {
    const other = `other-${Date.now()}@example.com`;
    await call((done) => userPool().signUp(other, password, [], [], (error, value) => done(error, value)));
    await call((done) => cognitoUser(other).confirmRegistration(stack.codeFor(other), true, (error, value) => done(error, value)));
    const { answer } = await challengeAndAnswer(email, password);
    const renamed = { ...answer, ChallengeResponses: { ...answer.ChallengeResponses, USERNAME: other } };
    expect(await refusal(client().send(new RespondToAuthChallengeCommand(renamed)))).toBe(
      'NotAuthorizedException: Incorrect username or password.',
    );
  });
});

test('GetUser, refresh and a password change work on the session', async () => {
  const { user, session } = await signIn(email, password);
  const attributes = await call<{ Name: string; Value: string }[]>((done) =>
    user.getUserAttributes((error, value) => done(error, value as never)),
  );
  expect(Object.fromEntries(attributes.map((attribute) => [attribute.Name, attribute.Value]))).toMatchObject({
    sub,
    email,
    email_verified: 'true',
  });
  const refreshed = await call<CognitoUserSession>((done) =>
    user.refreshSession(session.getRefreshToken(), (error, value) => done(error, value)),
  );
  expect(refreshed.getAccessToken().decodePayload().origin_jti).toBe(session.getAccessToken().decodePayload().origin_jti);
  expect(
    await failure(call((done) => user.changePassword('wrong old password', `${password}!`, (error, value) => done(error, value)))),
  ).toMatchObject({
    code: 'NotAuthorizedException',
  });
  expect(await failure(call((done) => user.changePassword(password, 'short', (error, value) => done(error, value))))).toMatchObject({
    code: 'InvalidPasswordException',
  });
});

test('global sign-out revokes the access token for the calls that check it, and the refresh token', async () => {
  const { user, session } = await signIn(email, password);
  const other = await signIn(email, password);
  await call((done) => user.globalSignOut({ onSuccess: (value) => done(undefined, value), onFailure: (error) => done(error) }));
  // Every session of the user ended, not only the one that signed out.
  for (const { session: ended } of [{ session }, other]) {
    const getUser = await cognitoApi('GetUser', { AccessToken: ended.getAccessToken().getJwtToken() });
    expect(getUser).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' } });
  }
  const refresh = await failure(
    call((done) =>
      cognitoUser(email).refreshSession(new CognitoRefreshToken({ RefreshToken: session.getRefreshToken().getToken() }), (error, value) =>
        done(error, value),
      ),
    ),
  );
  expect(refresh).toMatchObject({ code: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  // A new sign-in is a new session and works.
  const again = await signIn(email, password);
  expect((await cognitoApi('GetUser', { AccessToken: again.session.getAccessToken().getJwtToken() })).status).toBe(200);
});

test("RevokeToken ends that session only (Amplify's sign-out sends it)", async () => {
  const first = await signIn(email, password);
  const second = await signIn(email, password);
  const revoked = await cognitoApi('RevokeToken', {
    Token: first.session.getRefreshToken().getToken(),
    ClientId: stack.config.auth.user_pool_client_id,
  });
  expect(revoked).toEqual({ status: 200, body: {} });
  expect((await cognitoApi('GetUser', { AccessToken: first.session.getAccessToken().getJwtToken() })).body.message).toBe(
    'Access Token has been revoked',
  );
  expect((await cognitoApi('GetUser', { AccessToken: second.session.getAccessToken().getJwtToken() })).status).toBe(200);
});

test('a forged or expired access token is refused where Cognito checks one', async () => {
  const { session } = await signIn(email, password);
  const [header, payload, signature] = session.getAccessToken().getJwtToken().split('.');
  const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
  expect((await cognitoApi('GetUser', { AccessToken: forged })).body).toEqual({
    __type: 'NotAuthorizedException',
    message: 'Invalid Access Token',
  });
  expect((await cognitoApi('GetUser', { AccessToken: 'not-a-token' })).body.__type).toBe('NotAuthorizedException');
});

test('the raw InitiateAuth: token results carry ExpiresIn and TokenType; flows the client does not allow are refused', async () => {
  const clientId = stack.config.auth.user_pool_client_id;
  const direct = await cognitoApi('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email.toLowerCase(), PASSWORD: password },
  });
  expect(direct.status).toBe(200);
  expect(direct.body).toEqual({
    ChallengeParameters: {},
    AuthenticationResult: {
      AccessToken: expect.any(String),
      ExpiresIn: 3600,
      IdToken: expect.any(String),
      RefreshToken: expect.any(String),
      TokenType: 'Bearer',
    },
  });
  const refreshed = await cognitoApi('InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: clientId,
    AuthParameters: { REFRESH_TOKEN: direct.body.AuthenticationResult.RefreshToken },
  });
  expect(refreshed.body).toEqual({
    ChallengeParameters: {},
    AuthenticationResult: { AccessToken: expect.any(String), ExpiresIn: 3600, IdToken: expect.any(String), TokenType: 'Bearer' },
  });
  for (const flow of ['USER_AUTH', 'CUSTOM_AUTH', 'ADMIN_USER_PASSWORD_AUTH']) {
    const refused = await cognitoApi('InitiateAuth', {
      AuthFlow: flow,
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'PASSWORD_SRP' },
    });
    expect(refused).toEqual({
      status: 400,
      body: { __type: 'InvalidParameterException', message: 'Auth flow not enabled for this client' },
    });
  }
});
