import type { Metadata } from 'next';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { PageTitle } from '@/components/page-title';

export const metadata: Metadata = { title: 'Create an account' };

export default function SignUpPage() {
  return (
    <>
      <PageTitle lead="Your e-mail address is your username. We send a code to confirm it.">Create an account</PageTitle>
      <SignUpForm />
    </>
  );
}
