import { SCAN_WAIT, SWEEP_INTERVAL_MINUTES, scanWaitWords } from '../../contract';

/** What a person reads of a file with no malware verdict, and the times the sweep keeps to. */
const UPLOADED = '2026-12-01T14:02:00.000Z';
const after = (minutes: number) => new Date(Date.parse(UPLOADED) + minutes * 60_000);

test('a file is "scanning" for its first minutes, then "still being checked" with since when', () => {
  expect(scanWaitWords(UPLOADED, after(0))).toBe('Scanning for malware…');
  expect(scanWaitWords(UPLOADED, after(SCAN_WAIT.slowAfterMinutes - 0.1))).toBe('Scanning for malware…');
  expect(scanWaitWords(UPLOADED, after(SCAN_WAIT.slowAfterMinutes))).toBe(
    'Still being checked for malware (since Dec 1, 2026, 2:02 PM UTC)',
  );
  expect(scanWaitWords(UPLOADED, after(600))).toMatch(/^Still being checked for malware \(since /);
});

test('a file is shown as waiting before it is scanned again, and scanned again (at least once) before it is overdue', () => {
  expect(SCAN_WAIT.slowAfterMinutes).toBeLessThan(SCAN_WAIT.rescanAfterMinutes.aws);
  expect(SCAN_WAIT.rescanAfterMinutes.aws).toBeLessThan(SCAN_WAIT.overdueAfterMinutes);
  expect(SCAN_WAIT.rescanAfterMinutes.local).toBeGreaterThanOrEqual(SWEEP_INTERVAL_MINUTES.local);
});
