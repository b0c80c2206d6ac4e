'use client';

import { useEffect } from 'react';
import type { PushNotice } from '@contract';
import { SHARE_TARGET, SHARE_TARGET_WORKER } from '@contract/share-target';
import { toast } from '@/lib/toast';

/**
 * Registers /sw.js with scope / once the page has loaded, and the share target's worker
 * with its one address as scope; a browser without support just skips them. A notice that arrives while a page is in view comes here from the worker and
 * shows as a toast instead of a notification.
 */
export const ServiceWorker = () => {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<{ type?: string; notice?: PushNotice }>) => {
      if (event.data?.type === 'push' && event.data.notice) toast.info(`${event.data.notice.title}: ${event.data.notice.body}`);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    const register = (script: string, scope: string) =>
      navigator.serviceWorker.register(script, { scope }).catch((error: Error) => {
        console.warn(`service worker ${script} not registered: ${error.message}`);
      });
    void register('/sw.js', '/');
    void register(SHARE_TARGET_WORKER, SHARE_TARGET.action);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);
  return null;
};
