import type { Metadata } from 'next';
import { SHARE_PAGE_OWN_REFERRER_POLICY } from '@contract/share-pages';
import { ShareOpener } from '@/components/shares/share-opener';

export const metadata: Metadata = {
  title: 'Shared statements',
  robots: { index: false, follow: false, nocache: true },
  referrer: SHARE_PAGE_OWN_REFERRER_POLICY,
};

/**
 * A share's page, for someone without an account: one page for every share, whose link
 * holds the secret in its fragment (`/s#{secret}`). What it shows comes from the page's
 * action (components/shares/share-opener.tsx), which takes the link in a POST body; no
 * analytics runs here (the proxy and the root layout leave it out).
 */
export default function SharedStatementsPage() {
  return <ShareOpener />;
}
