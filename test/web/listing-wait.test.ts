import { LISTING_POLL, waitForListing, type ListingAnswer } from '../../web/lib/upload/listing-wait';
import { fakeClock } from './support/fake-clock';

/** A queue on a fake clock: `answers` are given in turn, the last one for ever after. */
const queue = (answers: (ListingAnswer | undefined)[], open = () => true) => {
  const clock = fakeClock(answers);
  const said: string[] = [];
  const outcome = waitForListing({
    ...clock,
    open,
    onScanning: () => said.push(`scanning at ${clock.now()}`),
    onSlow: () => said.push(`slow at ${clock.now()}`),
  });
  return { outcome, pauses: clock.pauses, said, asked: clock.asked, elapsed: clock.now };
};

test('a statement listed late, after minutes of a busy vault, ends available, never failed', async () => {
  const notYet = Array.from({ length: 120 }, () => ({ status: null }));
  // Listed and scanned clean between two asks, as a busy vault's slow answers allow.
  const run = queue([...notYet, { status: 'AVAILABLE' }]);
  expect(await run.outcome).toEqual({ kind: 'available' });
  // Quick at first, then less often, never more than the longest pause.
  expect(run.pauses.slice(0, 10).every((ms) => ms === LISTING_POLL.firstMs)).toBe(true);
  expect(Math.max(...run.pauses)).toBe(LISTING_POLL.maxMs);
  expect(run.elapsed()).toBeGreaterThan(5 * 60_000);
  // The person is told once that it is slow.
  expect(run.said).toHaveLength(1);
  expect(run.said[0]).toMatch(/^slow at (\d+)$/);
  expect(Number(run.said[0].split(' ').pop())).toBeGreaterThan(LISTING_POLL.quickForMs);
});

test('a failed ask is asked again, not taken for an answer', async () => {
  const run = queue([undefined, undefined, { status: 'AVAILABLE' }]);
  expect(await run.outcome).toEqual({ kind: 'available' });
  expect(run.asked()).toBe(3);
  expect(run.said).toEqual([]);
});

test('quarantined and refused end the wait with their reason', async () => {
  expect(await queue([{ status: 'SCANNING' }, { status: 'QUARANTINED', scanDetail: 'Eicar-Signature' }]).outcome).toEqual({
    kind: 'quarantined',
    reason: 'Eicar-Signature',
  });
  expect(await queue([{ status: 'QUARANTINED' }]).outcome).toEqual({ kind: 'quarantined', reason: 'it did not pass the malware scan' });
  expect(await queue([{ status: null, refusal: 'not a PDF (its bytes are a ZIP archive)' }]).outcome).toEqual({
    kind: 'refused',
    reason: 'not a PDF (its bytes are a ZIP archive)',
  });
});

test('a statement listed and still being scanned past the quick window is left to the list, never said to be slow', async () => {
  const scanning = Array.from({ length: 200 }, () => ({ status: 'SCANNING' }));
  const run = queue([...scanning, { status: 'AVAILABLE' }]);
  expect(await run.outcome).toEqual({ kind: 'listed' });
  expect(run.elapsed()).toBeGreaterThan(LISTING_POLL.quickForMs);
  expect(run.elapsed()).toBeLessThanOrEqual(LISTING_POLL.quickForMs + 2 * LISTING_POLL.firstMs);
  expect(run.said).toEqual(['scanning at 0']);
});

test('listed late, after the quick window, it is left to the list at its next answer', async () => {
  const notYet = Array.from({ length: 70 }, () => ({ status: null }));
  const run = queue([...notYet, { status: 'SCANNING' }, { status: 'SCANNING' }]);
  expect(await run.outcome).toEqual({ kind: 'listed' });
  expect(run.said.map((line) => line.split(' at ')[0])).toEqual(['slow', 'scanning']);
});

test('the queue stops asking once the page is closed', async () => {
  let checks = 0;
  // The page closes while the fourth answer is awaited.
  const run = queue([{ status: null }], () => ++checks <= 4);
  expect(await run.outcome).toEqual({ kind: 'closed' });
  expect(run.asked()).toBe(4);
});
