import { API_KEY_RENEWAL, apiKeyDaysLeft, apiKeyExpiryProblem, renewedApiKeyExpiry } from '../../contract';
import { createApiKeyRenewalHandler } from '../../lambda/api-key/handler';
import { createApiKeyRenewal } from '../../lambda/api-key/renewal';

const NOW = Date.UTC(2027, 5, 15, 10, 37, 12);
const DAY = 24 * 60 * 60;

const run = async (keep: (asked: number) => number | Promise<number>) => {
  const asked: number[] = [];
  const recorded: number[] = [];
  const logs: [string, string][] = [];
  const log = {
    info: (message: string) => void logs.push(['info', message]),
    warn: (message: string) => void logs.push(['warn', message]),
    error: (message: string) => void logs.push(['error', message]),
  };
  const renew = createApiKeyRenewal({
    keys: { setExpiry: async (expires) => (asked.push(expires), keep(expires)) },
    now: () => NOW,
    log,
    recordDaysLeft: (days) => void recorded.push(days),
  });
  const report = await renew().catch((error: Error) => error);
  return { report, asked, recorded, logs };
};

test('asks for 365 days from now, rounded down to the hour as AppSync keeps it, and records the days AppSync kept', async () => {
  const { report, asked, recorded, logs } = await run((expires) => expires);
  expect(asked).toEqual([Date.UTC(2028, 5, 14, 10) / 1000]);
  expect(apiKeyExpiryProblem(asked[0], NOW)).toBeUndefined();
  expect(report).toEqual({ expiresAt: '2028-06-14T10:00:00.000Z', daysLeft: 364.97 });
  expect(recorded).toEqual([364.97]);
  expect(logs).toEqual([['info', 'API key renewed']]);
});

test('an expiry AppSync kept shorter than asked is recorded as kept and warned of', async () => {
  const { report, recorded, logs } = await run(() => NOW / 1000 + 200 * DAY);
  expect(report).toMatchObject({ daysLeft: 200 });
  expect(recorded).toEqual([200]);
  expect(logs).toEqual([['warn', 'API key renewed for less than asked']]);
});

test('a refused renewal fails the invocation and records nothing, so the days left run down to the alarm', async () => {
  const { report, recorded } = await run(() => {
    throw Object.assign(new Error('User is not authorized to perform: appsync:UpdateApiKey'), { name: 'AccessDeniedException' });
  });
  expect(report).toMatchObject({ name: 'AccessDeniedException' });
  expect(recorded).toEqual([]);
});

test("AppSync's bounds: at least a day, at most 365 days; the renewal's own expiry is always inside them", () => {
  expect(apiKeyExpiryProblem(NOW / 1000 + DAY - 1, NOW)).toMatch('minimum of 1 day');
  expect(apiKeyExpiryProblem(NOW / 1000 + 365 * DAY + 1, NOW)).toMatch('maximum of 365 days');
  expect(apiKeyExpiryProblem(Number.NaN, NOW)).toMatch('minimum');
  for (let hour = 0; hour < 48; hour++) {
    const at = NOW + hour * 3_600_123;
    expect(apiKeyExpiryProblem(renewedApiKeyExpiry(at), at)).toBeUndefined();
    expect(apiKeyDaysLeft(renewedApiKeyExpiry(at), at)).toBeGreaterThan(API_KEY_RENEWAL.alarmBelowDays);
  }
});

test("the renewal's handler does not start without the API and key it renews, naming both", () => {
  expect(() => createApiKeyRenewalHandler({})).toThrow(
    'environment variable GRAPHQL_API_ID is not set; environment variable GRAPHQL_API_KEY_ID is not set',
  );
});
