import type { Metadata } from 'next';
import Link from 'next/link';
import { PROFILE_IMAGE_LIMITS, STATEMENT_LIMITS, formatBytes } from '@contract/uploads';
import { acceptedTypesInWords } from '@contract/upload-rules';

export const metadata: Metadata = { title: { absolute: 'Statement Vault: your statements, private' } };

/** The landing page: server-rendered, no data fetching, limits straight from the contract. */
export default function HomePage() {
  return (
    <>
      <h1 className="hero-heading">Your financial statements, in one private place.</h1>
      <p className="hero-lead">
        Keep bank, card and brokerage statements and payslips together. Upload them by dragging them in, find them by period and account,
        and download them whenever you need them. Only you can ever list, read or replace your files.
      </p>
      <p className="actions hero-actions">
        <Link href="/sign-up" className="cta cta-primary">
          Create an account
        </Link>
        <Link href="/sign-in" className="cta">
          Sign in
        </Link>
      </p>
      <h2 className="section-heading">What you can store</h2>
      <ul>
        <li>
          Statements as {acceptedTypesInWords('statement')} files, up to {formatBytes(STATEMENT_LIMITS.maxBytes)} each.
        </li>
        <li>
          A profile picture as {acceptedTypesInWords('profileImage')}, up to {formatBytes(PROFILE_IMAGE_LIMITS.maxBytes)}.
        </li>
        <li>Download links last {STATEMENT_LIMITS.downloadUrlSeconds} seconds and are made for you alone.</li>
      </ul>
    </>
  );
}
