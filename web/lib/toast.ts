import { createElement } from 'react';
import type { ToastOptions } from 'react-toastify/unstyled';
import { MESSAGES, TOAST_IDS } from './messages';

/** react-toastify, fetched the first time the page needs it (a toast raised, or its container mounted). */
export const loadToastify = () => import('react-toastify/unstyled');

type Kind = 'success' | 'error' | 'info';

/**
 * A catalogue message keeps its stable id whoever raises it: the session's end reported by
 * the tab and by the action that found it shows once.
 */
const CATALOGUE_IDS = new Map<string, string>(
  Object.entries(TOAST_IDS).map(([key, id]) => [MESSAGES[key as keyof typeof TOAST_IDS], id]),
);

const raise = (kind: Kind) => (message: string, options?: ToastOptions) =>
  void loadToastify().then(({ toast: toastify }) =>
    toastify[kind](message, { toastId: CATALOGUE_IDS.get(message), ...options }),
  );

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
