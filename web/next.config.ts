import * as path from 'node:path';
import type { NextConfig } from 'next';
import { webSecurityHeaderList } from '../contract/security-headers';
import { SHARE_PAGE_HEADERS, SHARE_PAGE_PREFIX, SHARE_PAGE_REFERRER_POLICY } from '../contract/shares';
import { WEB_BUILD_ID_ENV, webBuildId, webSourcesFingerprint } from '../lib/web-sources';

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
    // A share's page, as CloudFront's behaviour for it answers: no referrer, never indexed, never cached.
    {
      source: `${SHARE_PAGE_PREFIX}:path*`,
      headers: [...SHARE_PAGE_HEADERS, { key: 'Referrer-Policy', value: SHARE_PAGE_REFERRER_POLICY }],
    },
  ],
  // The app has no <Image>; nothing needs Next's image optimiser, on AWS or here.
  images: { unoptimized: true },
  // The contract lives beside web/, at the repository root.
  outputFileTracingRoot: repoRoot,
  turbopack: { root: repoRoot },
};

export default nextConfig;
