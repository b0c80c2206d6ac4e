import type { ToastContainerProps } from 'react-toastify/unstyled';

/** The product's toasts: bottom-right, auto-close after 5000 ms, progress bar, close on click, pause on hover, coloured. */
export const TOAST_OPTIONS = {
  position: 'bottom-right',
  autoClose: 5000,
  hideProgressBar: false,
  closeOnClick: true,
  pauseOnHover: true,
  theme: 'colored',
} as const satisfies ToastContainerProps;
