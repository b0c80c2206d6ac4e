import type { OpenNextConfig } from '@opennextjs/aws/types/open-next.js';
import { NEXT_BUILD_REUSE_ENV } from '../lib/web-sources';

/**
 * OpenNext builds the web app into what AWS runs: `.open-next/assets` (the hashed
 * static files, served from S3 by CloudFront) and `.open-next/server-functions/default`
 * (the server, one Lambda behind a function URL, answering in a response stream).
 *
 * The app renders every page per request and has no ISR, no revalidation, no tags and
 * no <Image>, so the incremental cache, the tag cache and the revalidation queue are
 * OpenNext's no-op implementations and nothing of them is deployed; neither are the
 * image optimisation and warmer functions OpenNext also emits.
 *
 * `open-next.local.config.ts` builds the same app for a local run (`npm run web:build
 * -- --target local`, which the browser suite and the bench run).
 */
export const noCaches = { incrementalCache: 'dummy', tagCache: 'dummy', queue: 'dummy' } as const;

const config = {
  default: {
    override: { wrapper: 'aws-lambda-streaming', converter: 'aws-apigw-v2', ...noCaches },
  },
  // Next.js's output of the same sources is there already (lib/web-build.ts): package it, build nothing.
  ...(process.env[NEXT_BUILD_REUSE_ENV] ? { buildCommand: 'true' } : {}),
  imageOptimization: {
    // OpenNext downloads sharp for its image function unless `install` is falsy; the app
    // does not use that function, so nothing is downloaded for it.
    install: false as unknown as undefined,
  },
  dangerous: { disableIncrementalCache: true, disableTagCache: true },
} satisfies OpenNextConfig;

export default config;
