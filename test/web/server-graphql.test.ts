import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';
import { WEB_CONFIG_ENV } from '../../contract';
import fixture from './fixtures/amplify_outputs.json';

/**
 * The server's GraphQL reads for a page's first HTML wait as a person would: an answer the
 * service could not give (the connection dropped, 5xx, throttled) is asked for again after
 * a pause; a wrong request is not; a change (a form action) is never sent twice.
 */
const QUERY = parse('query Me { me { userId } }') as TypedDocumentNode<{ me: { userId: string } }, Record<string, never>>;
const SESSION = { sub: 'a', email: 'a@example.com', idToken: 'token' };

/** A GraphQL endpoint that answers each request with the next of `answers`. */
const endpoint = async (answers: ('drop' | { status: number; body: unknown })[]) => {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    seen.push(String(request.headers.authorization));
    const answer = answers.shift() ?? { status: 500, body: {} };
    if (answer === 'drop') {
      request.socket.destroy();
      return;
    }
    response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  return { url, seen, close: () => new Promise((resolve) => server.close(resolve)) };
};

/**
 * What the tests call of the module, typed here: its own types would bring the web app's
 * Next.js declarations (which retype `process.env`) into the root project.
 */
interface ServerGraphql {
  serverQuery(session: typeof SESSION, document: typeof QUERY): Promise<unknown>;
  serverOperation(session: typeof SESSION, document: typeof QUERY): Promise<unknown>;
}

const withEndpoint = async <T>(answers: Parameters<typeof endpoint>[0], run: (lib: ServerGraphql) => Promise<T>) => {
  const service = await endpoint(answers);
  const saved = process.env[WEB_CONFIG_ENV.json];
  process.env[WEB_CONFIG_ENV.json] = JSON.stringify({ ...fixture, data: { ...fixture.data, url: service.url } });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    let lib!: ServerGraphql;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh config per case, which only require() gives inside isolateModules
      lib = require('../../web/lib/server-graphql') as ServerGraphql;
    });
    return { value: await run(lib), seen: service.seen, warned: warn.mock.calls.map((call) => String(call[0])) };
  } finally {
    warn.mockRestore();
    process.env[WEB_CONFIG_ENV.json] = saved;
    await service.close();
  }
};

const ok = { status: 200, body: { data: { me: { userId: 'a' } } } };

test('a dropped connection, a 503 and a throttled answer are asked again; the answer that comes is the page', async () => {
  const throttled = {
    status: 200,
    body: { data: null, errors: [{ errorType: 'DynamoDB:ThrottlingException', message: 'Rate exceeded' }] },
  };
  const { value, seen } = await withEndpoint(['drop', { status: 503, body: {} }, throttled, ok], (lib) => lib.serverQuery(SESSION, QUERY));
  expect(value).toEqual({ me: { userId: 'a' } });
  expect(seen).toEqual(['token', 'token', 'token', 'token']);
});

test('a service that keeps failing is given up on after the pauses, and the server log says why', async () => {
  const { value, seen, warned } = await withEndpoint(
    Array.from({ length: 10 }, () => ({ status: 502, body: {} })),
    (lib) => lib.serverQuery(SESSION, QUERY),
  );
  expect(value).toBeUndefined();
  expect(seen).toHaveLength(4);
  expect(warned).toEqual(['server read of Me failed: The server answered 502.']);
});

test('a request the service refuses for what it is (unauthorized) is not asked again', async () => {
  const refused = {
    status: 401,
    body: { errors: [{ errorType: 'UnauthorizedException', message: 'Valid authorization header not provided.' }] },
  };
  const { value, seen } = await withEndpoint([refused, ok], (lib) => lib.serverQuery(SESSION, QUERY));
  expect(value).toBeUndefined();
  expect(seen).toHaveLength(1);
});

test('a change is sent once, whatever comes back', async () => {
  const { value, seen } = await withEndpoint([{ status: 503, body: {} }, ok], (lib) => lib.serverOperation(SESSION, QUERY));
  expect(value).toEqual({ error: 'The server answered 503.' });
  expect(seen).toHaveLength(1);
});
