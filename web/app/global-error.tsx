'use client';

import Link from 'next/link';

/**
 * When the root layout itself fails, nothing of the app's shell renders: this page brings
 * its own html and body, unstyled: the app's styles are part of what failed.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <main>
          <h1>Statement Vault is having trouble</h1>
          <p>Your statements are safe; the app could not start. Try again in a moment.</p>
          {error.digest && <p>Reference for support: {error.digest}</p>}
          <p>
            <button type="button" onClick={reset}>
              Try again
            </button>{' '}
            <Link href="/">Go to the home page</Link>
          </p>
        </main>
      </body>
    </html>
  );
}
