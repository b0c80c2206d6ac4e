import type { Metadata } from 'next';
import { ProfileView } from '@/components/profile/profile-view';
import { PageTitle } from '@/components/page-title';
import { ME } from '@/lib/graphql';
import { PAGES } from '@/lib/routes';
import { serverQuery } from '@/lib/server-graphql';
import { requireSession } from '@/lib/server-session';

export const metadata: Metadata = { title: 'Profile' };

/** The profile comes with the page, fetched here with the person's token; the name form saves through a form action. */
export default async function ProfilePage() {
  const session = await requireSession(PAGES.profile);
  const me = await serverQuery(session, ME);
  return (
    <>
      <PageTitle>Profile</PageTitle>
      <ProfileView me={me?.me} />
    </>
  );
}
