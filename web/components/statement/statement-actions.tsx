/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Suspense, lazy, useState } from 'react';
import { useIdToken } from '@/lib/auth-context';
import type { StatementListItem } from '@/lib/graphql';
import { PAGES, shareStatementsHref } from '@/lib/routes';
import * as actions from '@/lib/statement-actions';
import { toast, toastWithAction } from '@/lib/toast';
import { Button, buttonStyle } from '../ui';

/** The dialogs' code comes with the first Edit or Delete pressed. */
const ConfirmDialog = lazy(() => import('../statements/confirm-dialog'));
const EditDialog = lazy(() => import('../statements/edit-dialog'));

/**
 * Everything that can be done with one statement, where the statement is: download, share,
 * file it elsewhere (its name, account, period), delete. Download and share only once the
 * malware scan found it clean.
 */
export const StatementActions = ({ statement }: { statement: StatementListItem }) => {
  const router = useRouter();
  const idToken = useIdToken();
  const [editing, setEditing] = useState<StatementListItem[]>([]);
  const [deleting, setDeleting] = useState(false);
  // Once shown, a dialog stays mounted, so closing it returns focus where it was.
  const [askedToEdit, setAskedToEdit] = useState(false);
  const [askedToDelete, setAskedToDelete] = useState(false);
  const clean = statement.status === 'AVAILABLE';

  const download = async () => {
    try {
      await actions.downloadStatement(statement, idToken);
    } catch (caught) {
      toast.error((caught as Error).message);
    }
  };

  const restore = async () => {
    try {
      await actions.restoreStatements([statement], idToken);
      toast.success(actions.restoredWords([statement]));
    } catch (caught) {
      toast.error((caught as Error).message);
    }
    router.refresh();
  };

  const remove = async () => {
    setDeleting(false);
    try {
      await actions.deleteStatements([statement], idToken);
      toastWithAction(actions.deletedWords([statement]), { label: 'Undo', run: () => void restore() });
      // Its page is gone with it: back to the list it was in.
      router.push(PAGES.statements);
    } catch (caught) {
      toast.error((caught as Error).message);
    }
  };

  return (
    <div
      role="toolbar"
      aria-label="This statement"
      css={css`
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        margin: 0 0 1rem;
      `}
    >
      {clean && <Button onClick={() => void download()}>Download</Button>}
      {clean && (
        <Link href={shareStatementsHref([statement.id])} css={buttonStyle('secondary')}>
          Share…
        </Link>
      )}
      <Button
        variant="secondary"
        onClick={() => {
          setAskedToEdit(true);
          setEditing([statement]);
        }}
      >
        Edit…
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          setAskedToDelete(true);
          setDeleting(true);
        }}
      >
        Delete…
      </Button>
      {askedToEdit && (
        <Suspense>
          <EditDialog
            statements={editing}
            onClose={() => setEditing([])}
            onDone={() => {
              setEditing([]);
              toast.success('Saved.');
              router.refresh();
            }}
          />
        </Suspense>
      )}
      {askedToDelete && (
        <Suspense>
          <ConfirmDialog
            open={deleting}
            {...actions.deleteQuestion([statement])}
            confirmLabel="Delete"
            onConfirm={() => void remove()}
            onCancel={() => setDeleting(false)}
          />
        </Suspense>
      )}
    </div>
  );
};
