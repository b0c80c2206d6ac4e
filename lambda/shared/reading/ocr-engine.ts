import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { OcrEngine, OcrPage } from '../../../contract/reading/ocr';

/**
 * The languages read: English, whose model reads the digits, dates and amounts every
 * statement prints and the other languages' phrases in plain letters ("Alter Kontostand",
 * "Ancien solde", "Saldo anterior"; an umlaut as its vowel, which search folds anyway). All
 * five models took 2.15 s against 1.52 s a page here, for no fact more
 * (docs/reading-and-filing.md).
 */
export const OCR_LANGUAGES = ['eng'] as const;

/** The traineddata used: tesseract's LSTM models in 8-bit integers (`4.0.0_best_int`), the smaller and faster of the two each package holds. */
const MODELS = '4.0.0_best_int';

/** Where a language's model is installed (`require`: Node's in CommonJS, the bundle's own in its ES modules, lib/lambda-bundle.ts's banner). */
const modelFile = (language: string): string =>
  path.join(path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), MODELS, `${language}.traineddata.gz`);

/**
 * Where tesseract reads its models from: one folder with `<lang>.traineddata.gz` of each
 * language. The npm packages (`@tesseract.js-data/<lang>`, in node_modules here and in the
 * Lambda bundle, lib/lambda-bundle.ts) hold one language each, so the files are linked into
 * one folder under the temporary directory, the only one Lambda lets a function write, named
 * by where they are installed (checkouts side by side on one machine link their own).
 * Nothing is ever downloaded: tesseract.js's default is a CDN, so the folder is always given.
 */
const modelsFolder = (): string => {
  const files = OCR_LANGUAGES.map(modelFile);
  const installed = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
  const folder = path.join(os.tmpdir(), `vault-ocr-${installed}`);
  fs.mkdirSync(folder, { recursive: true });
  for (const file of files) {
    const target = path.join(folder, path.basename(file));
    if (fs.existsSync(target)) continue;
    try {
      fs.symlinkSync(file, target);
    } catch (error) {
      // Another process linked it first.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return folder;
};

type Worker = Awaited<ReturnType<(typeof import('tesseract.js'))['createWorker']>>;

let worker: Promise<Worker> | undefined;

/**
 * The process's one tesseract worker (a thread running tesseract's WebAssembly build),
 * started at the first scan and reused for every page after: starting one loads the models,
 * which takes longer than reading a small page. LSTM only (OEM 1): the models hold no other.
 */
const startedWorker = (): Promise<Worker> =>
  (worker ??= (async () => {
    const { createWorker } = await import('tesseract.js');
    return createWorker([...OCR_LANGUAGES], 1, { langPath: modelsFolder(), cacheMethod: 'none', gzip: true });
  })().catch((error: unknown) => {
    worker = undefined;
    throw error;
  }));

interface TesseractWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * tesseract.js as the OCR port: each picture straightened first (`rotateAuto`: leptonica
 * finds the tilt of its lines and turns it back, which a photo of a page taken at an angle
 * needs), its words with their boxes from tesseract's blocks. A worker that fails is ended
 * and the next picture starts another.
 */
export const tesseractEngine: OcrEngine = {
  async recognize(image: Uint8Array): Promise<OcrPage> {
    const started = await startedWorker();
    try {
      const { data } = await started.recognize(
        Buffer.from(image.buffer, image.byteOffset, image.byteLength),
        { rotateAuto: true },
        { blocks: true, text: false },
      );
      const words = (data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words as TesseractWord[])),
      );
      return { words: words.map(({ text, confidence, bbox }) => ({ text, confidence, box: bbox })) };
    } catch (error) {
      worker = undefined;
      await started.terminate().catch(() => undefined);
      throw error;
    }
  },
};

/** Ends the worker (tests and scripts, so their process can exit; a Lambda keeps it for the container's life). */
export const stopOcrEngine = async (): Promise<void> => {
  const started = worker;
  worker = undefined;
  await (await started?.catch(() => undefined))?.terminate();
};
