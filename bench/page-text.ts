/**
 * `npm run bench`, a PDF page's text: the layout view every reader reads now (text items
 * laid out by position, with form fields' values) against the stream-order text it replaced,
 * on the same pages in the same run. The goal: at most 1.5x the stream text per page.
 * Medians of several rounds, the two ways taken in turn on each page, each first in every other round.
 */
import { pageTextViews } from '../contract/reading/pdf';
import { readingText } from '../contract/reading/layout';
import { BALANCE_PDFS, balancePdf } from '../test/support/balance-pdfs';
import { LAYOUT_PDFS, layoutPdf } from '../test/support/layout-pdfs';
import { STATEMENT_PDFS, statementPdf } from '../test/support/statement-pdfs';

const ROUNDS = 25;

type PdfJs = typeof import('pdfjs-dist');

const main = async () => {
  const pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJs;
  const files = [
    ...(await Promise.all(STATEMENT_PDFS.filter((spec) => !spec.options?.userPassword && !spec.picture).map(statementPdf))),
    ...(await Promise.all(BALANCE_PDFS.map(balancePdf))),
    ...(await Promise.all(LAYOUT_PDFS.map(layoutPdf))),
  ];
  const pages: Awaited<ReturnType<Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>['getPage']>>[] = [];
  for (const bytes of files) {
    const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 })
      .promise;
    for (let number = 1; number <= document.numPages; number++) pages.push(await document.getPage(number));
  }
  const time = async (run: () => Promise<unknown>) => {
    const started = process.hrtime.bigint();
    await run();
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const stream: number[] = [];
  const layout: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let [old, now] = [0, 0];
    for (const page of pages) {
      // Which goes first alternates by round: the first read of a page warms what the second finds.
      const stream = async () => (old += await time(async () => readingText((await page.getTextContent()).items as never)));
      const laidOut = async () => (now += await time(() => pageTextViews(page as never)));
      for (const run of round % 2 === 0 ? [stream, laidOut] : [laidOut, stream]) await run();
    }
    stream.push(old / pages.length);
    layout.push(now / pages.length);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const [old, now] = [median(stream), median(layout)];
  const ratio = now / old;
  console.log(`PDF page text (Node ${process.version}, ${pages.length} pages of ${files.length} files, median of ${ROUNDS})`);
  console.log(
    `  stream order: ${old.toFixed(2)} ms a page   layout with form fields: ${now.toFixed(2)} ms a page` +
      `   ratio ${ratio.toFixed(2)}x (goal <= 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'})`,
  );
};

main().catch((error: Error) => {
  console.error(`bench/page-text: ${error.message}`);
  process.exit(1);
});
