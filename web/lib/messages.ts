/** The user-facing messages of the product's error catalogue, written once. */
export const MESSAGES = {
  serverError: 'Something went wrong on the server (server error). Your data is safe; please try again.',
  parseError: "We could not read the server's answer. Please try again in a moment.",
  sessionEnded: 'Your session has ended. Please sign in again.',
  signedOut: 'You are signed out.',
  signedOutEverywhere: 'You are signed out on every device.',
  signedOutElsewhere: 'You signed out in another tab, so this one is signed out too.',
  signInAgain: 'Sign in again to continue: closing your account needs a recent sign-in.',
} as const;

/** Stable toast ids, so a burst of failing requests shows one toast, not ten. */
export const TOAST_IDS = {
  serverError: 'server-error',
  parseError: 'parse-error',
  sessionEnded: 'session-ended',
  signedOutElsewhere: 'signed-out-elsewhere',
} as const;
