/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useEffect, useState } from 'react';

/**
 * An image statement, drawn by the browser from storage's own origin as the type the
 * content check verified (an image element runs no script, whatever the file holds).
 */
export default function ImageViewer({ url, fileName }: { url: () => Promise<string>; fileName: string }) {
  const [src, setSrc] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let current = true;
    url().then(
      (signed) => current && setSrc(signed),
      (caught: Error) => current && setError(caught.message),
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (error) return <p role="alert">The preview could not be loaded: {error}</p>;
  if (!src) return <p role="status">Loading the preview…</p>;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a signed URL of the person's own file: nothing to optimise or cache
    <img
      src={src}
      alt={fileName}
      referrerPolicy="no-referrer"
      data-testid="image-preview"
      onError={() => setError('the image could not be shown.')}
      css={css`
        display: block;
        max-width: 100%;
        height: auto;
        margin: 0 auto;
      `}
    />
  );
}
