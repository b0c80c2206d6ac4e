import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOST } from './settings';

/**
 * How long a kept connection to an emulator may sit idle before the front closes it: less
 * than the 5 s after which a Node server (s3rver's, the AppSync simulator's) closes one.
 * A request sent on a connection the server is closing that moment fails with "socket hang
 * up", which the front would pass on as a 500 that S3 never gives.
 */
export const UPSTREAM_IDLE_MS = 4_000;

/**
 * For a front's requests to the emulator behind it: connections are kept and reused, as
 * the SDK keeps its own, so the extra hop costs no TCP handshake per request. An idle one
 * is closed after UPSTREAM_IDLE_MS (Node's agent destroys a free socket when it times out;
 * one in use only reports it).
 */
export const upstreamAgent = (): http.Agent => new http.Agent({ keepAlive: true, maxSockets: 128, timeout: UPSTREAM_IDLE_MS });

/** Reads a request body up to `limit` bytes; a larger one is drained, not buffered, and refused. */
export const readBody = (request: http.IncomingMessage, limit = 10 * 1024 * 1024): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and dropped, so the client still gets an answer.
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () =>
      tooLarge ? reject(Object.assign(new Error('request body too large'), { code: 'BODY_TOO_LARGE' })) : resolve(Buffer.concat(chunks)),
    );
    request.on('error', reject);
  });

export const sendJson = (
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json',
): void => {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
};

export interface RunningServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * The path (still percent-encoded) and query of a request target, as AWS endpoints read
 * it: origin-form (`/path?query`) or absolute-form (`http://host/path?query`). Undefined
 * for anything else (`*`, a bare authority), which the caller refuses with a 400.
 */
export const requestTarget = (raw: string | undefined): { pathname: string; query: URLSearchParams; originForm: string } | undefined => {
  let target = raw ?? '/';
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  if (absolute) target = target.slice(absolute[0].length) || '/';
  if (!target.startsWith('/')) return undefined;
  const [pathname, search = ''] = target.split('?', 2);
  return { pathname, query: new URLSearchParams(search), originForm: target };
};

/** Listens on loopback; port 0 picks a free one. Open connections are closed on `close()`. */
export const listen = (server: http.Server, port: number): Promise<RunningServer> =>
  new Promise((resolve, reject) => {
    // A CONNECT (tunnel) request would otherwise get no answer at all; no AWS endpoint proxies.
    server.on('connect', (_request, socket) => {
      socket.end('HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    });
    // Idle connections are held 65 s, as AWS's own front ends hold them. Node's default (5 s)
    // lets a client that reuses a connection just as the server drops it meet "other side
    // closed" under load; clients read the timeout from the Keep-Alive header and close first.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.once('error', reject);
    server.listen({ port, host: HOST }, () => {
      const actual = (server.address() as AddressInfo).port;
      resolve({
        port: actual,
        url: `http://${HOST}:${actual}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });

/** An emulator behind the front that answers in AWS's place: the front's server, and how to stop both. */
export interface FrontedEmulator {
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * Starts the front on `port`; closing it ends the front first (so nothing new reaches the
 * emulator), then its kept connections to the emulator, then the emulator.
 */
export const listenInFront = async (
  server: http.Server,
  port: number,
  upstream: http.Agent,
  stopEmulator: () => Promise<void>,
): Promise<FrontedEmulator> => {
  const front = await listen(server, port);
  return {
    server: front,
    async close() {
      await front.close();
      upstream.destroy();
      await stopEmulator();
    },
  };
};

/** Wraps a handler so a thrown error becomes a 500 instead of a dropped connection. */
export const safeHandler =
  (name: string, handler: (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>) =>
  (request: http.IncomingMessage, response: http.ServerResponse): void => {
    handler(request, response).catch((error: unknown) => {
      process.stderr.write(`${name}: ${(error as Error).stack ?? String(error)}\n`);
      if (!response.headersSent) sendJson(response, 500, { message: `${name} failed: ${(error as Error).message}` });
      else response.destroy();
    });
  };

/**
 * CORS preflight answer that allows whatever headers the client asks for, as Cognito and
 * AppSync do (the AWS SDK adds amz-sdk-request, amz-sdk-invocation-id, ...).
 */
export const answerPreflight = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  cors: Record<string, string>,
  status = 204,
): void => {
  const asked = request.headers['access-control-request-headers'];
  response.writeHead(status, { ...cors, ...(asked ? { 'Access-Control-Allow-Headers': String(asked) } : {}) }).end();
};
