import type { ReactNode } from 'react';
import { requireSession } from '@/lib/server-session';

/**
 * The one guard of every private page. The proxy already sends signed-out visitors to
 * sign in (with the page to come back to); this holds the same rule where the page renders.
 */
export default async function PrivateLayout({ children }: { children: ReactNode }) {
  await requireSession();
  return <>{children}</>;
}
