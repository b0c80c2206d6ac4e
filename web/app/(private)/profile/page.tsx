import type { Metadata } from 'next';
import { ProfileView } from '@/components/profile/profile-view';
import { PageTitle } from '@/components/page-title';
import { PAGES } from '@/lib/routes';
import { pictureVersionOf, serverMe } from '@/lib/server-me';
import { requireSession } from '@/lib/server-session';

export const metadata: Metadata = { title: 'Profile' };

/** The profile comes with the page, fetched here with the person's token; the name form saves through a form action. */
export default async function ProfilePage() {
  const session = await requireSession(PAGES.profile);
  const me = await serverMe(session);
  return (
    <>
      <PageTitle>Profile</PageTitle>
      <ProfileView me={me?.me} pictureVersion={pictureVersionOf(me?.me.avatarKey)} />
    </>
  );
}
