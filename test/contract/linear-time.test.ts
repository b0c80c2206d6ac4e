import { GROWTH_LIMIT } from '../support/growth-limit';
import { leastGrowth, repeatTo } from '../support/linear-time';

/**
 * The timer the reader-time suite stands on tells linear work from quadratic: a scan of the
 * text passes, and a lazy pattern for a closing tag that never comes (which searches the
 * rest of the text again from each opening tag) does not.
 */
const small = repeatTo('<BANKACCTFROM>', 16 * 1024);
const large = repeatTo('<BANKACCTFROM>', 64 * 1024);

const scan = (text: string) => text.split('<').length;
const searchFromEach = (text: string) => [...text.matchAll(/<(\w+)>([\s\S]*?)<\/\1>/g)].length;

test('linear work grows within the limit over four times the input', async () => {
  const { ratio } = await leastGrowth(scan, small.repeat(4), large.repeat(4), GROWTH_LIMIT);
  expect(ratio).toBeLessThanOrEqual(GROWTH_LIMIT);
});

test('quadratic work grows past it', async () => {
  const { ratio, ms } = await leastGrowth(searchFromEach, small, large, GROWTH_LIMIT);
  expect(ms[0]).toBeGreaterThan(0);
  expect(ratio).toBeGreaterThan(GROWTH_LIMIT);
});
