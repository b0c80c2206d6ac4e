/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { ModalDialog, dialogActions } from '../modal-dialog';
import { Button } from '../ui';

/** A modal question: Escape or Cancel says no. */
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
  return (
    <ModalDialog open={open} labelledBy="confirm-title" onCancel={onCancel}>
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
      <div css={dialogActions}>
        <Button variant="secondary" onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
};

export default ConfirmDialog;
