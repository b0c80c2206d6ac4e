/**
 * Every page's text of the PDF named on the command line, as pdf.js reads it, printed as one
 * JSON array: what a reader of a cover sees, for tests (pdf.js's ES modules load outside jest).
 */
import * as fs from 'node:fs';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

const main = async () => {
  const document = await pdfjs.getDocument({ data: new Uint8Array(fs.readFileSync(process.argv[2])), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  process.stdout.write(JSON.stringify(pages));
};
void main();
