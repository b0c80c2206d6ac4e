'use client';

import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { loadToastify } from '@/lib/toast';
import { TOAST_OPTIONS } from '@/lib/toast-options';

/**
 * The toast container wraps every page but shows nothing until a toast is raised: its code
 * and its stylesheet load right after hydration, not with the page.
 */
const ToastContainer = dynamic(() => loadToastify().then((toastify) => toastify.ToastContainer), { ssr: false });

export const Toasts = () => {
  useEffect(() => void import('react-toastify/ReactToastify.css'), []);
  return <ToastContainer {...TOAST_OPTIONS} />;
};
