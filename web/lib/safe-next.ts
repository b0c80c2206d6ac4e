/** Where to go after signing in: only a path of this site, never another origin. */
export const safeNext = (next: string | null | undefined, fallback = '/statements'): string =>
  next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
