import { AVATAR_POLL, waitForAvatar, type AvatarAnswer } from '../../web/lib/avatar-wait';
import { fakeClock } from './support/fake-clock';

const BEFORE: AvatarAnswer = { updatedAt: '2026-11-01T10:00:00.000Z', avatarKey: 'profile-images/u/avatar', refusal: null };
const NEW: AvatarAnswer = { ...BEFORE, updatedAt: '2026-11-28T10:00:00.000Z' };

/** A watch on a fake clock: `answers` are given in turn, the last one for ever after. */
const watch = (answers: (AvatarAnswer | undefined)[], open = () => true, before: AvatarAnswer | undefined = BEFORE) => {
  const clock = fakeClock(answers);
  const said: number[] = [];
  const outcome = waitForAvatar(before, { ...clock, open, onSlow: () => said.push(clock.now()) });
  return { outcome, pauses: clock.pauses, said, elapsed: clock.now };
};

test('a picture checked after minutes is still taken up: slow is said once, and the page asks less often', async () => {
  const run = watch([...Array.from({ length: 200 }, () => BEFORE), undefined, NEW]);
  expect(await run.outcome).toEqual({ kind: 'updated' });
  expect(run.said).toEqual([expect.any(Number)]);
  expect(run.said[0]).toBeGreaterThan(AVATAR_POLL.quickForMs);
  expect(run.said[0]).toBeLessThanOrEqual(AVATAR_POLL.quickForMs + AVATAR_POLL.quickMs);
  expect(new Set(run.pauses.filter((_, index) => index < 60))).toEqual(new Set([AVATAR_POLL.quickMs]));
  expect(run.pauses.at(-1)).toBe(AVATAR_POLL.slowMs);
  expect(run.elapsed()).toBeGreaterThan(60_000);
});

test('the same picture as before, or one named before the profile changed, is not taken for the new one', async () => {
  const run = watch([BEFORE, BEFORE, { ...NEW, avatarKey: null }, NEW]);
  expect(await run.outcome).toEqual({ kind: 'updated' });
  expect(run.pauses).toHaveLength(3);
});

test('a newer refusal says why; the refusal from before does not count', async () => {
  const old = { refusedAt: '2026-11-01T09:00:00.000Z', reason: 'not an image' };
  const run = watch(
    [
      { ...BEFORE, refusal: old },
      { ...BEFORE, refusal: { refusedAt: '2026-11-28T10:00:00.000Z', reason: 'a GIF image' } },
    ],
    () => true,
    {
      ...BEFORE,
      refusal: old,
    },
  );
  expect(await run.outcome).toEqual({ kind: 'refused', reason: 'a GIF image' });
});

test('leaving the page, or choosing another picture, ends the watch without a word', async () => {
  let open = true;
  const run = watch([BEFORE, BEFORE, BEFORE], () => {
    const was = open;
    open = false;
    return was;
  });
  expect(await run.outcome).toEqual({ kind: 'closed' });
  expect(run.said).toEqual([]);
});

test('the page stops asking after its long watch; the next visit shows the picture', async () => {
  const run = watch([BEFORE]);
  expect(await run.outcome).toEqual({ kind: 'gaveUp' });
  expect(run.elapsed()).toBeGreaterThan(AVATAR_POLL.watchForMs);
  expect(run.elapsed()).toBeLessThanOrEqual(AVATAR_POLL.watchForMs + AVATAR_POLL.slowMs);
  expect(run.said).toHaveLength(1);
});
