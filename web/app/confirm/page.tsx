import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ConfirmForm } from '@/components/auth/confirm-form';
import { PageTitle } from '@/components/page-title';

export const metadata: Metadata = { title: 'Confirm your e-mail' };

export default function ConfirmPage() {
  return (
    <>
      <PageTitle lead="Enter the code we e-mailed you.">Confirm your e-mail</PageTitle>
      <Suspense>
        <ConfirmForm />
      </Suspense>
    </>
  );
}
