import fc from 'fast-check';
import * as net from 'node:net';
import { API_STAGE } from '../../contract';
import { HOST, type PortName } from '../../local/settings';
import { configureAmplify } from '../local/support/amplify';
import { type StackProcess } from '../local/support/stack-process';
import { sharedStack } from '../local/support/shared-stack';
import { newUser, type TestUser } from '../local/support/users';

/**
 * Raw HTTP at every port of the local stack, below what `fetch` lets a test send:
 * broken percent-encoding, overlong UTF-8, raw non-ASCII bytes, NUL, absolute-form and
 * asterisk targets, odd methods, duplicated and junk headers. Whatever arrives, no part of
 * the stack answers 5xx or drops the connection without an answer, and the local API
 * Gateway answers in the contract's error shape. RAW_FUZZ_RUNS sets the cases per port.
 */
const RUNS = Number(process.env.RAW_FUZZ_RUNS ?? 150);

let stack: StackProcess;
let user: TestUser;

beforeAll(async () => {
  stack = await sharedStack();
  configureAmplify(stack.config);
  user = await newUser(stack, 'raw-fuzz');
}, 90_000);

/** Sends bytes as one HTTP request and resolves with the status code of the answer (0 if none came). */
const rawRequest = (port: number, bytes: Buffer): Promise<number> =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host: HOST });
    let answer = '';
    const done = () => {
      socket.destroy();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1];
      resolve(status ? Number(status) : 0);
    };
    socket.setTimeout(10_000, done);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      // An interim 100 Continue is not the answer; wait for the final status line.
      answer = answer.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      if (/^HTTP\/1\.[01] \d{3}/.test(answer)) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    // Written, not ended: a half-closed socket tells Node's server to drop the answer.
    socket.write(bytes);
  });

const segment = fc.oneof(
  fc.constantFrom(
    '%',
    '%%',
    '%G1',
    '%E0%A4%A',
    '%C0%AF',
    '%ED%A0%80',
    '%FF%FE',
    '%00',
    '..',
    '%2e%2e',
    '%2F',
    '01JD0000000000000000000000',
    'uploads',
    'statements',
    'download-url',
    'parts',
    'complete',
    'upload-url',
    '',
  ),
  fc.string({ maxLength: 20 }).map((text) => encodeURIComponent(text)),
  fc.uint8Array({ maxLength: 12 }).map((bytes) =>
    Buffer.from(bytes)
      .toString('latin1')
      .replace(/[\r\n ]/g, ''),
  ),
);

const target = fc.oneof(
  fc.array(segment, { maxLength: 6 }).map((parts) => `/${API_STAGE}/${parts.join('/')}`),
  fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
  fc
    .tuple(fc.array(segment, { maxLength: 4 }), fc.array(segment, { maxLength: 4 }))
    .map(([path, query]) => `/${API_STAGE}/${path.join('/')}?${query.join('&')}`),
  fc.constantFrom(
    '*',
    'http://[',
    'http://evil.example/prod/uploads',
    '//evil.example/x',
    '/graphql?%',
    '/?list-type=2&continuation-token=%',
  ),
);

const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'FOO', 'CONNECT');

const headers = fc.array(
  fc.oneof(
    fc.constantFrom(
      'Content-Type: application/json',
      'Content-Type: ',
      'Authorization: Bearer',
      'Authorization: ',
      'x-amz-target: AWSCognitoIdentityProviderService.InitiateAuth',
      'x-amz-target: DynamoDB_20120810.Scan',
      'x-api-key: da2-x',
      'Origin: http://localhost:3000',
      'Origin: null',
      'Content-Encoding: gzip',
      'Transfer-Encoding: chunked',
      'Expect: 100-continue',
    ),
    fc
      .tuple(fc.stringMatching(/^[A-Za-z-]{1,20}$/), fc.string({ maxLength: 40 }))
      .map(([name, value]) => `${name}: ${value.replace(/[\r\n]/g, '')}`),
  ),
  { maxLength: 5 },
);

const body = fc.oneof(fc.constant(''), fc.constantFrom('{', '{"a":', 'null', '[]', '{"fileName":1}'), fc.string({ maxLength: 200 }));

const PORTS: PortName[] = ['profileImageApi', 'statementsApi', 's3', 'cognito', 'appsync', 'dynamodb'];

describe('no 5xx and always an answer, whatever arrives', () => {
  test.each(PORTS)(
    `%s (${RUNS} raw requests)`,
    async (name) => {
      const port = stack.ports[name];
      await fc.assert(
        fc.asyncProperty(method, target, headers, body, fc.boolean(), async (verb, path, extra, payload, withToken) => {
          const lines = [
            `${verb} ${path} HTTP/1.1`,
            `Host: ${HOST}:${port}`,
            ...(withToken ? [`Authorization: ${user.idToken}`] : []),
            ...extra.filter((line) => !/^transfer-encoding/i.test(line)),
            `Content-Length: ${Buffer.byteLength(payload, 'latin1')}`,
            'Connection: close',
          ];
          const status = await rawRequest(
            port,
            Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(payload, 'latin1')]),
          );
          expect(status).toBeGreaterThanOrEqual(100);
          expect(status).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
    },
    300_000,
  );
});

test('a path that does not decode gets a 400 in the error shape from the local API Gateway', async () => {
  const answer = await fetch(`http://${HOST}:${stack.ports.statementsApi}/${API_STAGE}/statements/%E0%A4%A/download-url`, {
    headers: { Authorization: user.idToken },
  });
  expect(answer.status).toBe(400);
  expect(await answer.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
});
