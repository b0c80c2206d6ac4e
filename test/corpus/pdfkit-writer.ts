import PDFDocument from 'pdfkit';
import type { Block, CorpusDocument } from './blocks';

/**
 * A corpus page written by PDFKit with every piece of text placed by hand, as bank systems
 * write them: a summary table's headings on two lines over their figures, columns of label
 * and value, amounts right-aligned. With `form`, every value of a pairs block is the value of
 * a fillable field (AcroForm) rather than text on the page, as fillable statement templates hold it.
 */
const LEFT = 50;
const WIDTH = 495;
/** A fixed date, so the same corpus is written byte for byte (PDFKit derives the file's id from it). */
const WRITTEN = new Date('2025-01-01T00:00:00Z');

const collect = (document: PDFKit.PDFDocument) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

const write = (document: PDFKit.PDFDocument, block: Block, form: boolean, fieldNumber: () => string) => {
  const top = document.y;
  switch (block.type) {
    case 'letterhead': {
      document.font('Helvetica-Bold').fontSize(15);
      const [name, ...rest] = block.lines;
      document.text(name, LEFT, top, { width: WIDTH, align: block.align, lineBreak: false });
      if (block.beside)
        document
          .font('Helvetica')
          .fontSize(9)
          .text(block.beside, LEFT + 260, top + 4, { width: 235, align: 'right', lineBreak: false });
      document.font('Helvetica').fontSize(9);
      let y = top + 19;
      for (const line of rest) {
        document.text(line, LEFT, y, { width: WIDTH, align: block.align, lineBreak: false });
        y += 11;
      }
      document.y = y + 14;
      return;
    }
    case 'address':
      document.font('Helvetica').fontSize(10);
      block.lines.forEach((line, index) => document.text(line, LEFT, top + index * 12, { lineBreak: false }));
      document.y = top + block.lines.length * 12 + 16;
      return;
    case 'heading':
      document.font('Helvetica-Bold').fontSize(12).text(block.text, LEFT, top, { lineBreak: false });
      document.y = top + 22;
      return;
    case 'pairs': {
      // One column: label and value on a line. Two: each label small, its value below it, as
      // banks set the facts beside the address.
      const stacked = block.columns === 2;
      const height = stacked ? 28 : 15;
      const perColumn = Math.ceil(block.pairs.length / block.columns);
      const columnWidth = WIDTH / block.columns;
      block.pairs.forEach(([label, value], index) => {
        const column = Math.floor(index / perColumn);
        const x = LEFT + column * columnWidth;
        const y = top + (index % perColumn) * height;
        document
          .font('Helvetica')
          .fontSize(stacked ? 8 : 10)
          .text(label, x, y, { lineBreak: false });
        const [valueX, valueY, valueWidth] = stacked ? [x, y + 10, columnWidth - 12] : [x + columnWidth * 0.45, y, columnWidth * 0.55];
        if (form) {
          document.fontSize(9).formText(fieldNumber(), valueX, valueY - 2, valueWidth, 13, { value } as never);
        } else {
          document.font('Helvetica-Bold').fontSize(10).text(value, valueX, valueY, { width: valueWidth, lineBreak: false });
        }
      });
      document.y = top + perColumn * height + 14;
      return;
    }
    case 'summary': {
      const width = WIDTH / block.headings.length;
      document.font('Helvetica-Bold').fontSize(9);
      block.headings.forEach((heading, index) => {
        heading
          .split(' / ')
          .forEach((part, line) =>
            document.text(part, LEFT + index * width, top + line * 11, { width: width - 6, align: 'right', lineBreak: false }),
          );
      });
      document.font('Helvetica').fontSize(10);
      block.values.forEach((value, index) => {
        const end = LEFT + (index + 1) * width - 6;
        const cut = Math.max(value.lastIndexOf('.'), value.lastIndexOf(',')) + 1;
        if (!block.split || cut === 0) {
          document.text(value, LEFT + index * width, top + 28, { width: width - 6, align: 'right', lineBreak: false });
          return;
        }
        const [head, tail] = [value.slice(0, cut), value.slice(cut)];
        const tailWidth = document.widthOfString(tail);
        document.text(head, end - tailWidth - 2.5 - document.widthOfString(head), top + 28, { lineBreak: false });
        document.text(tail, end - tailWidth, top + 28, { lineBreak: false });
      });
      document.y = top + 54;
      return;
    }
    case 'table': {
      const widths = block.headings.map((_, index) => (index === 1 ? WIDTH * 0.4 : (WIDTH * 0.6) / (block.headings.length - 1)));
      const xs = widths.map((_, index) => LEFT + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
      const row = (cells: string[], y: number) =>
        cells.forEach((cell, index) =>
          document.text(cell, xs[index], y, {
            width: widths[index] - 6,
            align: block.numeric.includes(index) ? 'right' : 'left',
            lineBreak: false,
          }),
        );
      document.font('Helvetica-Bold').fontSize(9);
      row(block.headings, top);
      document.font('Helvetica').fontSize(9);
      let y = top + 15;
      block.rows.forEach((cells, index) => {
        if (y > 740) {
          const carried = block.rows[index - 1][block.carry?.balanceColumn ?? 0];
          const carry = (label: string) =>
            block.headings.map((_, column) => (column === 1 ? label : column === block.carry?.balanceColumn ? carried : ''));
          if (block.carry) row(carry(block.carry.forward), y);
          document.addPage();
          y = 50;
          if (block.carry) {
            row(carry(block.carry.brought), y);
            y += 13;
          }
        }
        row(cells, y);
        y += 13;
      });
      document.y = y + 14;
      return;
    }
    case 'lines':
      document.font('Helvetica').fontSize(10);
      block.lines.forEach((line, index) => document.text(line, LEFT, top + index * 14, { lineBreak: false }));
      document.y = top + block.lines.length * 14 + 12;
      return;
    case 'footer': {
      document.font('Helvetica').fontSize(7);
      block.lines.forEach((line, index) => document.text(line, LEFT, 790 + index * 9, { width: WIDTH, align: 'center', lineBreak: false }));
      return;
    }
  }
};

/**
 * `form`: the pairs' values in form fields. `under`: a scan of the first page drawn beneath
 * text set invisible (rendering mode 3), as a scanner's OCR writes its text layer.
 */
export const pdfkitStatement = async (
  corpusDocument: CorpusDocument,
  options: { form?: boolean; under?: Buffer } = {},
): Promise<Buffer> => {
  const document = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: 40, left: LEFT, right: 50, bottom: 20 },
    info: { Title: corpusDocument.title, Producer: 'Statement Vault corpus', Creator: 'Statement Vault corpus', CreationDate: WRITTEN },
  });
  const done = collect(document);
  document.font('Helvetica');
  if (options.under) {
    document.image(options.under, 0, 0, { width: document.page.width, height: document.page.height });
    document.addContent('3 Tr');
  }
  if (options.form) document.initForm();
  let field = 0;
  const fieldNumber = () => `field${++field}`;
  // The footer is set last, on the last page, where banks print their legal line.
  const footers = corpusDocument.blocks.filter((block) => block.type === 'footer');
  for (const block of corpusDocument.blocks.filter((candidate) => candidate.type !== 'footer'))
    write(document, block, options.form === true, fieldNumber);
  for (const block of footers) write(document, block, false, fieldNumber);
  const { count } = document.bufferedPageRange();
  if (corpusDocument.pageNumbers)
    for (let page = 0; page < count; page++) {
      document.switchToPage(page);
      const words = corpusDocument.pageNumbers.replace('{page}', String(page + 1)).replace('{pages}', String(count));
      document.font('Helvetica').fontSize(8).text(words, LEFT, 24, { width: WIDTH, align: 'right', lineBreak: false });
    }
  document.end();
  return done;
};
