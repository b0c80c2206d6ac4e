import { authErrorMessage } from '../../web/lib/auth-errors';
import { base64UrlToBytes, subscribeToPush } from '../../web/lib/push';
import { SEARCH_START, isPrivatePage, isSignedOutPage, safeNext, searchHref, signInPath } from '../../web/lib/routes';
import { TOAST_OPTIONS } from '../../web/lib/toast-options';
import { UploadRuleError, requireUploadAllowed } from '../../web/lib/upload';
import { amplifyResources } from '../../web/lib/amplify-config';
import fixture from './fixtures/amplify_outputs.json';
import type { WebConfig } from '../../contract';
import type { AmplifyOutputs } from '@aws-amplify/core/internals/utils';

describe('web push', () => {
  test('no key: nothing happens and nothing breaks', async () => {
    await expect(subscribeToPush(undefined)).resolves.toBeUndefined();
    await expect(subscribeToPush('')).resolves.toBeUndefined();
  });

  test('with a key: subscribes with the decoded key, or reuses a subscription', async () => {
    const subscribe = jest.fn(async (options: PushSubscriptionOptionsInit) => ({ endpoint: 'https://push.example/1', options }));
    const registration = { pushManager: { getSubscription: async () => null, subscribe } } as never;
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const subscription = (await subscribeToPush(key, registration)) as unknown as { options: PushSubscriptionOptionsInit };
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(subscription.options.userVisibleOnly).toBe(true);
    expect(Buffer.from(subscription.options.applicationServerKey as Uint8Array).toString('base64url')).toBe(key);

    const existing = { endpoint: 'https://push.example/existing' };
    const reused = await subscribeToPush(key, { pushManager: { getSubscription: async () => existing, subscribe } } as never);
    expect(reused).toBe(existing);
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  test('URL-safe base64 decodes to the raw key bytes', () => {
    expect([...base64UrlToBytes('AQID_w')]).toEqual([1, 2, 3, 255]);
  });
});

test('toasts: bottom-right, 5000 ms, progress bar, close on click, pause on hover, coloured', () => {
  expect(TOAST_OPTIONS).toEqual({
    position: 'bottom-right',
    autoClose: 5000,
    hideProgressBar: false,
    closeOnClick: true,
    pauseOnHover: true,
    theme: 'colored',
  });
});

test('after sign-in, only a path on this site is followed', () => {
  expect(safeNext('/profile')).toBe('/profile');
  expect(safeNext('/statements?x=1')).toBe('/statements?x=1');
  for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null, undefined]) {
    expect(safeNext(bad)).toBe('/statements');
  }
});

test('the proxy guards pages by these lists: private pages and their sub-paths, signed-out pages exactly', () => {
  expect(['/statements', '/profile', '/statements/x'].every(isPrivatePage)).toBe(true);
  expect(['/', '/sign-in', '/statementsx', '/profiles'].some(isPrivatePage)).toBe(false);
  expect(['/', '/sign-in', '/sign-up', '/confirm', '/forgot-password'].every(isSignedOutPage)).toBe(true);
  expect(['/statements', '/x', '/sign-inx'].some(isSignedOutPage)).toBe(false);
  expect(signInPath('/profile')).toBe('/sign-in?next=%2Fprofile');
  expect(signInPath('//evil.example')).toBe('/sign-in');
  expect(signInPath()).toBe('/sign-in');
});

test('Cognito errors are shown in words', () => {
  expect(authErrorMessage({ name: 'NotAuthorizedException' })).toBe('The e-mail or password is not right.');
  expect(authErrorMessage({ name: 'InvalidPasswordException' })).toBe('The password needs at least 8 characters.');
  expect(authErrorMessage(new Error('something else'))).toBe('something else');
});

test('upload rules are checked on the file before anything is sent, with the extension as fallback type', () => {
  expect(requireUploadAllowed('statement', new File(['x'], 'bank.ofx', { type: '' }))).toBe('application/x-ofx');
  expect(() => requireUploadAllowed('statement', new File(['x'], 'a.zip', { type: 'application/zip' }))).toThrow(UploadRuleError);
  const big = { name: 'me.png', type: 'image/png', size: 6 * 1024 * 1024 } as File;
  expect(() => requireUploadAllowed('profileImage', big)).toThrow('Profile images can be at most 5 MiB; this file is 6 MiB.');
});

test('Amplify resources from the web config: the file without the identity pool, plus the local endpoint when present', () => {
  const deployed = amplifyResources(fixture as WebConfig);
  expect(deployed.Auth?.Cognito).toMatchObject({ userPoolId: 'us-east-1_Fixture', userPoolClientId: 'fixtureclient' });
  expect(deployed.Auth?.Cognito).not.toHaveProperty('userPoolEndpoint');
  // Nothing in the web app uses AWS credentials, so Amplify never asks the identity pool for them.
  expect(deployed.Auth?.Cognito).not.toHaveProperty('identityPoolId');
  const local = amplifyResources({
    ...(fixture as WebConfig),
    custom: { ...(fixture as WebConfig).custom, userPoolEndpoint: 'http://127.0.0.1:9229' },
  });
  expect(local.Auth?.Cognito).toMatchObject({ userPoolEndpoint: 'http://127.0.0.1:9229' });
  expect(deployed.API?.GraphQL).toMatchObject({
    endpoint: 'https://fixture.appsync-api.us-east-1.amazonaws.com/graphql',
    defaultAuthMode: 'apiKey',
  });
});

test("the web config's type is assignable to Amplify's own outputs type (tsc checks this line)", () => {
  const outputs: AmplifyOutputs = fixture as WebConfig;
  expect(outputs.version).toBe('1.4');
  expect(outputs.auth?.mfa_configuration).toBe('NONE');
});

describe('search on the statements list', () => {
  test('what was typed is the list\'s `q`, trimmed; nothing typed is the list alone; "/" elsewhere lands on its box', () => {
    expect(searchHref(' 17,120.00 ')).toBe('/statements?q=17%2C120.00');
    expect(searchHref('Thames water')).toBe('/statements?q=Thames+water');
    expect(searchHref('  ')).toBe('/statements');
    expect(SEARCH_START).toBe('/statements#search');
    expect(isPrivatePage(new URL(searchHref('x'), 'https://vault.example').pathname)).toBe(true);
  });
});
