import * as http from 'node:http';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  scripts: number;
  raw: number;
  gzip: number;
  /** What the server sent for the document and its module scripts, as a browser asks (gzip, deflate, br). */
  wire: number;
  /** The encodings the server answered with, e.g. "br" or "gzip". */
  encodings: string;
}

/** A GET as the browser sends it, counting the bytes as they travel (Node's fetch would decode them). */
const onTheWire = (url: URL, cookie: string) =>
  new Promise<{ encoding: string; bytes: number }>((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'] ?? 'identity', bytes }));
      })
      .on('error', reject);
  });

/**
 * First Load JS of a page as a browser of today pays it: every module script its
 * server-rendered HTML loads, fetched from the server that rendered it, gzipped (level 9).
 * `noModule` scripts (Next's polyfills for browsers without modules) are not loaded by
 * such a browser and are left out, for both apps alike. Beside it, what the server
 * actually sent for the document and those scripts, in the encoding it chose.
 */
export const firstLoadJs = async (origin: string, page: string, cookie = ''): Promise<PageWeight> => {
  const response = await fetch(`${origin}${page}`, { headers: { cookie }, redirect: 'manual' });
  if (response.status >= 300 && response.status < 400)
    throw new Error(`${page} redirected to ${response.headers.get('location')}: not signed in?`);
  const html = await response.text();
  const sources = [
    ...new Set(
      [...html.matchAll(/<script\b([^>]*)>/g)]
        .map((match) => match[1])
        .filter((attributes) => !/\bnoModule\b/i.test(attributes))
        .map((attributes) => /\bsrc="([^"]+\.js)"/.exec(attributes)?.[1])
        .filter((src): src is string => src !== undefined),
    ),
  ];
  let raw = 0;
  let gzip = 0;
  for (const src of sources) {
    const bytes = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const sent = await Promise.all(
    [new URL(page, origin), ...sources.map((src) => new URL(src, origin))].map((url) => onTheWire(url, cookie)),
  );
  return {
    scripts: sources.length,
    raw,
    gzip,
    wire: sent.reduce((sum, answer) => sum + answer.bytes, 0),
    encodings: [...new Set(sent.map((answer) => answer.encoding))].join(', '),
  };
};
