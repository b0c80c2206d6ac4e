import { createElement } from 'react';
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

/**
 * A success toast with one thing to do about it (e.g. Undo): a button after the message.
 * A click anywhere on the toast closes it, as every toast does; on the button it also acts.
 */
export const toastWithAction = (message: string, action: { label: string; run: () => void }) =>
  void loadToastify().then(({ toast: toastify }) =>
    toastify.success(
      createElement(
        'span',
        null,
        `${message} `,
        createElement('button', { type: 'button', className: 'toast-action', onClick: action.run }, action.label),
      ),
    ),
  );
