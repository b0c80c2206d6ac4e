import type { WebConfig } from './web-config';

/**
 * The security headers every page and file of the web app carries, written once: Next.js
 * sets them on what its server renders (web/next.config.ts) and CloudFront's response
 * headers policy sets them on everything it serves, static files included.
 */
export const WEB_SECURITY_HEADERS = {
  /** Two years, subdomains included: browsers never try plain HTTP again. */
  strictTransportSecurity: { maxAgeSeconds: 63_072_000, includeSubDomains: true },
  /** No page of ours is ever framed (clickjacking). */
  frameOptions: 'DENY',
  contentTypeOptions: 'nosniff',
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** Device APIs the app never uses. */
  permissionsPolicy: 'camera=(), microphone=(), geolocation=(), payment=()',
} as const;

/** The same, as HTTP header name and value pairs. */
export const webSecurityHeaderList = (): { key: string; value: string }[] => {
  const { strictTransportSecurity: hsts } = WEB_SECURITY_HEADERS;
  return [
    { key: 'Strict-Transport-Security', value: `max-age=${hsts.maxAgeSeconds}${hsts.includeSubDomains ? '; includeSubDomains' : ''}` },
    { key: 'X-Frame-Options', value: WEB_SECURITY_HEADERS.frameOptions },
    { key: 'X-Content-Type-Options', value: WEB_SECURITY_HEADERS.contentTypeOptions },
    { key: 'Referrer-Policy', value: WEB_SECURITY_HEADERS.referrerPolicy },
    { key: 'Permissions-Policy', value: WEB_SECURITY_HEADERS.permissionsPolicy },
  ];
};

/** Where Google Analytics loads from and reports to, allowed only when analytics is on. */
export const ANALYTICS_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
] as const;

/**
 * The origins the browser talks to, from the web config: AppSync, both REST APIs, Cognito
 * (Amplify's sign-in and refresh) and the bucket (presigned uploads, and avatars shown
 * from presigned URLs). On the local stack the config names the emulators instead.
 */
export const browserOrigins = (config: WebConfig): { connect: string[]; images: string[] } => {
  const origin = (url: string) => new URL(url).origin;
  const cognito = config.custom.userPoolEndpoint
    ? origin(config.custom.userPoolEndpoint)
    : `https://cognito-idp.${config.auth.aws_region}.amazonaws.com`;
  const storage = config.custom.storageEndpoint
    ? origin(config.custom.storageEndpoint)
    : `https://${config.storage.bucket_name}.s3.${config.storage.aws_region}.amazonaws.com`;
  const apis = [config.data.url, config.custom.profileImageApiUrl, config.custom.statementsApiUrl].map(origin);
  return { connect: [...new Set([...apis, cognito, storage])], images: [storage] };
};

/**
 * The Content-Security-Policy of every page: scripts run only when they carry this
 * request's nonce (or were loaded by one that does: `strict-dynamic`), styles come from
 * the app's files or carry the nonce (Emotion's do), the browser may only connect to the
 * app's own endpoints, and nothing may frame the app, embed plugins or rebase its URLs.
 * `development` adds what `next dev` needs (eval for React's debugging and hot reload).
 */
export const contentSecurityPolicy = (input: { nonce: string; config: WebConfig; analytics: boolean; development?: boolean }): string => {
  const { connect, images } = browserOrigins(input.config);
  const analytics = input.analytics ? [...ANALYTICS_ORIGINS] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [`'nonce-${input.nonce}'`, "'strict-dynamic'", ...(input.development ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", `'nonce-${input.nonce}'`],
    'img-src': ["'self'", 'data:', 'blob:', ...images, ...analytics],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connect, ...analytics, ...(input.development ? ['ws:'] : [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
};
