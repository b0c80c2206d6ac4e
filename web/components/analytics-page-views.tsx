'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { PAGE_VIEW_FUNCTION } from '@/lib/analytics';

/**
 * A page view for each path shown, the first and every client-side navigation's, through
 * the set-up script's function (lib/analytics.ts), which gives gtag the address without its
 * query. A change of the query alone (the search as it is typed) is no new page.
 */
export const AnalyticsPageViews = () => {
  const pathname = usePathname();
  useEffect(() => {
    (window as unknown as Record<string, (() => void) | undefined>)[PAGE_VIEW_FUNCTION]?.();
  }, [pathname]);
  return null;
};
