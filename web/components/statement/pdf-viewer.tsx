/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { httpRanges } from '@/lib/preview/http-ranges';
import { openRangedPdf } from '@/lib/upload/pdf-text';
import { Button } from '../ui';

/** pdf.js and its worker code, loaded with the first PDF opened; the worker's code runs in this page's thread. */
const loadPdfJs = async () => {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs')]);
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
  return pdfjs;
};

/**
 * A PDF statement drawn page by page on a canvas by pdf.js, reading only the byte ranges
 * the page shown needs, so the first page of a large file shows long before the whole file
 * could arrive. Nothing of the PDF becomes markup: no text or form layer, no script, no link.
 */
export default function PdfViewer({ url, size, fileName }: { url: () => Promise<string>; size: number; fileName: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [document, setDocument] = useState<PDFDocumentProxy>();
  const [pageNumber, setPageNumber] = useState(1);
  const [drawn, setDrawn] = useState(0);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let current = true;
    let opened: Awaited<ReturnType<typeof openRangedPdf>> | undefined;
    (async () => {
      const pdfjs = await loadPdfJs();
      opened = await openRangedPdf(pdfjs, httpRanges(url, size), { fonts: true });
      const loaded = await opened.promise;
      if (current) setDocument(loaded);
    })().catch((caught: Error) => {
      if (current)
        setError(
          caught.name === 'PasswordException'
            ? 'this PDF is protected by a password; download it to open it.'
            : 'this PDF could not be read.',
        );
    });
    return () => {
      current = false;
      void opened?.destroy();
    };
  }, [url, size]);

  useEffect(() => {
    if (!document || !canvas.current) return;
    let task: RenderTask | undefined;
    let current = true;
    (async () => {
      const page = await document.getPage(pageNumber);
      const target = canvas.current;
      if (!current || !target) return;
      const width = target.parentElement?.clientWidth ?? 800;
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      task = page.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await task.promise;
      if (current) setDrawn(pageNumber);
    })().catch((caught: Error) => {
      if (current && caught.name !== 'RenderingCancelledException') setError('this page could not be drawn.');
    });
    return () => {
      current = false;
      task?.cancel();
    };
  }, [document, pageNumber]);

  const pages = document?.numPages ?? 0;
  const turn = (by: number) => setPageNumber((number) => Math.min(Math.max(1, number + by), Math.max(1, pages)));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'PageDown') turn(1);
    else if (event.key === 'ArrowLeft' || event.key === 'PageUp') turn(-1);
    else return;
    event.preventDefault();
  };

  if (error) return <p role="alert">The preview could not be shown: {error}</p>;
  return (
    <div>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 0.5rem;
          align-items: center;
          margin-bottom: 0.5rem;
        `}
      >
        <Button variant="secondary" onClick={() => turn(-1)} disabled={pageNumber <= 1}>
          Previous page
        </Button>
        <span role="status" data-testid="pdf-page">
          {pages ? `Page ${pageNumber} of ${pages}` : 'Opening the PDF…'}
        </span>
        <Button variant="secondary" onClick={() => turn(1)} disabled={!pages || pageNumber >= pages}>
          Next page
        </Button>
      </div>
      <div
        tabIndex={0}
        role="group"
        aria-label={`${fileName}, page ${pageNumber}${pages ? ` of ${pages}` : ''}: arrow keys turn the pages`}
        onKeyDown={onKeyDown}
        css={css`
          overflow: auto;
          background: #fff;
        `}
      >
        <canvas ref={canvas} data-testid="pdf-canvas" data-drawn-page={drawn || undefined} />
      </div>
    </div>
  );
}
