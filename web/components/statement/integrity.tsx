/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { STATEMENT_LIMITS, formatBytes } from '@contract/uploads';
import { checksumHex } from '@contract/checksums';
import type { StatementListItem } from '@/lib/graphql';
import { theme } from '@/lib/theme';

/**
 * What storage verified of the file: S3 refused any byte whose SHA-256 differed from the
 * one the upload was signed with, so the checksum shown is the file's. A file sent in parts
 * has S3's composite checksum (the SHA-256 of its parts' SHA-256s).
 */
export const Integrity = ({ item }: { item: StatementListItem }) => {
  if (!item.checksum || !item.checksumType) return null;
  const parts = item.checksumType === 'COMPOSITE' ? item.checksum.split('-')[1] : undefined;
  return (
    <details
      data-testid="integrity"
      css={css`
        font-size: 0.85rem;
        color: ${theme.color.muted};
        margin-top: 0.2rem;
      `}
    >
      <summary>Integrity verified by storage</summary>
      <span>
        {parts ? `SHA-256 of its ${parts} parts of ${formatBytes(STATEMENT_LIMITS.partBytes)} (S3 composite): ` : 'SHA-256: '}
        <code
          css={css`
            word-break: break-all;
          `}
        >
          {checksumHex(item.checksum)}
        </code>
      </span>
    </details>
  );
};
