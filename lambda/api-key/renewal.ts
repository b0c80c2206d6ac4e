import { API_KEY_RENEWAL, apiKeyDaysLeft, renewedApiKeyExpiry } from '../../contract/api-key';
import type { Log } from '../shared/log';

/** The one thing the renewal does to AppSync: set the key's expiry, answering the expiry AppSync kept (seconds since the epoch). */
export interface ApiKeyPort {
  setExpiry(expiresSeconds: number): Promise<number>;
}

export interface RenewalReport {
  /** When the key now expires (ISO 8601). */
  expiresAt: string;
  daysLeft: number;
}

/**
 * Moves the web app's API key's expiry to a year from now. Whatever fails (AppSync refuses,
 * the role may not) is thrown: the invocation fails, EventBridge retries it, and the days
 * left, recorded only after a renewal took, run down to the alarm.
 */
export const createApiKeyRenewal =
  (deps: { keys: ApiKeyPort; now?: () => number; log: Log; recordDaysLeft: (days: number) => void }) =>
  async (): Promise<RenewalReport> => {
    const now = (deps.now ?? Date.now)();
    const kept = await deps.keys.setExpiry(renewedApiKeyExpiry(now));
    const daysLeft = Math.round(apiKeyDaysLeft(kept, now) * 100) / 100;
    const expiresAt = new Date(kept * 1000).toISOString();
    deps.recordDaysLeft(daysLeft);
    if (daysLeft < API_KEY_RENEWAL.alarmBelowDays) deps.log.warn('API key renewed for less than asked', { expiresAt, daysLeft });
    else deps.log.info('API key renewed', { expiresAt, daysLeft });
    return { expiresAt, daysLeft };
  };
