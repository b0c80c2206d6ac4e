'use client';

import Link from 'next/link';
import { useEffect } from 'react';

/** A page that failed to render: what happened, a retry, and the way home. Nothing of the error's details. */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section aria-labelledby="page-error" data-testid="page-error">
      <h1 id="page-error" style={{ fontSize: '1.6rem', margin: '0 0 0.35rem' }}>
        Something went wrong on this page
      </h1>
      <p>Your statements are safe; only this page failed to show. Try again, or go back home.</p>
      {error.digest && <p style={{ fontSize: '0.9rem' }}>Reference for support: {error.digest}</p>}
      <p style={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
        <button type="button" onClick={reset}>
          Try again
        </button>
        <Link href="/">Go to the home page</Link>
      </p>
    </section>
  );
}
