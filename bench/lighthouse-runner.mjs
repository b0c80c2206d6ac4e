/**
 * One Lighthouse performance run against the chromium at the given debugging port, printed
 * as JSON. Plain JavaScript run by plain Node: Lighthouse sends its own functions' source
 * into the page, and a TypeScript loader's helpers (tsx's `__name`) would go with them.
 *
 *   node bench/lighthouse-runner.mjs <port> <mobile|desktop> <url>
 */
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const [port, form, url] = process.argv.slice(2);
const result = await lighthouse(
  url,
  { port: Number(port), output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
  form === 'desktop' ? desktopConfig : undefined,
);
const lhr = result?.lhr;
if (!lhr || lhr.runtimeError) {
  console.error(`Lighthouse could not measure ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  process.exit(1);
}
const audit = (id) => lhr.audits[id]?.numericValue ?? null;
console.log(
  JSON.stringify({
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
  }),
);
