/**
 * The statement page's time to first page: a PDF of 50 MB (a first page of text, then pages
 * of large pictures, as a statement with scanned enclosures is) against a one-page PDF of a
 * few KB, each uploaded through the real path to the local stack and opened in chromium
 * with the person's session. Measured from the navigation's start to the first page drawn
 * on the canvas, median of 3, with the bytes read from storage (range requests). The ratio
 * of the two is the figure: the first page of a large file must not wait for the file.
 */
import type { Browser } from 'playwright-core';
import { STATEMENT_ROUTES } from '../contract';
import { callApi } from '../test/local/support/rest';
import { uploadStatement } from '../test/local/support/uploads';
import type { StackProcess } from '../test/local/support/stack-process';
import { STATEMENT_PDFS, statementPdf } from '../test/support/statement-pdfs';

export const PREVIEW_RUNS = 3;
const MB = 1024 * 1024;
/** Pictures of about 3.3 MB each after the first page: 15 of them make a statement just under 50 MB. */
const LARGE_PICTURE_PAGES = 15;

export interface PreviewFigures {
  label: string;
  statementId: string;
  size: number;
  medianMs: number;
  runsMs: number[];
  /** Bytes the page read from storage for its first page (206 and 200 answers). */
  bytesRead: number;
}

/** Uploads a PDF and waits until it is recorded and its scan finds it clean (the preview route then answers). */
const uploadClean = async (stack: StackProcess, idToken: string, fileName: string, bytes: Buffer) => {
  const { statementId } = await uploadStatement(stack.config, idToken, {
    fileName,
    contentType: 'application/pdf',
    accountLabel: 'Bench',
    period: '2024-01',
    bytes,
  });
  const until = Date.now() + 180_000;
  for (;;) {
    const answer = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.previewUrl, {
      token: idToken,
      params: { statementId },
    });
    if (answer.status === 200) return statementId;
    // 404 until the catalogue records it, 409 while it is scanned.
    if (![404, 409].includes(answer.status) || Date.now() > until)
      throw new Error(`preview of ${fileName}: ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

const firstPageOnce = async (browser: Browser, origin: string, cookies: { name: string; value: string }[], statementId: string) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })));
  const page = await context.newPage();
  let bytesRead = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).origin === origin) return;
    if (response.request().method() !== 'GET' || ![200, 206].includes(response.status())) return;
    const length = Number(response.headers()['content-length'] ?? 0);
    if (length) bytesRead += length;
  });
  try {
    await page.goto(`${origin}/statements/${statementId}`, { waitUntil: 'commit' });
    await page.waitForSelector('[data-testid="pdf-canvas"][data-drawn-page="1"]', { timeout: 120_000 });
    const ms = await page.evaluate(() => performance.now());
    return { ms, bytesRead };
  } finally {
    await context.close();
  }
};

/** The two PDFs' time to first page in the statement page, each the median of `PREVIEW_RUNS` fresh visits. */
export const previewFirstPage = async (
  browser: Browser,
  stack: StackProcess,
  origin: string,
  session: { cookies: { name: string; value: string }[]; idToken: string },
): Promise<PreviewFigures[]> => {
  const small = await statementPdf({ ...STATEMENT_PDFS[0], name: 'one-page.pdf' });
  const large = await statementPdf({ ...STATEMENT_PDFS[0], name: 'large.pdf', picturePages: LARGE_PICTURE_PAGES });
  const figures: PreviewFigures[] = [];
  for (const [label, bytes] of [
    [`one page, ${(small.length / 1024).toFixed(0)} KB`, small],
    [`${(large.length / MB).toFixed(1)} MB`, large],
  ] as const) {
    const statementId = await uploadClean(stack, session.idToken, `${label}.pdf`, bytes);
    // A first visit warms the server (each visit after it is a fresh context: nothing cached in the browser).
    await firstPageOnce(browser, origin, session.cookies, statementId);
    const runs: { ms: number; bytesRead: number }[] = [];
    for (let run = 0; run < PREVIEW_RUNS; run++) runs.push(await firstPageOnce(browser, origin, session.cookies, statementId));
    const sorted = [...runs].sort((a, b) => a.ms - b.ms);
    const median = sorted[Math.floor(PREVIEW_RUNS / 2)];
    figures.push({
      label,
      statementId,
      size: bytes.length,
      medianMs: median.ms,
      runsMs: runs.map((run) => run.ms),
      bytesRead: median.bytesRead,
    });
  }
  return figures;
};
