import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { API_STAGE } from '../../contract';
import { offlineNodeEnvironment } from '../../local/offline';
import { LOCAL_CREDENTIALS } from '../../local/settings';
import aws4 from 'aws4';
import { configureAmplify } from '../local/support/amplify';
import { javaProcessesFor, startStack, type StackProcess } from '../local/support/stack-process';
import { signJwt } from '../local/support/tokens';
import { newUser, type TestUser } from '../local/support/users';
import cognitoLocalPrivateKey from 'cognito-local/lib/keys/cognitoLocal.private.json';

/**
 * Offline means offline: no part of the local stack opens a connection off this machine,
 * whatever a request contains. The guard is proved on its own (a process that tries every
 * way out is refused each time, and reports it), then the running stack is fed requests
 * that name other hosts everywhere they could, and reports no attempt.
 */
const ROOT = path.join(__dirname, '..', '..');

test('the guard refuses every way off the machine and lets loopback through', () => {
  const script = `
    const net = require('node:net'), dns = require('node:dns'), dgram = require('node:dgram'), http = require('node:http');
    const results = {};
    const server = http.createServer((q, r) => r.end('local')).listen(0, '127.0.0.1', async () => {
      const port = server.address().port;
      const attempt = async (name, run) => { try { results[name] = await run(); } catch (error) { results[name] = error.code + ' ' + error.message; } };
      await attempt('fetch', () => fetch('http://example.com/').then((r) => r.status));
      await attempt('connect', () => new Promise((ok, fail) => net.connect(443, '203.0.113.7').on('connect', () => ok('connected')).on('error', fail)));
      await attempt('lookup', () => dns.promises.lookup('example.com'));
      await attempt('resolve', () => dns.promises.resolve4('example.com'));
      await attempt('udp', () => new Promise((ok, fail) => dgram.createSocket('udp4').send('x', 53, '198.51.100.1', (e) => (e ? fail(e) : ok('sent')))));
      await attempt('loopback', () => fetch('http://127.0.0.1:' + port + '/').then((r) => r.text()));
      await attempt('localhost', () => fetch('http://localhost:' + port + '/').then((r) => r.text()));
      process.stdout.write(JSON.stringify(results));
      server.close();
    });`;
  const run = spawnSync(process.execPath, ['-e', script], {
    env: { ...process.env, ...offlineNodeEnvironment() },
    encoding: 'utf8',
    timeout: 20_000,
  });
  const results = JSON.parse(run.stdout);
  expect(results.fetch).toMatch(/fetch failed|ECONNREFUSED|ENOTFOUND/);
  expect(results.connect).toBe('ECONNREFUSED offline: a connection to 203.0.113.7:443 refused');
  expect(results.lookup).toBe('ENOTFOUND offline: a DNS lookup to example.com refused');
  expect(results.resolve).toBe('ENOTFOUND offline: a DNS query to example.com refused');
  expect(results.udp).toBe('ECONNREFUSED offline: a datagram to 198.51.100.1 refused');
  expect(results.loopback).toBe('local');
  expect(results.localhost).toBe('local');
  // Each refusal is reported, so a person sees what tried to leave.
  expect(run.stderr).toContain('offline: refused a connection to 203.0.113.7:443');
  expect(run.stderr).toContain('offline: refused a DNS lookup to example.com');
});

describe('the running stack, fed requests that name other hosts', () => {
  let stack: StackProcess;
  let user: TestUser;
  beforeAll(async () => {
    stack = await startStack();
    configureAmplify(stack.config);
    user = await newUser(stack, 'offline');
  }, 90_000);
  afterAll(async () => {
    expect(await stack.stop()).toBe(0);
  });

  const evilToken = () =>
    signJwt(
      {
        sub: user.sub,
        iss: 'https://evil.example/us-east-1_Evil',
        aud: stack.config.auth.user_pool_client_id,
        token_use: 'id',
        exp: Math.floor(Date.now() / 1000) + 600,
        iat: Math.floor(Date.now() / 1000),
      },
      cognitoLocalPrivateKey.pem,
      'https://evil.example/jwks.json',
    );

  test('tokens from other issuers, identity providers, hosts and URLs everywhere: no attempt to leave', async () => {
    const host = '127.0.0.1';
    const rest = `http://${host}:${stack.ports.statementsApi}/${API_STAGE}`;
    const s3 = `http://${host}:${stack.ports.s3}`;
    const graphql = stack.config.data.url;
    const cognito = stack.config.custom.userPoolEndpoint!;
    const token = evilToken();
    const answers: number[] = [];
    const send = async (url: string, init: RequestInit = {}) => answers.push((await fetch(url, init)).status);

    // Another issuer (whose keys would live on evil.example), on every service that checks tokens.
    await send(`${rest}/uploads`, { method: 'POST', headers: { Authorization: token, Origin: 'https://evil.example' }, body: '{}' });
    await send(graphql, {
      method: 'POST',
      headers: { Authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { userId } }' }),
    });
    for (const logins of [
      { 'cognito-idp.us-east-1.amazonaws.com/us-east-1_Evil': token },
      { 'accounts.google.com': token },
      { 'evil.example': token },
    ]) {
      await send(cognito, {
        method: 'POST',
        headers: { 'X-Amz-Target': 'AWSCognitoIdentityService.GetId', 'content-type': 'application/x-amz-json-1.1' },
        body: JSON.stringify({ IdentityPoolId: stack.config.auth.identity_pool_id, Logins: logins }),
      });
    }
    for (const target of ['GetUser', 'GlobalSignOut', 'RevokeToken']) {
      await send(cognito, {
        method: 'POST',
        headers: { 'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`, 'content-type': 'application/x-amz-json-1.1' },
        body: JSON.stringify({ AccessToken: token, Token: token, ClientId: 'http://evil.example/client' }),
      });
    }
    await send(cognito, {
      method: 'POST',
      headers: { 'X-Amz-Target': 'AWSCognitoIdentityProviderService.SignUp', 'content-type': 'application/x-amz-json-1.1' },
      body: JSON.stringify({
        ClientId: stack.config.auth.user_pool_client_id,
        Username: `x${Date.now()}@evil.example`,
        Password: 'long enough password',
        ClientMetadata: { redirect: 'https://evil.example/' },
      }),
    });
    // S3: another Host, a copy from a URL, a website redirect, a response override, a JWKS-looking key.
    const signed = (method: string, pathName: string, headers: Record<string, string>) =>
      aws4.sign(
        {
          host: `${host}:${stack.ports.s3}`,
          path: pathName,
          method,
          service: 's3',
          region: 'us-east-1',
          headers: { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD', ...headers },
        },
        LOCAL_CREDENTIALS,
      );
    for (const request of [
      signed('PUT', '/statement-vault-local/statements/x/file', { 'x-amz-copy-source': 'http://evil.example/bucket/key' }),
      signed('PUT', '/statement-vault-local/statements/y/file', { 'x-amz-website-redirect-location': 'https://evil.example/' }),
      signed(
        'GET',
        '/statement-vault-local/https%3A%2F%2Fevil.example%2Fjwks.json?response-content-disposition=https%3A%2F%2Fevil.example',
        {},
      ),
    ]) {
      await send(`${s3}${request.path}`, { method: request.method, headers: request.headers as Record<string, string> });
    }
    await send(`${s3}/statement-vault-local/x`, { headers: { Host: 'evil.example' } });
    await send(`http://${host}:${stack.ports.dynamodb}/`, {
      method: 'POST',
      headers: { 'X-Amz-Target': 'DynamoDB_20120810.DescribeTable', Host: 'dynamodb.evil.example' },
      body: JSON.stringify({ TableName: 'https://evil.example/table' }),
    });

    expect(answers.every((status) => status >= 200 && status < 500)).toBe(true);
    const output = stack.output();
    expect(output).toContain('network: loopback only');
    expect(output).not.toMatch(/offline: refused/);
  });

  test("DynamoDB Local's JVM runs with telemetry off and every non-loopback connection sent to a closed local port", () => {
    const [pid] = javaProcessesFor(stack.dataDir);
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(argv).toContain('-disableTelemetry');
    expect(argv).toContain('-DsocksProxyHost=127.0.0.1');
    expect(argv.some((arg) => /^-DsocksProxyPort=\d+$/.test(arg))).toBe(true);
  });
});

test('the web app is started with the same guard (NODE_OPTIONS preloads it)', () => {
  const environment = offlineNodeEnvironment();
  expect(environment.NODE_OPTIONS).toContain(`--require ${JSON.stringify(path.join(ROOT, 'local', 'offline-guard.cjs'))}`);
  expect(environment.STATEMENT_VAULT_OFFLINE_GUARD).toBe('preload');
  expect(environment.NEXT_TELEMETRY_DISABLED).toBe('1');
});
