'use client';

import { useEffect } from 'react';
import type { PushNotice } from '@contract';
import { toast } from '@/lib/toast';

/**
 * Registers /sw.js with scope / once the page has loaded; a browser without support just
 * skips it. A notice that arrives while a page is in view comes here from the worker and
 * shows as a toast instead of a notification.
 */
export const ServiceWorker = () => {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<{ type?: string; notice?: PushNotice }>) => {
      if (event.data?.type === 'push' && event.data.notice) toast.info(`${event.data.notice.title}: ${event.data.notice.body}`);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: Error) => {
      console.warn(`service worker not registered: ${error.message}`);
    });
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);
  return null;
};
