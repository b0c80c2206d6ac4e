/** pdf.js's worker code, imported to run in the thread that reads a PDF (it ships no types of its own). */
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}

/** The same, of the build for Node (the search index reads PDFs in a Lambda). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
