/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { theme } from '@/lib/theme';

/** A dialog's buttons: at its end, side by side where they fit. */
export const dialogActions = css`
  display: flex;
  gap: 0.75rem;
  justify-content: flex-end;
  flex-wrap: wrap;
`;

/**
 * A modal on the native <dialog>: shown while `open`, focus trapped inside, Escape asks the
 * owner to close it (`onCancel`), and focus returns where it was when it closes.
 */
export const ModalDialog = ({
  open,
  labelledBy,
  onCancel,
  children,
}: {
  open: boolean;
  labelledBy: string;
  onCancel: () => void;
  children: ReactNode;
}) => {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      css={css`
        border: 1px solid ${theme.color.border};
        border-radius: ${theme.radius};
        padding: 1.25rem;
        width: min(28rem, calc(100vw - 2rem));
        box-sizing: border-box;
        background: ${theme.color.surface};
        color: ${theme.color.text};
        &::backdrop {
          background: rgb(17 24 39 / 50%);
        }
      `}
    >
      {children}
    </dialog>
  );
};
