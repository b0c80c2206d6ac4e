import { PICTURE_NOTE, proposeFiling } from '../../contract/reading/propose';
import { greyImage } from '../../contract/reading/grey-image';
import {
  OCR_READ,
  OCR_WORDS,
  imageSize,
  ocrPageText,
  ocrSource,
  pageRuns,
  readableSize,
  unclearAmounts,
  withoutUnclear,
  type OcrWord,
} from '../../contract/reading/ocr';
import { jpeg, pngOf } from '../support/samples';
import { storedArithmetic } from '../../contract/reading/statement-arithmetic';

/** A word at x, on a line whose top is y, `height` pixels high. */
const word = (text: string, x: number, y: number, options: { confidence?: number; height?: number } = {}): OcrWord => ({
  text,
  confidence: options.confidence ?? 90,
  box: { x0: x, y0: y, x1: x + text.length * 20, y1: y + (options.height ?? 40) },
});

describe("OCR's words as the page's lines", () => {
  test('words are laid out top to bottom and left to right, whatever order the engine gives them in', () => {
    const page = {
      words: [word('balance', 420, 800), word('Closing', 200, 800), word('Bank', 560, 100), word('Harbourside', 200, 100)],
    };
    expect(ocrPageText(page)).toBe('Harbourside Bank\nClosing balance');
  });

  test("a table's amount read as a block of its own joins its label's line: a row is read as a person reads it", () => {
    // The engine gives the label column first, then the amount column, each as blocks.
    const page = {
      words: [
        word('Opening', 200, 700),
        word('balance', 360, 700),
        word('Closing', 200, 1100),
        word('balance', 360, 1100),
        word('1,204.55', 1900, 704),
        word('3,491.00', 1900, 1096),
      ],
    };
    expect(ocrPageText(page)).toBe('Opening balance 1,204.55\nClosing balance 3,491.00');
  });

  test('lines closer than their height apart stay apart; a slight tilt keeps a row together', () => {
    const tilted = { words: [word('Statement', 200, 600), word('period:', 420, 612), word('March', 600, 624)] };
    expect(ocrPageText(tilted)).toBe('Statement period: March');
    const close = { words: [word('first', 200, 600), word('second', 200, 645)] };
    expect(ocrPageText(close)).toBe('first\nsecond');
  });

  test('specks the engine is unsure of, empty words and boxes of no height are left out', () => {
    const page = {
      words: [
        word('Balance', 200, 100),
        word('~', 400, 100, { confidence: OCR_READ.minConfidence - 1 }),
        word(' ', 500, 100),
        word('flat', 600, 100, { height: 0 }),
        word('12.00', 700, 100, { confidence: OCR_READ.minConfidence }),
      ],
    };
    expect(ocrPageText(page)).toBe('Balance 12.00');
    expect(ocrPageText({ words: [] })).toBe('');
  });
});

describe('what is said of pages read by OCR, and of those not read', () => {
  test('where the facts came from', () => {
    expect(ocrSource([1])).toBe('read by OCR, page 1');
    expect(ocrSource([1, 2])).toBe('read by OCR, pages 1 and 2');
    expect(ocrSource([1, 2, 3])).toBe('read by OCR, pages 1 to 3');
    expect(ocrSource([1, 3, 4])).toBe('read by OCR, pages 1, 3 and 4');
    expect(ocrSource([])).toBe('read by OCR');
  });

  test('pages not read, as runs, in words', () => {
    expect(pageRuns([9, 3, 4, 5])).toEqual([
      [3, 5],
      [9, 9],
    ]);
    expect(pageRuns([])).toEqual([]);
    expect(OCR_WORDS.notRead(11, 100)).toBe('Pages 11 to 100 of this scan were not read.');
    expect(OCR_WORDS.notRead(11, 11)).toBe('Page 11 of this scan was not read.');
    expect(OCR_WORDS.outOfTime(4, 10)).toBe('Pages 4 to 10 of this scan were not read: reading it took too long.');
  });
});

describe("a picture's size, from its header", () => {
  test("a PNG's and a JPEG's width and height; anything else has none", () => {
    expect(imageSize(pngOf(640, 480))).toEqual({ width: 640, height: 480 });
    const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x0d, 0xb4, 0x09, 0xb0, 0x03]);
    // After its start (2 bytes) and its JFIF segment (its marker, then 16 bytes), a frame header 3508 high and 2480 wide.
    const withFrame = Buffer.concat([jpeg().subarray(0, 20), frame, Buffer.alloc(16), Buffer.from([0xff, 0xd9])]);
    expect(imageSize(withFrame)).toEqual({ width: 2480, height: 3508 });
    // A JPEG with no frame header, and bytes that are neither.
    expect(imageSize(jpeg())).toBeUndefined();
    expect(imageSize(Buffer.from('%PDF-1.7'))).toBeUndefined();
  });

  test('pictures too small to hold a line of text, or larger than is read, are not read', () => {
    expect(readableSize({ width: 2480, height: 3508 })).toBe('read');
    expect(readableSize({ width: 1, height: 1 })).toBe('small');
    expect(readableSize({ width: 4000, height: OCR_READ.minSide - 1 })).toBe('small');
    expect(readableSize({ width: 2480 * 2, height: 3508 })).toBe('read');
    expect(readableSize({ width: 2480 * 2, height: 3508 + 1 })).toBe('large');
  });
});

describe("a PDF's decoded picture as the grey image OCR reads", () => {
  /** The PGM's first three lines: its magic number, its size and its largest value. */
  const header = (bytes: Uint8Array) => `${new TextDecoder('latin1').decode(bytes.subarray(0, 32)).split('\n').slice(0, 3).join('\n')}\n`;

  test('RGB, RGBA and one bit a pixel become greyscale PGM, a pixel a byte', () => {
    // 128 by 64: black on the left half, white on the right.
    const [width, height] = [128, 64];
    const pixels = (channels: number) =>
      new Uint8Array(width * height * channels).map((_, index) => {
        const white = Math.floor(index / channels) % width >= width / 2;
        return channels === 4 && index % 4 === 3 ? 255 : white ? 255 : 0;
      });
    // A set bit is white: a row is eight bytes of 0 then eight of 0xff.
    const bits = new Uint8Array((width / 8) * height).map((_, index) => (index % (width / 8) < width / 16 ? 0 : 0xff));
    for (const image of [
      { width, height, kind: 2, data: pixels(3) },
      { width, height, kind: 3, data: pixels(4) },
      { width, height, kind: 1, data: bits },
    ]) {
      const grey = greyImage(image)!;
      expect(header(grey)).toBe(`P5\n128 64\n255\n`);
      const values = grey.subarray(grey.length - width * height);
      expect([values[0], values[63], values[64], values[width * height - 1]]).toEqual([0, 0, 255, 255]);
    }
  });

  test('a picture larger than is read is read smaller, by averaging; an unknown layout or short pixels give none', () => {
    const side = Math.ceil(Math.sqrt(OCR_READ.maxPixels)) + 2;
    const grey = greyImage({ width: side, height: side, kind: 3, data: new Uint8Array(side * side * 4).fill(200) })!;
    const half = Math.floor(side / 2);
    expect(header(grey)).toBe(`P5\n${half} ${half}\n255\n`);
    expect(grey.at(-1)).toBe(200);
    expect(greyImage({ width: 100, height: 100, kind: 4, data: new Uint8Array(100 * 100 * 4) })).toBeUndefined();
    expect(greyImage({ width: 100, height: 100, kind: 2, data: new Uint8Array(10) })).toBeUndefined();
    expect(greyImage({ width: 10, height: 10, kind: 2, data: new Uint8Array(300) })).toBeUndefined();
  });
});

test('a picture chosen for upload says its facts are read after upload, and proposes no account (the person chooses)', () => {
  for (const mime of ['image/jpeg', 'image/png']) {
    const proposal = proposeFiling({ fileName: 'kitchen-table.jpg', mime, size: 1000, head: new Uint8Array() });
    expect(proposal.notes).toEqual([PICTURE_NOTE]);
    expect(proposal.account).toBeUndefined();
    expect(proposal.period).toBeUndefined();
  }
});

describe('a balance OCR was unsure of is not read', () => {
  const words = [
    word('Closing', 200, 100),
    word('balance', 400, 100),
    word('(3,491.00)', 600, 100, { confidence: OCR_READ.minAmountConfidence - 1 }),
  ];

  test("the unclear amounts are a page's words with digits the engine was less sure of than the bound, as values", () => {
    expect(unclearAmounts({ words })).toEqual([3491]);
    expect(unclearAmounts({ words: [word('3,491.00', 0, 0, { confidence: OCR_READ.minAmountConfidence })] })).toEqual([]);
    // Words that are no amount, however unsure.
    expect(unclearAmounts({ words: [word('balance', 0, 0, { confidence: 40 }), word('12/03', 0, 0, { confidence: 40 })] })).toEqual([]);
  });

  test('a figure OCR read without its cents is unclear however sure the engine was: its separator may be lost in the scan', () => {
    // "1 234,56 €" printed, "123456 €" read: a hundred times the balance.
    expect(unclearAmounts({ words: [word('123456', 0, 0, { confidence: 96 }), word('€', 140, 0, { confidence: 96 })] })).toEqual([123456]);
    expect(unclearAmounts({ words: [word('1234,56', 0, 0, { confidence: 96 }), word('1 234.56', 0, 0, { confidence: 96 })] })).toEqual([]);
  });

  test('a balance of an unclear amount is left out and said; one of a clear amount stays, whatever its sign', () => {
    const read = { from: '2024-03-01', to: '2024-03-31', opening: -1204.55, closing: 3491, unread: [] };
    expect(withoutUnclear(read, [3491])).toEqual({
      from: '2024-03-01',
      to: '2024-03-31',
      opening: -1204.55,
      unread: [OCR_WORDS.unclear('closing')],
    });
    expect(withoutUnclear(read, [1204.55])).toEqual({ ...read, opening: undefined, unread: [OCR_WORDS.unclear('opening')] });
    expect(withoutUnclear(read, [12])).toEqual(read);
  });

  test("a scan's figures that do not add up as read are not said to be the statement's fault, nor ones that did with a balance left out", () => {
    const read = { opening: 100, closing: 150, unread: [] };
    const notChecked = storedArithmetic({ state: 'not checked', why: OCR_WORDS.notAddedUp });
    const off = storedArithmetic({ state: 'off', transactions: 2, offBy: 1000, day: '2024-03-05' });
    const checked = storedArithmetic({ state: 'checked', transactions: 2 });
    expect(withoutUnclear({ ...read, arithmetic: off }, []).arithmetic).toEqual(notChecked);
    expect(withoutUnclear({ ...read, arithmetic: checked }, [150]).arithmetic).toEqual(notChecked);
    expect(withoutUnclear({ ...read, arithmetic: checked }, [12]).arithmetic).toEqual(checked);
  });
});
