import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { countOf, formatAmount, formatCount, formatDateTime, formatDay, formatDays, formatPeriod } from '../../contract/format';

const ROOT = path.join(__dirname, '..', '..');

describe('one way of writing months, days, moments, amounts and counts', () => {
  test('each as the app writes it', () => {
    expect(formatPeriod('2024-03')).toBe('Mar 2024');
    expect(formatPeriod('not a period')).toBe('not a period');
    expect(formatDay('2024-03-31')).toBe('Mar 31, 2024');
    expect(formatDays('2024-01-02', '2024-01-30')).toBe('Jan 2 – Jan 30, 2024');
    expect(formatDateTime('2026-12-03T11:00:00.000Z')).toBe('Dec 3, 2026, 11:00 AM UTC');
    expect(formatAmount(-980.1, 'USD')).toBe('-$980.10');
    expect(formatAmount(1204.5)).toBe('1,204.50');
    expect(formatCount(1024)).toBe('1,024');
    expect(countOf(1, 'statement')).toBe('1 statement');
  });

  test("the same whatever the machine's own locale: a server in Germany renders what a browser in the US hydrates", () => {
    const script = `import('./contract/format.ts').then((module) => {
      const f = module.formatPeriod ? module : module.default;
      console.log(JSON.stringify([f.formatPeriod('2024-03'), f.formatDay('2024-03-31'), f.formatAmount(1204.5), f.formatCount(1024)]));
    })`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, LC_ALL: 'de_DE.UTF-8', LANG: 'de_DE.UTF-8' },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    // The machine's own locale is German there: a format that followed it would write "März 2024".
    expect(JSON.parse(run.stdout)).toEqual(['Mar 2024', 'Mar 31, 2024', '1,204.50', '1,024']);
  });
});
