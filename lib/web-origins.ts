import type { Construct } from 'constructs';

/** Where the web app runs when nothing else is configured: `next dev` / `npm start`. */
export const DEFAULT_WEB_ORIGINS = ['http://localhost:3000'];

/**
 * Web origins from `-c webOrigins=https://a.example,https://b.example` (or cdk.json
 * context); each must be a bare origin (scheme, host, port) so CORS matches exactly.
 */
export const webOriginsFromContext = (scope: Construct): string[] => {
  const raw = scope.node.tryGetContext('webOrigins') as string | string[] | undefined;
  const origins = (Array.isArray(raw) ? raw : (raw ?? '').split(','))
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new Error(`webOrigins: "${origin}" is not a URL; use e.g. https://vault.example.com`);
    }
    if (parsed.origin !== origin) {
      throw new Error(`webOrigins: "${origin}" must be a bare origin like ${parsed.origin} (no path or trailing slash)`);
    }
  }
  return origins.length > 0 ? origins : DEFAULT_WEB_ORIGINS;
};
