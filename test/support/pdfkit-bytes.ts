import PDFDocument from 'pdfkit';

/** The bytes of a PDF that PDFKit writes with `options`, as `draw` lays it out. */
export const pdfBytes = (options: PDFKit.PDFDocumentOptions, draw: (document: PDFKit.PDFDocument) => void): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const document = new PDFDocument(options);
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    draw(document);
    document.end();
  });
