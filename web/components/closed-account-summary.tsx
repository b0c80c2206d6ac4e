'use client';

import { useEffect, useState } from 'react';
import { formatBytes } from '@contract/uploads';
import type { AccountDeletion } from '@contract/account';
import { recallClosedAccount } from '@/lib/account-closed';
import { countOf, formatDateTime } from '@contract/format';

/** The figures of the deletion this tab ran, if it ran one: what it removed, counted as it went. */
export const ClosedAccountSummary = () => {
  const [deletion, setDeletion] = useState<AccountDeletion>();
  useEffect(() => {
    const recalled = recallClosedAccount();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- session storage exists only in the browser, after hydration
    if (recalled) setDeletion(recalled);
  }, []);
  if (!deletion) return null;
  const { counts } = deletion;
  return (
    <ul data-testid="deleted-counts">
      <li>
        {countOf(counts.statements, 'statement')} and {countOf(counts.otherRecords, 'other record')} deleted
      </li>
      <li>
        {countOf(counts.objectVersions, 'stored file version')} deleted ({formatBytes(counts.bytes)})
      </li>
      {counts.uploadsAborted > 0 && <li>{countOf(counts.uploadsAborted, 'upload')} under way stopped</li>}
      {(counts.shares ?? 0) > 0 && <li>{countOf(counts.shares, 'share link')} withdrawn and deleted</li>}
      <li>{counts.signInDeleted ? 'Your sign-in is deleted' : 'Your sign-in is being deleted'}</li>
      {deletion.finishedAt && <li>Finished {formatDateTime(deletion.finishedAt)}</li>}
    </ul>
  );
};
