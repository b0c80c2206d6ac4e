import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UPSTREAM_IDLE_MS, upstreamAgent } from '../../local/http';

/**
 * The fronts' kept connections to the emulators behind them end on the front's side first:
 * a connection the emulator closes while a request goes out on it fails that request
 * ("socket hang up"), as 200 uploads at once once showed through the S3 front.
 */
test('an idle kept connection is closed by the front before a Node server would close it', async () => {
  const server = http.createServer((_request, response) => response.end('ok'));
  // Node's default, which s3rver and the AppSync simulator keep.
  expect(UPSTREAM_IDLE_MS).toBeLessThan(server.keepAliveTimeout);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The server's side of a connection ends when the other side (the front) closes it.
  const endedByFront: string[] = [];
  server.on('connection', (socket) => socket.on('end', () => endedByFront.push('end')));
  const agent = upstreamAgent();
  try {
    const get = () =>
      new Promise<string>((resolve, reject) =>
        http
          .get({ agent, host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/' }, (response) => {
            let body = '';
            response.on('data', (chunk) => (body += chunk));
            response.on('end', () => resolve(body));
          })
          .on('error', reject),
      );
    expect(await get()).toBe('ok');
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, UPSTREAM_IDLE_MS + 300));
    // Gone from the pool, closed by the front, well before the server's 5 s.
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(0);
    expect(endedByFront).toEqual(['end']);
    expect(await get()).toBe('ok');
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
