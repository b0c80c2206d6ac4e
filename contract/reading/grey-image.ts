import { OCR_READ, readableSize } from './ocr';

/**
 * A page's picture as pdf.js decodes it (`page.objs`): its pixels one byte per channel, in
 * one of pdf.js's ImageKind layouts (1: one bit a pixel, rows padded to a byte, a set bit
 * white; 2: RGB; 3: RGBA).
 */
export interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** pdf.js's ImageKind values. */
const KIND = { bits: 1, rgb: 2, rgba: 3 } as const;

/**
 * The picture as a greyscale PGM (P5), the simplest format the OCR engine reads (its own
 * leptonica decodes it with no other library), made `factor` times smaller on each side by
 * averaging (so a picture over OCR_READ.maxPixels is read at a size within it). Grey is what
 * OCR reads: colour would triple the memory for nothing. Undefined for a layout it does not
 * know (a CMYK picture pdf.js left undecoded), pixels shorter than the size says, or a
 * picture too small to hold a line of text.
 */
export const greyImage = (image: DecodedImage): Uint8Array | undefined => {
  const { width, height, kind, data } = image;
  const channels = kind === KIND.rgb ? 3 : kind === KIND.rgba ? 4 : kind === KIND.bits ? 0 : -1;
  if (channels < 0 || readableSize(image) === 'small') return undefined;
  const rowBytes = channels === 0 ? Math.ceil(width / 8) : width * channels;
  if (data.length < rowBytes * height) return undefined;
  const factor = Math.max(1, Math.ceil(Math.sqrt((width * height) / OCR_READ.maxPixels)));
  const [outWidth, outHeight] = [Math.floor(width / factor) || 1, Math.floor(height / factor) || 1];
  const header = new TextEncoder().encode(`P5\n${outWidth} ${outHeight}\n255\n`);
  const out = new Uint8Array(header.length + outWidth * outHeight);
  out.set(header);
  // Each output row sums `factor` input rows of `factor` pixels each, row by row (a pass over the pixels in order).
  const sums = new Uint32Array(outWidth);
  const area = factor * factor * 1000;
  const inWidth = outWidth * factor;
  for (let y = 0; y < outHeight; y++) {
    sums.fill(0);
    for (let row = y * factor; row < (y + 1) * factor; row++) {
      const start = row * rowBytes;
      for (let x = 0; x < inWidth; x++) {
        // Luma by the usual weights, in thousandths; a set bit is white.
        let luma: number;
        if (channels === 0) luma = (data[start + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255_000 : 0;
        else {
          const at = start + x * channels;
          luma = data[at] * 299 + data[at + 1] * 587 + data[at + 2] * 114;
        }
        sums[(x / factor) | 0] += luma;
      }
    }
    const to = header.length + y * outWidth;
    for (let x = 0; x < outWidth; x++) out[to + x] = Math.round(sums[x] / area);
  }
  return out;
};
