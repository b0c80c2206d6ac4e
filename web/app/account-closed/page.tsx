import type { Metadata } from 'next';
import Link from 'next/link';
import { PageTitle } from '@/components/page-title';
import { ClosedAccountSummary } from '@/components/closed-account-summary';
import { PAGES } from '@/lib/routes';

export const metadata: Metadata = { title: 'Account closed' };

/**
 * Where a closed account leads: what deletion removed, said plainly. The figures come from
 * the tab that closed it; another browser still signed in comes here signed out, told why.
 */
export default async function AccountClosedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { elsewhere } = await searchParams;
  return (
    <section aria-labelledby="account-closed" data-testid="account-closed">
      <PageTitle lead="Everything that was in it is deleted, and nothing of it can be read any more.">
        <span id="account-closed">Your account is closed</span>
      </PageTitle>
      {elsewhere !== undefined && (
        <p role="status">
          <strong>This account was closed, so this browser is signed out.</strong> It was closed from another browser or device.
        </p>
      )}
      <ClosedAccountSummary />
      <p>
        Every statement and your profile picture are gone, with every earlier version the storage kept of them; so are your profile, the
        records of your statements and your sign-in. A download link made before the account was closed no longer opens anything.
      </p>
      <p>
        <Link href={PAGES.home}>Go to the home page</Link> · <Link href={PAGES.signUp}>Create a new account</Link>
      </p>
    </section>
  );
}
