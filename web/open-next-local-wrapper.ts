import compression from 'compression';
import express from 'express';
import * as path from 'node:path';
import type { Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import type { Wrapper } from '@opennextjs/aws/types/overrides.js';
import { getMonorepoRelativePath } from '@opennextjs/aws/utils/normalize-path.js';
import { webSecurityHeaderList } from '../contract/security-headers';
import { VIEWER_ADDRESS_HEADER } from '../contract/shares';
import { PAGE_BROTLI, staticCacheControl } from '../lib/web-artifact';

/**
 * The local mode's server answers as the deployed app does on the wire. On AWS the
 * server function compresses its own response stream (OpenNext's Lambda streaming
 * wrapper: Brotli, else gzip, else deflate, flushed at every write so streamed parts
 * arrive as they render), and CloudFront serves the static files from S3 compressed,
 * with the Cache-Control they were uploaded with and the security headers of its
 * response headers policy. OpenNext's own `express-dev` wrapper does neither, so a page
 * measured locally would move three times the bytes a visitor downloads.
 */

/** The encoding OpenNext's Lambda streaming wrapper picks, in its order. */
const pageEncoding = (acceptEncoding: string): 'br' | 'gzip' | 'deflate' | undefined =>
  (['br', 'gzip', 'deflate'] as const).find((encoding) => acceptEncoding.includes(encoding));

/** A stream that encodes what the server writes and flushes after every write, as on Lambda, at the same Brotli quality. */
const encoder = (encoding: 'br' | 'gzip' | 'deflate'): Transform => {
  if (encoding === 'br') {
    return zlib.createBrotliCompress({
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      finishFlush: zlib.constants.BROTLI_OPERATION_FINISH,
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI.quality },
    });
  }
  return encoding === 'gzip'
    ? zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH })
    : zlib.createDeflate({ flush: zlib.constants.Z_SYNC_FLUSH });
};

const wrapper: Wrapper['wrapper'] = async (handler, converter) => {
  // The static files, where OpenNext lays them out beside the server function (its own
  // local mode's lookup; known once the server runs, not when the build reads this file).
  const assetsDir = path.resolve(getMonorepoRelativePath(), 'assets');
  const app = express();
  app.disable('x-powered-by');

  // What CloudFront's static behaviour does: compress (Brotli preferred, files from 1 KB),
  // the Cache-Control set at upload, the security headers.
  const securityHeaders = webSecurityHeaderList();
  app.use(
    compression({ threshold: 1000 }),
    express.static(assetsDir, {
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', staticCacheControl(path.relative(assetsDir, file)));
        for (const { key, value } of securityHeaders) res.setHeader(key, value);
      },
    }),
  );

  app.all('*paths', async (req, res) => {
    // What CloudFront's viewer function does: the viewer's address, from the connection, whatever the viewer sent.
    req.headers[VIEWER_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
    // OpenNext's local mode tells Next the origin it answers on: a server action's redirect
    // within the app is fetched from it and streamed back. Its host with its port: without
    // one the fetch goes to port 80, fails, and the browser makes the request again itself.
    if (req.protocol === 'http' && req.hostname === 'localhost') {
      process.env.__NEXT_PRIVATE_ORIGIN = `${req.protocol}://${req.get('host') ?? req.hostname}`;
      req.headers['x-forwarded-proto'] = req.protocol;
    }
    const internalEvent = await converter.convertFrom(req);
    const encoding = pageEncoding(String(req.headers['accept-encoding'] ?? ''));
    const abortController = new AbortController();
    res.on('close', () => abortController.abort());
    await handler(internalEvent, {
      streamCreator: {
        writeHeaders: (prelude) => {
          res.setHeader('Set-Cookie', prelude.cookies);
          const headers = { ...prelude.headers };
          if (encoding) {
            headers['content-encoding'] = encoding;
            delete headers['content-length'];
          }
          res.writeHead(prelude.statusCode, headers);
          res.flushHeaders();
          if (!encoding) return res;
          const encoded = encoder(encoding);
          encoded.pipe(res);
          return encoded;
        },
        onFinish: () => {},
        abortSignal: abortController.signal,
      },
    });
  });

  const server = app.listen(Number.parseInt(process.env.PORT ?? '3000', 10), () => {
    console.log(`Server running on port ${process.env.PORT ?? 3000}`);
  });
  return () => server.close();
};

const localWrapper: Wrapper = { name: 'statement-vault-local', wrapper, supportStreaming: true };

export default localWrapper;
