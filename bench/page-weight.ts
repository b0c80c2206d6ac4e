import { gzipSync } from 'node:zlib';

export interface PageWeight {
  scripts: number;
  raw: number;
  gzip: number;
}

/**
 * First Load JS of a page as a browser of today pays it: every module script its
 * server-rendered HTML loads, fetched from the server that rendered it, gzipped (level 9).
 * `noModule` scripts (Next's polyfills for browsers without modules) are not loaded by
 * such a browser and are left out, for both apps alike.
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
  return { scripts: sources.length, raw, gzip };
};
