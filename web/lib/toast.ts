import type { ToastOptions } from 'react-toastify/unstyled';

/** react-toastify, fetched the first time the page needs it (a toast raised, or its container mounted). */
export const loadToastify = () => import('react-toastify/unstyled');

type Kind = 'success' | 'error' | 'info';

const raise = (kind: Kind) => (message: string, options?: ToastOptions) =>
  void loadToastify().then(({ toast: toastify }) => toastify[kind](message, options));

/**
 * The app's toasts. Every toast follows something the person did or something the page
 * learned, never the first paint, so react-toastify loads with the first one instead of
 * with every page; one raised before the container mounts waits in its queue.
 */
export const toast = { success: raise('success'), error: raise('error'), info: raise('info') };
