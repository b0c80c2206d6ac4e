'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useAuth } from '@/lib/auth-context';

/** Signed-in visitors of a public page go straight to where their data is. */
export const RedirectIfSignedIn = ({ to }: { to: string }) => {
  const { state } = useAuth();
  const router = useRouter();
  useEffect(() => {
    if (state.status === 'signedIn') router.replace(to);
  }, [state.status, router, to]);
  return null;
};
