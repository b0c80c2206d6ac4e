import { ACCOUNT_DELETION, PROFILE_IMAGE_ROUTES, STATEMENT_ROUTES } from '../../contract';
import { ACCOUNT_CLOSING_MESSAGE, refuseClosingAccounts } from '../../lambda/account/closing';
import { createProfileImageApi } from '../../lambda/profile-image/core';
import { createStatementsApi } from '../../lambda/statements/core';
import { ALICE, apiEvent, BOB, json, memoryAccount, memoryApiDeps } from '../support/lambda-fakes';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const secondsAgo = (seconds: number) => String(NOW.getTime() / 1000 - seconds);

const setup = (options: { startFails?: boolean } = {}) => {
  const { account, jobs, started } = memoryAccount();
  if (options.startFails) account.startDeletion = async () => Promise.reject(new Error('Lambda is unreachable'));
  const deps = { ...memoryApiDeps({ account }), admit: refuseClosingAccounts(account.jobs) };
  const { log } = deps;
  const statements = createStatementsApi({ ...deps, now: () => NOW });
  return { statements, profile: createProfileImageApi(deps), jobs, started, log };
};

const close = (confirmEmail: unknown, authTime = secondsAgo(60), sub = ALICE) =>
  apiEvent({ ...STATEMENT_ROUTES.deleteAccount, sub, body: { confirmEmail }, claims: { auth_time: authTime } });

describe('closing an account', () => {
  test('begins the job once and starts the worker; the answer is the job (202), the same on a repeat', async () => {
    const { statements, jobs, started } = setup();
    const first = await statements(close('Alice@Example.com '));
    expect(first.statusCode).toBe(202);
    expect(json(first)).toMatchObject({ state: 'RUNNING', step: ACCOUNT_DELETION.steps[0] });
    expect(started).toEqual([ALICE]);
    expect(jobs.get(ALICE)).toEqual(json(first));
    expect(json(await statements(close('alice@example.com')))).toEqual(json(first));
  });

  test('refuses another address, and a sign-in older than the window, beginning nothing', async () => {
    const { statements, jobs } = setup();
    const wrong = await statements(close('bob@example.com'));
    expect(wrong.statusCode).toBe(400);
    const stale = await statements(close('alice@example.com', secondsAgo(ACCOUNT_DELETION.recentSignInSeconds + 1)));
    expect(stale.statusCode).toBe(403);
    expect(json(stale).error).toEqual({
      code: 'RECENT_SIGN_IN_REQUIRED',
      message: 'Sign in again to close your account: closing it needs a sign-in from the last 5 minutes.',
    });
    const noSignInTime = await statements(apiEvent({ ...STATEMENT_ROUTES.deleteAccount, body: { confirmEmail: 'alice@example.com' } }));
    expect(noSignInTime.statusCode).toBe(403);
    expect(jobs.size).toBe(0);
  });

  test('what closing would delete says, before anything is typed, how long more the sign-in may close the account', async () => {
    const { statements } = setup();
    const overview = (authTime?: string) =>
      statements(apiEvent({ ...STATEMENT_ROUTES.account, ...(authTime ? { claims: { auth_time: authTime } } : {}) }));
    expect(json(await overview(secondsAgo(60))).closableForSeconds).toBe(ACCOUNT_DELETION.recentSignInSeconds - 60);
    expect(json(await overview(secondsAgo(ACCOUNT_DELETION.recentSignInSeconds))).closableForSeconds).toBeUndefined();
    expect(json(await overview()).closableForSeconds).toBeUndefined();
    // Once the deletion has begun there is nothing more to close.
    await statements(close('alice@example.com'));
    expect(json(await overview(secondsAgo(60)))).not.toHaveProperty('closableForSeconds');
  });

  test('a worker that cannot be started leaves the job recorded for the schedule to resume, and says so in the log', async () => {
    const { statements, jobs, log } = setup({ startFails: true });
    expect((await statements(close('alice@example.com'))).statusCode).toBe(202);
    expect(jobs.get(ALICE)).toMatchObject({ state: 'RUNNING' });
    expect(log.text()).toContain('account deletion could not be started; the schedule will resume it');
  });

  test("once begun, both APIs refuse the account every route but the account's own; another account is served", async () => {
    const { statements, profile } = setup();
    await statements(close('alice@example.com'));
    for (const answer of [
      await statements(apiEvent({ ...STATEMENT_ROUTES.downloadUrl, pathParameters: { statementId: '01HAAAAAAAAAAAAAAAAAAAAAAA' } })),
      await profile(apiEvent({ ...PROFILE_IMAGE_ROUTES.downloadUrl })),
    ]) {
      expect(answer.statusCode).toBe(410);
      expect(json(answer).error).toEqual({ code: 'ACCOUNT_CLOSED', message: ACCOUNT_CLOSING_MESSAGE });
    }
    const overview = await statements(apiEvent({ ...STATEMENT_ROUTES.account }));
    expect(overview.statusCode).toBe(200);
    expect(json(overview).deletion).toMatchObject({ state: 'RUNNING' });
    expect((await statements(apiEvent({ ...STATEMENT_ROUTES.account, sub: BOB }))).statusCode).toBe(200);
    expect(json(await statements(apiEvent({ ...STATEMENT_ROUTES.account, sub: BOB }))).deletion).toBeUndefined();
  });
});
