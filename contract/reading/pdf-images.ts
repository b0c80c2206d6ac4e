import { greyImage, type DecodedImage } from './grey-image';
import type { PdfPage } from './pdf';

/** pdf.js's operators that paint a picture (`OPS.paintImageXObject`, `OPS.paintInlineImageXObject`). */
export interface PaintOperators {
  paintImageXObject: number;
  paintInlineImageXObject: number;
}

/** An object pdf.js decoded for a page, by its id: the page's own (`objs`) or the document's (`commonObjs`, ids `g_…`). */
const decoded = (page: PdfPage, id: string): Promise<unknown> =>
  new Promise((resolve) => (id.startsWith('g_') ? page.commonObjs : page.objs).get(id, resolve));

/**
 * The largest picture a page paints, as a greyscale PGM for OCR: a scanned page is one
 * picture (some scanners add a strip or a logo beside it). Taken from pdf.js's operator list,
 * which decodes the page's pictures without drawing anything, so no canvas is needed where
 * this runs (Lambda has none). Undefined when the page paints no picture pdf.js decoded.
 */
export const pagePicture = async (page: PdfPage, ops: PaintOperators): Promise<Uint8Array | undefined> => {
  const list = await page.getOperatorList();
  let largest: { image: unknown; pixels: number } | undefined;
  for (const [index, fn] of list.fnArray.entries()) {
    const args = list.argsArray[index] as unknown[];
    let image: unknown;
    if (fn === ops.paintImageXObject && typeof args[0] === 'string') image = await decoded(page, args[0]);
    else if (fn === ops.paintInlineImageXObject) image = args[0];
    else continue;
    const { width, height } = (image ?? {}) as Partial<DecodedImage>;
    const pixels = (width ?? 0) * (height ?? 0);
    if (pixels > (largest?.pixels ?? 0)) largest = { image, pixels };
  }
  const image = largest?.image as DecodedImage | undefined;
  return image?.data ? greyImage(image) : undefined;
};
