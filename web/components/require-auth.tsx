'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { useAuth } from '@/lib/auth-context';

/**
 * Private pages: a signed-out visitor goes to /sign-in, and comes back here after signing
 * in; someone who just signed out here goes to /sign-in plainly.
 */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const { state } = useAuth();
  const router = useRouter();
  const pathname = usePathname();
  const byChoice = state.status === 'signedOut' && state.byChoice === true;
  useEffect(() => {
    if (state.status === 'signedOut') router.replace(byChoice ? '/sign-in' : `/sign-in?next=${encodeURIComponent(pathname)}`);
  }, [state.status, byChoice, router, pathname]);
  if (state.status !== 'signedIn') {
    return <p role="status">{state.status === 'loading' ? 'Checking your session…' : 'Redirecting to sign in…'}</p>;
  }
  return <>{children}</>;
};
