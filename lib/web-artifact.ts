import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Where OpenNext's build of the web app lives: `.open-next` is what deploys (the server
 * function for Lambda's response streaming); `.open-next-local` is the same app in
 * OpenNext's local mode, which the browser suite and `npm start`'s production mode run.
 * `npm run web:build [-- --target local]` writes them.
 */
export const WEB_DIR = path.join(__dirname, '..', 'web');

export const WEB_BUILD_TARGETS = ['aws', 'local'] as const;
export type WebBuildTarget = (typeof WEB_BUILD_TARGETS)[number];

export const webArtifactDir = (target: WebBuildTarget): string => path.join(WEB_DIR, target === 'aws' ? '.open-next' : '.open-next-local');

/**
 * A stand-in for the build, with the same manifest layout: the local stack's IAM model and
 * the infrastructure tests synthesize with it, and so does a command that reads the
 * template without deploying it (`cdk list`, `npm run destroy`) when the web app is not built.
 */
export const WEB_ARTIFACT_STUB = path.join(__dirname, '..', 'local', 'iam', 'web-artifact-stub');

/** Where a build records the fingerprint of the sources it was made from (lib/web-sources.ts). */
export const FINGERPRINT_FILE = 'source-fingerprint';

/** The fingerprint of the sources a build was made from, if it recorded one. */
export const recordedFingerprint = (artifactDir: string): string | undefined => {
  const recorded = path.join(artifactDir, FINGERPRINT_FILE);
  return fs.existsSync(recorded) ? fs.readFileSync(recorded, 'utf8').trim() || undefined : undefined;
};

/** The server function: `index.mjs` with its traced node_modules. */
export const serverFunctionDir = (artifact: string): string => path.join(artifact, 'server-functions', 'default');

/** The static files, laid out as the site serves them (`_next/static/…`, `sw.js`, …). */
export const staticAssetsDir = (artifact: string): string => path.join(artifact, 'assets');

/** Next's content-hashed build output, safe to cache forever. */
export const HASHED_ASSETS_PATH = '_next/static';

/**
 * The Cache-Control each static file is served with (set on upload on AWS, by the local
 * mode's server here): content-hashed files are immutable, since their name changes when
 * their content does; the others (the service worker, BUILD_ID) are revalidated.
 */
export const STATIC_CACHE_CONTROL = {
  hashed: 'public, max-age=31536000, immutable',
  other: 'public, max-age=0, must-revalidate',
} as const;

/** The Cache-Control of the static file at this path, relative to the static files' folder. */
export const staticCacheControl = (relativePath: string): string =>
  relativePath.split(path.sep).join('/').startsWith(`${HASHED_ASSETS_PATH}/`) ? STATIC_CACHE_CONTROL.hashed : STATIC_CACHE_CONTROL.other;

/**
 * How hard pages are compressed as they stream (Brotli quality, 0 to 11). zlib's default,
 * 11, is made for files compressed once ahead of time: the statement list's first HTML
 * (36 KB) takes 41 ms of the server's CPU at 11 for 7,470 bytes, and each streamed part
 * waits for it; at 5 it takes 0.8 ms for 8,163 bytes (at 4, 8,832: more than gzip's
 * 8,694). The server function reads it from `env` (OpenNext's own setting, which
 * patches/@opennextjs+aws+4.1.12.patch has its streaming wrapper read too); the local
 * server compresses with it directly.
 */
export const PAGE_BROTLI = { env: 'BROTLI_QUALITY', quality: 5 } as const;

/** What the CDK app takes from OpenNext's build manifest (`open-next.output.json`). */
export interface OpenNextArtifact {
  readonly dir: string;
  /** The server function's folder and handler. */
  readonly server: { readonly bundleDir: string; readonly handler: string };
  /** Where the static files go in the assets bucket (the S3 origin's path). */
  readonly assetsKeyPrefix: string;
  /** The static files' folder. */
  readonly assetsDir: string;
  /** Path patterns CloudFront sends to the static files (everything else goes to the server). */
  readonly staticPatterns: string[];
  /**
   * The fingerprint of the sources the build was made from, when it recorded one: the
   * assets' hashes in the template come from it rather than from the built files, so
   * building the same sources again deploys nothing new. @default the files' own hash
   */
  readonly sourceFingerprint?: string;
}

interface OpenNextOutput {
  origins: Record<
    string,
    {
      type: string;
      originPath?: string;
      copy?: { from: string; to: string }[];
      bundle?: string;
      handler?: string;
      wrapper?: string;
      streaming?: boolean;
    }
  >;
  behaviors: { pattern: string; origin: string }[];
}

/** The manifest names its folders as `.open-next/…`; the build may have been moved since. */
const inArtifact = (dir: string, manifestPath: string): string => path.join(dir, manifestPath.replace(/^\.open-next\//, ''));

const FIX = 'run `npm run web:build` (it writes web/.open-next)';

/**
 * Reads and checks OpenNext's manifest: a server built for Lambda's response streaming
 * (not the local mode), one S3 origin, and which paths are static. Only the server and
 * the static files deploy: the image optimiser has nothing to do (no <Image>), and the
 * warmer and revalidation functions serve caches the app does not have.
 */
export const readOpenNextArtifact = (dir: string): OpenNextArtifact => {
  const manifest = path.join(dir, 'open-next.output.json');
  if (!fs.existsSync(manifest)) throw new Error(`the web app is not built: ${manifest} is missing; ${FIX}`);
  const output = JSON.parse(fs.readFileSync(manifest, 'utf8')) as OpenNextOutput;
  const server = output.origins.default;
  if (server?.type !== 'function' || !server.bundle || !server.handler) throw new Error(`${manifest} has no server function; ${FIX}`);
  if (server.wrapper !== 'aws-lambda-streaming' || !server.streaming) {
    throw new Error(`${dir} is a build for "${server.wrapper}", not for Lambda's response streaming; ${FIX}`);
  }
  const s3 = output.origins.s3;
  const copy = s3?.copy?.[0];
  if (s3?.type !== 's3' || !copy || s3.copy!.length !== 1) throw new Error(`${manifest} has no single S3 origin; ${FIX}`);
  return {
    dir,
    server: { bundleDir: inArtifact(dir, server.bundle), handler: server.handler },
    assetsKeyPrefix: copy.to,
    assetsDir: inArtifact(dir, copy.from),
    staticPatterns: output.behaviors.filter((behavior) => behavior.origin === 's3').map((behavior) => behavior.pattern),
    sourceFingerprint: recordedFingerprint(dir),
  };
};

/** Whether `dir` holds a build at all (its manifest). */
export const isWebArtifact = (dir: string): boolean => fs.existsSync(path.join(dir, 'open-next.output.json'));
