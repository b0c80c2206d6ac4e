import type { Metadata } from 'next';
import { ProfileView } from '@/components/profile/profile-view';
import { RequireAuth } from '@/components/require-auth';
import { PageTitle } from '@/components/page-title';

export const metadata: Metadata = { title: 'Profile' };

export default function ProfilePage() {
  return (
    <>
      <PageTitle>Profile</PageTitle>
      <RequireAuth>
        <ProfileView />
      </RequireAuth>
    </>
  );
}
