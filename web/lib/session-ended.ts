/**
 * A short-lived mark left where the session is found ended (its refresh refused): by a tab
 * (Amplify's client) or by the server (a page's or a refresh's request). Either removes the
 * session's cookies, so the next private page another tab asks for arrives without them;
 * the mark lets the server still say why instead of a bare "sign in". It holds no secret.
 * The server removes it once a session works again.
 */
export const SESSION_ENDED_COOKIE = 'sv-session-ended';

/** Long enough for the other tabs' next request; short enough not to explain a later, unrelated sign-out. */
export const SESSION_ENDED_MARK_SECONDS = 600;

export const markSessionEnded = (): void => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_ENDED_COOKIE}=1; Path=/; Max-Age=${SESSION_ENDED_MARK_SECONDS}; SameSite=Lax${secure}`;
};
