/**
 * Lighthouse's performance score, median of `runs`, with its mobile (default: a mid-range
 * phone, 4x CPU slowdown, slow 4G) and desktop settings, in Debian's chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { CHROMIUM_FLAGS, ensureChromium } from '../test/e2e/support/chromium';

export interface LighthouseFigures {
  score: number;
  /** Every run's score, in run order: a median hides a page that scores well only some of the time. */
  scores: number[];
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const withChrome = async <T>(work: (port: number) => Promise<T>): Promise<T> => {
  const chrome = await chromeLauncher.launch({ chromePath: ensureChromium(), chromeFlags: CHROMIUM_FLAGS });
  try {
    return await work(chrome.port);
  } finally {
    chrome.kill();
  }
};

export const lighthouseMedian = async (port: number, url: string, form: 'mobile' | 'desktop', runs = 3): Promise<LighthouseFigures> => {
  const results: Omit<LighthouseFigures, 'scores'>[] = [];
  for (let run = 0; run < runs; run++) {
    const output = execFileSync(process.execPath, [path.join(__dirname, 'lighthouse-runner.mjs'), String(port), form, url], {
      encoding: 'utf8',
    });
    results.push(JSON.parse(output) as Omit<LighthouseFigures, 'scores'>);
  }
  return {
    score: median(results.map((result) => result.score)),
    scores: results.map((result) => result.score),
    lcpMs: median(results.map((result) => result.lcpMs)),
    tbtMs: median(results.map((result) => result.tbtMs)),
    fcpMs: median(results.map((result) => result.fcpMs)),
    cls: median(results.map((result) => result.cls)),
  };
};
