'use client';

import { useEffect } from 'react';

/** Registers /sw.js with scope / once the page has loaded; a browser without support just skips it. */
export const ServiceWorker = () => {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: Error) => {
      console.warn(`service worker not registered: ${error.message}`);
    });
  }, []);
  return null;
};
