import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SignInForm } from '@/components/auth/sign-in-form';
import { PageTitle } from '@/components/page-title';

export const metadata: Metadata = { title: 'Sign in' };

export default function SignInPage() {
  return (
    <>
      <PageTitle>Sign in</PageTitle>
      <Suspense>
        <SignInForm />
      </Suspense>
    </>
  );
}
