import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium';
import type { Block, CorpusDocument } from './blocks';

/**
 * Corpus pages printed to PDF by Chromium from HTML tables: another PDF writer than PDFKit,
 * whose text runs, fonts and table cells pdf.js gets differently (Skia splits and spaces
 * runs its own way), as statements that online banking prints from a web page do.
 */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const html = (block: Block): string => {
  switch (block.type) {
    case 'letterhead':
      return `<header style="text-align:${block.align}"><h1>${escape(block.lines[0])}</h1>${block.beside ? `<span class="beside">${escape(block.beside)}</span>` : ''}${block.lines
        .slice(1)
        .map((line) => `<div>${escape(line)}</div>`)
        .join('')}</header>`;
    case 'address':
      return `<address>${block.lines.map(escape).join('<br>')}</address>`;
    case 'heading':
      return `<h2>${escape(block.text)}</h2>`;
    case 'pairs': {
      const perColumn = Math.ceil(block.pairs.length / block.columns);
      const rows = Array.from({ length: perColumn }, (_, row) =>
        Array.from({ length: block.columns }, (_, column) => block.pairs[column * perColumn + row])
          .filter(Boolean)
          .map(([label, value]) => `<th>${escape(label)}</th><td>${escape(value)}</td>`)
          .join(''),
      );
      return `<table class="pairs">${rows.map((row) => `<tr>${row}</tr>`).join('')}</table>`;
    }
    case 'summary':
      return `<table class="summary"><tr>${block.headings.map((heading) => `<th>${heading.split(' / ').map(escape).join('<br>')}</th>`).join('')}</tr><tr>${block.values
        .map((value) => `<td>${escape(value)}</td>`)
        .join('')}</tr></table>`;
    case 'table':
      return `<table class="rows"><thead><tr>${block.headings.map((heading) => `<th>${escape(heading)}</th>`).join('')}</tr></thead><tbody>${block.rows
        .map(
          (cells) =>
            `<tr>${cells.map((cell, index) => `<td${block.numeric.includes(index) ? ' class="n"' : ''}>${escape(cell)}</td>`).join('')}</tr>`,
        )
        .join('')}</tbody></table>`;
    case 'lines':
      return block.lines.map((line) => `<p>${escape(line)}</p>`).join('');
    case 'footer':
      return `<footer>${block.lines.map(escape).join('<br>')}</footer>`;
  }
};

const STYLE = `
  @page { size: A4; margin: 18mm 16mm; }
  body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 10pt; color: #222; }
  header h1 { font-size: 16pt; margin: 0 0 2pt; color: #003366; }
  header .beside { float: right; margin-top: -20pt; }
  address { font-style: normal; margin: 14pt 0; }
  h2 { font-size: 12pt; border-bottom: 1px solid #999; }
  table { border-collapse: collapse; width: 100%; margin: 8pt 0 14pt; }
  th { text-align: left; background: #e8eef4; padding: 3pt 5pt; }
  td { padding: 3pt 5pt; border-bottom: 1px solid #ddd; }
  .summary th, .summary td, td.n { text-align: right; }
  footer { margin-top: 40pt; font-size: 7pt; color: #555; text-align: center; }
`;

export const pageHtml = (document: CorpusDocument) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escape(document.title)}</title><style>${STYLE}</style></head><body>${document.blocks
    .map(html)
    .join('\n')}</body></html>`;

/**
 * The print's time stamps set to one fixed day, of the same length, so the file's offsets
 * hold and every run writes the same bytes.
 */
const undated = (pdf: Buffer) =>
  Buffer.from(pdf.toString('latin1').replace(/\/(CreationDate|ModDate) \(D:\d{14}/g, '/$1 (D:20250101000000'), 'latin1');

/** Prints each document with one browser; the PDFs in the documents' order. */
export const chromiumStatements = async (documents: CorpusDocument[]): Promise<Buffer[]> => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage();
    const pdfs: Buffer[] = [];
    for (const document of documents) {
      await page.setContent(pageHtml(document), { waitUntil: 'load' });
      pdfs.push(undated(await page.pdf({ format: 'A4', printBackground: true, tagged: false, outline: false })));
    }
    return pdfs;
  } finally {
    await browser.close();
  }
};
