import { createCanvas } from '@napi-rs/canvas';
import { pdfBytes } from './pdfkit-bytes';

/**
 * A paper statement as a scanner or a phone sees it: a page drawn at 300 dpi A4 with
 * @napi-rs/canvas (a bank's letterhead, its period, an opening and closing balance, a few
 * transactions in a table whose amounts stand in a column of their own), saved as PNG, as a
 * JPEG turned by a few degrees with grain (a photo), or put in an image-only PDF (a scan).
 */
export const SCANNED_STATEMENT = {
  bank: 'Harbourside Bank',
  period: { from: '2024-03-01', to: '2024-03-31' },
  opening: 1204.55,
  closing: 3491,
  /** A word of its transactions, found by search. */
  word: 'Greengrocer',
} as const;

/** What reading the statement by OCR gives of its days and money, read from `source`. */
export const scannedBalances = (source: string) => ({
  from: SCANNED_STATEMENT.period.from,
  to: SCANNED_STATEMENT.period.to,
  opening: SCANNED_STATEMENT.opening,
  closing: SCANNED_STATEMENT.closing,
  source,
  unread: [],
});

const WIDTH = 2480;
const HEIGHT = 3508;

/** The page's lines: text at the left margin, an amount at the right, at a height in pixels. */
const LINES: [number, string, string?][] = [
  [300, SCANNED_STATEMENT.bank],
  [420, '12 Quay Street, Portsmouth PO1 2AB'],
  [600, 'Statement period: 1 March 2024 to 31 March 2024'],
  [680, 'Account number: 12-34-56 78901234'],
  [860, 'Opening balance', '1,204.55'],
  [960, '04 Mar 2024   Greengrocer Market', '-82.40'],
  [1040, '12 Mar 2024   Salary Northwind Ltd', '2,500.00'],
  [1120, '20 Mar 2024   Electricity Direct Debit', '-131.15'],
  [1280, 'Closing balance', '3,491.00'],
];

/** A drawn page: `degrees` turned about its middle, with `grain` (0 to 255) of noise on each pixel. */
const drawn = (degrees: number, grain: number) => {
  const page = createCanvas(WIDTH, HEIGHT);
  const context = page.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  context.fillStyle = '#111';
  for (const [y, text, amount] of LINES) {
    context.font = y === 300 ? 'bold 90px sans-serif' : '50px sans-serif';
    context.fillText(text, 200, y);
    if (amount) {
      context.textAlign = 'right';
      context.fillText(amount, 2200, y);
      context.textAlign = 'left';
    }
  }
  if (degrees === 0 && grain === 0) return page;
  const photo = createCanvas(WIDTH, HEIGHT);
  const camera = photo.getContext('2d');
  camera.fillStyle = '#fff';
  camera.fillRect(0, 0, WIDTH, HEIGHT);
  camera.translate(WIDTH / 2, HEIGHT / 2);
  camera.rotate((degrees * Math.PI) / 180);
  camera.drawImage(page, -WIDTH / 2, -HEIGHT / 2);
  camera.setTransform(1, 0, 0, 1, 0, 0);
  const pixels = camera.getImageData(0, 0, WIDTH, HEIGHT);
  // A fixed sequence, so every run draws the same grain.
  let seed = 7;
  for (let at = 0; at < pixels.data.length; at += 4) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const noise = (seed / 2147483648 - 0.5) * grain;
    for (let channel = 0; channel < 3; channel++) pixels.data[at + channel] = Math.max(0, Math.min(255, pixels.data[at + channel] + noise));
  }
  camera.putImageData(pixels, 0, 0);
  return photo;
};

/** The page as a PNG, straight and clean (a scan saved as a picture). */
export const scannedPng = (): Buffer => drawn(0, 0).toBuffer('image/png');

/** The page as a JPEG turned `degrees` with grain: a phone's photo of the paper. */
export const photographedJpeg = (degrees = 2): Buffer => drawn(degrees, 60).toBuffer('image/jpeg', 80);

/** An image-only PDF of `pages` A4 pages, each the picture (as a scanner's PDF holds them), with no text layer. */
export const scannedPdf = (pages: readonly Buffer[]): Promise<Buffer> =>
  pdfBytes({ size: 'A4', margin: 0, autoFirstPage: false }, (document) => {
    for (const picture of pages) {
      document.addPage({ size: 'A4', margin: 0 });
      document.image(picture, 0, 0, { width: 595.28, height: 841.89 });
    }
  });
