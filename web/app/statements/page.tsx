import type { Metadata } from 'next';
import { RequireAuth } from '@/components/require-auth';
import { StatementsView } from '@/components/statements/statements-view';
import { PageTitle } from '@/components/page-title';

export const metadata: Metadata = { title: 'Statements' };

export default function StatementsPage() {
  return (
    <>
      <PageTitle lead="Upload, find, download and delete your statements.">Statements</PageTitle>
      <RequireAuth>
        <StatementsView />
      </RequireAuth>
    </>
  );
}
