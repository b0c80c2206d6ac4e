/**
 * The web app's AppSync API key, which AppSync lets live from 1 to 365 days after it is set.
 * A scheduled function moves its expiry forward, so the key outlives a stack nobody
 * redeploys; the CDK app, that function and the local stack read the same figures.
 */
export const API_KEY_RENEWAL = {
  /** Each renewal sets the key to expire this long after it runs: AppSync's most. */
  lifetimeDays: 365,
  /** AppSync's least: an expiry sooner than this is refused. */
  minimumDays: 1,
  /** How often the renewal runs. */
  intervalHours: 24,
  /**
   * Fewer days left than this means the renewals of about a week have failed: it is alarmed
   * on while the key still has most of a year to run.
   */
  alarmBelowDays: 358,
} as const;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The expiry a renewal at `nowMs` asks for, in seconds since the epoch: `lifetimeDays`
 * later, rounded down to the hour as AppSync stores it (so never past its maximum).
 */
export const renewedApiKeyExpiry = (nowMs: number, lifetimeDays: number = API_KEY_RENEWAL.lifetimeDays): number =>
  Math.floor((nowMs / 1000 + lifetimeDays * DAY_SECONDS) / 3600) * 3600;

/** Whole and part days from `nowMs` to an expiry in seconds since the epoch. */
export const apiKeyDaysLeft = (expiresSeconds: number, nowMs: number): number => (expiresSeconds - nowMs / 1000) / DAY_SECONDS;

/**
 * Why AppSync refuses an expiry set at `nowMs`, in its words, or undefined if it takes it:
 * at least a day and at most 365 days away.
 */
export const apiKeyExpiryProblem = (expiresSeconds: number, nowMs: number): string | undefined => {
  const days = apiKeyDaysLeft(expiresSeconds, nowMs);
  if (!Number.isFinite(days) || days < API_KEY_RENEWAL.minimumDays) return 'API key must be valid for a minimum of 1 day.';
  if (days > API_KEY_RENEWAL.lifetimeDays) return 'API key must be valid for a maximum of 365 days.';
  return undefined;
};
