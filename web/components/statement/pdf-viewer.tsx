/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { keepPdfPassword, keptPdfPassword } from '@/app/(private)/statements/[id]/pdf-password-actions';
import { httpRanges } from '@/lib/preview/http-ranges';
import { toast } from '@/lib/toast';
import { openRangedPdf } from '@/lib/upload/pdf-text';
import { Button } from '../ui';
import { PdfPasswordForm, type PdfAccount, type PdfLock } from './pdf-password-form';

/** pdf.js and its worker code, loaded with the first PDF opened; the worker's code runs in this page's thread. */
const loadPdfJs = async () => {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs')]);
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
  return pdfjs;
};

/** Keeps the password that opened one of the account's PDFs, and says so. */
const keep = async (account: PdfAccount, password: string) => {
  const kept = await keepPdfPassword(account.key, password);
  if ('error' in kept) toast.error(`The password was not kept: ${kept.error}`);
  else toast.success(`The password is kept for ${account.label}: its PDFs open with it, those that arrive by mail too.`);
};

/** Says the PDF opened with the password kept for its account, with a way to forget it. */
const KeptPasswordLine = ({ account }: { account: PdfAccount }) => {
  const [forgotten, setForgotten] = useState(false);
  const forget = async () => {
    const answer = await keepPdfPassword(account.key, '');
    if ('error' in answer) return void toast.error(`The password was not forgotten: ${answer.error}`);
    setForgotten(true);
    toast.success(`The password kept for ${account.label} is forgotten.`);
  };
  return (
    <p data-testid="pdf-password-kept" css={{ margin: '0 0 0.5rem', fontSize: '0.9rem' }}>
      {forgotten ? (
        `Opened with the password that was kept for ${account.label}; it is forgotten now.`
      ) : (
        <>
          Opened with the password kept for {account.label}.{' '}
          <Button compact variant="secondary" onClick={() => void forget()}>
            Forget it
          </Button>
        </>
      )}
    </p>
  );
};

/** How large a page is drawn, as a share of the width it has: 1 fits it; more is scrolled across. */
const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * The most pixels one canvas holds: browsers refuse larger ones (Safari on iOS at 16.7
 * million) and draw nothing. A page zoomed past it is drawn at fewer pixels per CSS pixel.
 */
const MAX_CANVAS_PIXELS = 16_000_000;

/** The middle of the part of a box the window shows, from the box's top left corner. */
const seenMiddle = (box: HTMLElement) => {
  const rect = box.getBoundingClientRect();
  const left = Math.max(rect.left, 0);
  const right = Math.min(rect.left + box.clientWidth, window.innerWidth);
  const top = Math.max(rect.top, 0);
  const bottom = Math.min(rect.top + box.clientHeight, window.innerHeight);
  // A box out of the window: its own middle.
  return {
    x: right > left ? (left + right) / 2 - rect.left : box.clientWidth / 2,
    y: bottom > top ? (top + bottom) / 2 - rect.top : box.clientHeight / 2,
  };
};

/** The point of the page a person is looking at, as shares of the page, so a new zoom keeps it where they look. */
const lookedAt = (box: HTMLElement) => {
  const middle = seenMiddle(box);
  return {
    x: box.scrollWidth ? (box.scrollLeft + middle.x) / box.scrollWidth : 0,
    y: box.scrollHeight ? (box.scrollTop + middle.y) / box.scrollHeight : 0,
  };
};

/**
 * A PDF statement drawn page by page on a canvas by pdf.js, reading only the byte ranges
 * the page shown needs, so the first page of a large file shows long before the whole file
 * could arrive. Nothing of the PDF becomes markup: no text or form layer, no script, no link.
 * A PDF protected by a password asks for it (trying first the one kept for its `account`,
 * if any), and opens with what is typed; the password is kept for the account only when the
 * person ticks the box, and only once it opened the PDF.
 */
export default function PdfViewer({
  url,
  size,
  fileName,
  account,
}: {
  url: () => Promise<string>;
  size: number;
  fileName: string;
  account?: PdfAccount;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [document, setDocument] = useState<PDFDocumentProxy>();
  const [pageNumber, setPageNumber] = useState(1);
  const [zoomStep, setZoomStep] = useState(0);
  const zoom = ZOOMS[zoomStep];
  const frame = useRef<HTMLDivElement>(null);
  // The frame's width: a window resized or a phone turned draws the page again to fit it.
  const [frameWidth, setFrameWidth] = useState(0);
  const drawnAs = useRef('');
  useEffect(() => {
    const box = frame.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFrameWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const [drawn, setDrawn] = useState(0);
  const [error, setError] = useState<string>();
  // The password it is opened with: none, the one kept for its account, or one typed (and whether to keep it).
  const [password, setPassword] = useState<{ value: string; kept: boolean; keep: boolean }>();
  const [lock, setLock] = useState<PdfLock | 'trying'>();
  const keptAsked = useRef(false);

  useEffect(() => {
    let current = true;
    let opened: Awaited<ReturnType<typeof openRangedPdf>> | undefined;
    const open = async () => {
      const pdfjs = await loadPdfJs();
      opened = await openRangedPdf(pdfjs, httpRanges(url, size), { fonts: true, password: password?.value });
      try {
        return await opened.promise;
      } catch (caught) {
        if ((caught as Error).name !== 'PasswordException') throw caught;
        return undefined;
      }
    };
    (async () => {
      const loaded = await open();
      if (!current) return;
      if (loaded) {
        setLock(undefined);
        setDocument(loaded);
        if (password?.keep && account) await keep(account, password.value);
        return;
      }
      // Protected: the password kept for its account first (read only now, once), then the person's.
      if (!password && account?.passwordKept && !keptAsked.current) {
        keptAsked.current = true;
        const kept = await keptPdfPassword(account.key);
        if (!current) return;
        if ('password' in kept && kept.password) return setPassword({ value: kept.password, kept: true, keep: false });
      }
      setLock(!password ? 'asks' : password.kept ? 'kept wrong' : 'wrong');
    })().catch(() => {
      if (current) setError('this PDF could not be read.');
    });
    return () => {
      current = false;
      void opened?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the account is the statement's, and another statement makes another viewer
  }, [url, size, password]);

  useEffect(() => {
    if (!document || !canvas.current) return;
    let task: RenderTask | undefined;
    let current = true;
    (async () => {
      const page = await document.getPage(pageNumber);
      const target = canvas.current;
      if (!current || !target) return;
      const box = frame.current;
      const point = box ? lookedAt(box) : undefined;
      const width = (box?.clientWidth ?? 800) * zoom;
      // The same page at the same size is drawn already (the frame reported the width it had).
      const as = `${pageNumber} ${width}`;
      if (drawnAs.current === as) return;
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      const ratio = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      // The part of the page in the middle of what the window shows stays there.
      if (box && point) {
        const middle = seenMiddle(box);
        box.scrollLeft = point.x * box.scrollWidth - middle.x;
        box.scrollTop = point.y * box.scrollHeight - middle.y;
      }
      task = page.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await task.promise;
      drawnAs.current = as;
      if (current) setDrawn(pageNumber);
    })().catch((caught: Error) => {
      if (current && caught.name !== 'RenderingCancelledException') setError('this page could not be drawn.');
    });
    return () => {
      current = false;
      task?.cancel();
    };
  }, [document, pageNumber, zoom, frameWidth]);

  const pages = document?.numPages ?? 0;
  const turn = (by: number) => setPageNumber((number) => Math.min(Math.max(1, number + by), Math.max(1, pages)));
  const zoomBy = (by: number) => setZoomStep((step) => Math.min(Math.max(0, step + by), ZOOMS.length - 1));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'PageDown') turn(1);
    else if (event.key === 'ArrowLeft' || event.key === 'PageUp') turn(-1);
    else if (event.key === '+' || event.key === '=') zoomBy(1);
    else if (event.key === '-') zoomBy(-1);
    else if (event.key === '0') setZoomStep(0);
    else return;
    event.preventDefault();
  };

  if (error) return <p role="alert">The preview could not be shown: {error}</p>;
  if (lock && !document)
    return (
      <PdfPasswordForm
        lock={lock}
        account={account}
        opening={Boolean(password && !password.kept && lock === 'trying')}
        onOpen={(value, keep) => {
          // The form stays as it is while the password is tried: a wrong one stays typed, to be corrected.
          setLock('trying');
          setPassword({ value, kept: false, keep });
        }}
      />
    );
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
        <Button compact variant="secondary" onClick={() => turn(-1)} disabled={pageNumber <= 1} aria-label="Previous page">
          Previous
        </Button>
        <span role="status" data-testid="pdf-page">
          {pages ? `Page ${pageNumber} of ${pages}` : 'Opening the PDF…'}
        </span>
        <Button compact variant="secondary" onClick={() => turn(1)} disabled={!pages || pageNumber >= pages} aria-label="Next page">
          Next
        </Button>
        <span
          role="group"
          aria-label="Zoom"
          css={css`
            display: inline-flex;
            gap: 0.25rem;
            align-items: center;
            margin-left: auto;
          `}
        >
          <Button
            compact
            variant="secondary"
            onClick={() => zoomBy(-1)}
            disabled={zoomStep === 0}
            aria-keyshortcuts="-"
            aria-label="Zoom out"
          >
            −
          </Button>
          <span data-testid="pdf-zoom" aria-live="polite">
            {zoom === 1 ? 'Fit width' : `${zoom * 100}%`}
          </span>
          <Button
            compact
            variant="secondary"
            onClick={() => zoomBy(1)}
            disabled={zoomStep === ZOOMS.length - 1}
            aria-keyshortcuts="+"
            aria-label="Zoom in"
          >
            +
          </Button>
        </span>
      </div>
      {password?.kept && account && <KeptPasswordLine account={account} />}
      <div
        tabIndex={0}
        role="group"
        aria-label={`${fileName}, page ${pageNumber}${pages ? ` of ${pages}` : ''}: arrow keys turn the pages, + and - zoom`}
        ref={frame}
        onKeyDown={onKeyDown}
        css={css`
          overflow: auto;
          background: #fff;
          /* Zoomed in, the page scrolls within its frame, at most a window's height, so the page around it stays put. */
          max-height: ${zoom === 1 ? 'none' : '85vh'};
          overscroll-behavior: contain;
        `}
      >
        <canvas ref={canvas} data-testid="pdf-canvas" data-drawn-page={drawn || undefined} />
      </div>
    </div>
  );
}
