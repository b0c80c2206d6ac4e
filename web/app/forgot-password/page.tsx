import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { PageTitle } from '@/components/page-title';

export const metadata: Metadata = { title: 'Reset your password' };

export default function ForgotPasswordPage() {
  return (
    <>
      <PageTitle lead="We e-mail you a code; then you choose a new password.">Reset your password</PageTitle>
      <ForgotPasswordForm />
    </>
  );
}
