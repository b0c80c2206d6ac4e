/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import { theme } from '@/lib/theme';
import { Button } from '../ui';

/** A modal question on the native <dialog>: focus is trapped, Escape cancels, focus returns after. */
export const ConfirmDialog = ({
  open,
  title,
  body,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
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
      aria-labelledby="confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      css={css`
        border: 1px solid ${theme.color.border};
        border-radius: ${theme.radius};
        padding: 1.25rem;
        max-width: min(26rem, calc(100vw - 2rem));
        &::backdrop {
          background: rgb(17 24 39 / 50%);
        }
      `}
    >
      <h2
        id="confirm-title"
        css={css`
          margin: 0 0 0.5rem;
          font-size: 1.2rem;
        `}
      >
        {title}
      </h2>
      <p>{body}</p>
      <div
        css={css`
          display: flex;
          gap: 0.75rem;
          justify-content: flex-end;
          flex-wrap: wrap;
        `}
      >
        <Button variant="secondary" onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
};

export default ConfirmDialog;
