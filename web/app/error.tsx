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
      <h1 id="page-error" className="page-heading">
        Something went wrong on this page
      </h1>
      <p>Your statements are safe; only this page failed to show. Try again, or go back home.</p>
      {error.digest && <p className="fine-print">Reference for support: {error.digest}</p>}
      <p className="actions">
        <button type="button" onClick={reset}>
          Try again
        </button>
        <Link href="/">Go to the home page</Link>
      </p>
    </section>
  );
}
