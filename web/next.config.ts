import * as path from 'node:path';
import type { NextConfig } from 'next';
import { webSecurityHeaderList } from '../contract/security-headers';
import { SHARE_PAGE, SHARE_PAGE_OWN_REFERRER_POLICY, SHARE_PAGE_PREFIX } from '../contract/share-pages';
import { SHARE_PAGE_HEADERS, SHARE_PAGE_REFERRER_POLICY } from '../contract/shares';
import { WEB_BUILD_ID_ENV, webBuildId, webSourcesFingerprint, webTypesChecked } from '../lib/web-sources';

const repoRoot = path.join(__dirname, '..');

/**
 * The build takes no backend values: the server reads the web config at run time
 * (lib/server-config.ts), so one build serves the local stack, the tests and every stage.
 */
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The build id from the sources' fingerprint, not a random one: the same sources build
  // the same static files and pages, so a deploy of the same commit changes nothing.
  generateBuildId: () => process.env[WEB_BUILD_ID_ENV] || webBuildId(webSourcesFingerprint()),
  // The same headers CloudFront adds in front of it: no framing, no sniffing, HTTPS only.
  headers: async () => [
    { source: '/:path*', headers: webSecurityHeaderList() },
    // The share page and what lies under it, as CloudFront's behaviours for them answer:
    // never indexed, never cached; no referrer beyond the app's own origin (the page) or none.
    ...(
      [
        [SHARE_PAGE, SHARE_PAGE_OWN_REFERRER_POLICY],
        // (`:path+`: `:path*` would take the page itself too.)
        [`${SHARE_PAGE_PREFIX}:path+`, SHARE_PAGE_REFERRER_POLICY],
      ] as const
    ).map(([source, referrerPolicy]) => ({
      source,
      headers: [...SHARE_PAGE_HEADERS, { key: 'Referrer-Policy', value: referrerPolicy }],
    })),
  ],
  // Sources whose types `npm test` checked already (route types included) are not checked
  // twice; a build of any other sources checks them itself.
  typescript: { ignoreBuildErrors: webTypesChecked() },
  // Every page's title and metadata in its <head> from the first byte, for every browser, not
  // streamed in after the page's content: a screen reader announcing a page that has just
  // appeared, or a client navigation, never meets it without its title.
  htmlLimitedBots: /.*/,
  // The app has no <Image>; nothing needs Next's image optimiser, on AWS or here.
  images: { unoptimized: true },
  // The contract lives beside web/, at the repository root.
  outputFileTracingRoot: repoRoot,
  turbopack: { root: repoRoot },
};

export default nextConfig;
