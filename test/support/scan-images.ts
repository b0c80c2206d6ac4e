import * as path from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';

/**
 * Pages of a PDF as a scanner or a phone gives them back: rendered by pdf.js onto
 * @napi-rs/canvas, then turned by a slight angle, softened and speckled as paper through a
 * scanner is. Run outside jest (pdf.js's ES modules load in Node itself, as the runners
 * beside this file do); deterministic for a seed.
 */
export interface ScanLook {
  /** Pixels per inch of the page image. @default 150 */
  dpi?: number;
  /** Turn of the page, in degrees. @default 0.8 */
  degrees?: number;
  /** Blur radius, in pixels. @default 0.6 */
  blur?: number;
  /** Share of pixels flipped to a dark or light speck. @default 0.002 */
  specks?: number;
  seed?: number;
}

/** pdf.js's standard fonts, without which text in the 14 standard fonts is not drawn. */
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** A page of a PDF drawn at `dpi`, white behind. */
export const renderPdfPage = async (pdf: Uint8Array, pageNumber = 1, dpi = 150): Promise<Canvas> => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false })
    .promise;
  try {
    const page = await document.getPage(pageNumber);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return canvas;
  } finally {
    await document.destroy();
  }
};

const random = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
};

/** The page as scanned: turned, softened, greyed a little and speckled. */
export const scanned = (page: Canvas, look: ScanLook = {}): Canvas => {
  const { degrees = 0.8, blur = 0.6, specks = 0.002, seed = 1 } = look;
  const canvas = createCanvas(page.width, page.height);
  const context = canvas.getContext('2d');
  // Paper is seldom white under a scanner's lamp.
  context.fillStyle = '#f4f2ec';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.filter = `blur(${blur}px)`;
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.globalCompositeOperation = 'multiply';
  context.drawImage(page, -page.width / 2, -page.height / 2);
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.filter = 'none';
  context.globalCompositeOperation = 'source-over';
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const next = random(seed);
  const count = Math.round(image.width * image.height * specks);
  for (let speck = 0; speck < count; speck++) {
    const at = Math.floor(next() * image.width * image.height) * 4;
    const shade = next() < 0.5 ? 40 : 250;
    image.data[at] = image.data[at + 1] = image.data[at + 2] = shade;
  }
  context.putImageData(image, 0, 0);
  return canvas;
};

/** A scan as a phone or scanner saves it: JPEG (lossy, small) or PNG. */
export const scanImage = (canvas: Canvas, format: 'jpeg' | 'png', quality = 70): Promise<Buffer> =>
  format === 'jpeg' ? canvas.encode('jpeg', quality) : canvas.encode('png');

/** An image-only PDF, one JPEG per page filling an A4 page, as a scanner's "scan to PDF" writes it. */
export const imageOnlyPdf = (jpegs: Buffer[], title: string): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const document = new PDFDocument({
      size: 'A4',
      margin: 0,
      autoFirstPage: false,
      info: { Title: title, CreationDate: new Date('2025-01-01T00:00:00Z') },
    });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    for (const jpeg of jpegs) {
      document.addPage({ size: 'A4', margin: 0 });
      document.image(jpeg, 0, 0, { width: document.page.width, height: document.page.height });
    }
    document.end();
  });
