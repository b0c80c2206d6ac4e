import * as fs from 'node:fs';
import * as path from 'node:path';
import type { NextConfig } from 'next';
import { parseWebConfig } from '../contract/web-config';

/**
 * The web app reads its backend config at build time from the file `npm start` (local
 * stack) or `npm run web:config` (a deploy) writes. A missing or malformed file stops
 * the build here, with a message that names the problem and the command that fixes it.
 */
const configFile = path.resolve(__dirname, process.env.WEB_CONFIG_FILE ?? 'amplify_outputs.json');
const FIX = 'Create it with `npm start` (local stack) or `npx cdk deploy --outputs-file cdk-outputs.json && npm run web:config` (AWS).';

const repoRoot = path.join(__dirname, '..');
if (path.relative(repoRoot, configFile).startsWith('..')) {
  throw new Error(`WEB_CONFIG_FILE must be inside the repository (the bundler cannot read ${configFile}); copy it under web/.`);
}
if (!fs.existsSync(configFile)) {
  throw new Error(`web config ${configFile} is missing. ${FIX}`);
}
let raw: unknown;
try {
  raw = JSON.parse(fs.readFileSync(configFile, 'utf8'));
} catch (error) {
  throw new Error(`web config ${configFile} is not JSON (${(error as Error).message}). ${FIX}`);
}
const parsed = parseWebConfig(raw);
if (!parsed.ok) {
  throw new Error(`web config ${configFile} is malformed:\n  ${parsed.problems.join('\n  ')}\n${FIX}`);
}

/** Headers every page gets: no framing, no MIME sniffing, no referrer leaks, no unused device APIs. */
export const SECURITY_HEADERS = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  headers: async () => [{ source: '/:path*', headers: SECURITY_HEADERS }],
  // Tests build into their own folder so they never clobber a developer's `.next`.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  // The contract lives beside web/, at the repository root.
  outputFileTracingRoot: repoRoot,
  turbopack: {
    root: repoRoot,
    resolveAlias: { '@web-config': `./${path.relative(__dirname, configFile)}` },
  },
};

export default nextConfig;
