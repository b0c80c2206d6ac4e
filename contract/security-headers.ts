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
