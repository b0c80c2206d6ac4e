import type { Metadata } from 'next';
import Link from 'next/link';
import { PageTitle } from '@/components/page-title';

export const metadata: Metadata = { title: 'Page not found' };

/** Any address the app does not have: said plainly, with the ways back. */
export default function NotFound() {
  return (
    <section aria-labelledby="not-found" data-testid="not-found">
      <PageTitle lead="The address may be mistyped, or the page may have moved.">
        <span id="not-found">This page is not in the vault</span>
      </PageTitle>
      <p>
        <Link href="/">Go to the home page</Link> · <Link href="/statements">Your statements</Link>
      </p>
    </section>
  );
}
