import { localKeysUrl } from '../../local/cognito/keys-route.cjs';
import { ANALYTICS_ORIGINS, browserOrigins, contentSecurityPolicy, type WebConfig } from '../../contract';
import fixture from '../web/fixtures/amplify_outputs.json';

const deployed = fixture as WebConfig;
const local: WebConfig = {
  ...deployed,
  data: { ...deployed.data, url: 'http://127.0.0.1:20002/graphql' },
  custom: {
    profileImageApiUrl: 'http://127.0.0.1:4011/prod/',
    statementsApiUrl: 'http://127.0.0.1:4012/prod/',
    pushPublicKey: deployed.custom.pushPublicKey,
    userPoolEndpoint: 'http://127.0.0.1:9229',
    identityPoolEndpoint: 'http://127.0.0.1:9229',
    storageEndpoint: 'http://127.0.0.1:4569',
    local: true,
  },
};

const directives = (policy: string) =>
  Object.fromEntries(
    policy
      .split('; ')
      .map((part) => part.split(' '))
      .map(([name, ...values]) => [name, values]),
  );

describe('the Content-Security-Policy', () => {
  test('scripts only by nonce (and what they load), styles from the app or with the nonce; no framing, plugins or base rewrites', () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'abc123', config: deployed, analytics: false }));
    expect(policy['script-src']).toEqual(["'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy['style-src']).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(Object.values(policy).flat().join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*|googletagmanager/);
  });

  test("the browser may connect to the deployment's own endpoints only: AppSync, both APIs, Cognito, the bucket", () => {
    expect(browserOrigins(deployed).connect).toEqual([
      'https://fixture.appsync-api.us-east-1.amazonaws.com',
      'https://p.execute-api.us-east-1.amazonaws.com',
      'https://s.execute-api.us-east-1.amazonaws.com',
      'https://cognito-idp.us-east-1.amazonaws.com',
      'https://fixture-bucket.s3.us-east-1.amazonaws.com',
    ]);
    expect(browserOrigins(deployed).images).toEqual(['https://fixture-bucket.s3.us-east-1.amazonaws.com']);
  });

  test('on the local stack, the emulators the config names instead', () => {
    expect(browserOrigins(local).connect).toEqual([
      'http://127.0.0.1:20002',
      'http://127.0.0.1:4011',
      'http://127.0.0.1:4012',
      'http://127.0.0.1:9229',
      'http://127.0.0.1:4569',
    ]);
  });

  test("Google's origins only when analytics is on; eval and the dev server's socket only under next dev", () => {
    const withAnalytics = directives(contentSecurityPolicy({ nonce: 'n', config: deployed, analytics: true }));
    for (const origin of ANALYTICS_ORIGINS) expect(withAnalytics['connect-src']).toContain(origin);
    const development = directives(contentSecurityPolicy({ nonce: 'n', config: deployed, analytics: false, development: true }));
    expect(development['script-src']).toContain("'unsafe-eval'");
    expect(development['connect-src']).toContain('ws:');
  });
});

describe("the local web server's route for Cognito's keys", () => {
  test("a user pool's JWKS on Cognito's host goes to the local Cognito, at the same path", () => {
    expect(localKeysUrl('https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Local/.well-known/jwks.json', 'http://127.0.0.1:9229')).toBe(
      'http://127.0.0.1:9229/us-east-1_Local/.well-known/jwks.json',
    );
  });

  test('anything else is left alone', () => {
    for (const url of [
      'https://cognito-idp.us-east-1.amazonaws.com/',
      'https://evil.example/us-east-1_Local/.well-known/jwks.json',
      'https://cognito-idp.us-east-1.amazonaws.com.evil.example/p/.well-known/jwks.json',
      'http://cognito-idp.us-east-1.amazonaws.com/p/.well-known/jwks.json',
    ]) {
      expect(localKeysUrl(url, 'http://127.0.0.1:9229')).toBeUndefined();
    }
  });
});
