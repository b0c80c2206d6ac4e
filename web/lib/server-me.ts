import { createHash } from 'node:crypto';
import { cache } from 'react';
import { ME, type MeData } from './graphql';
import { serverQuery } from './server-graphql';
import type { ServerSession } from './server-session';

/**
 * The person's profile, read once per request by their token: the root layout (the header's
 * name and picture) and the profile page both need it, and a render asks AppSync once.
 */
const meByToken = cache((idToken: string): Promise<MeData | undefined> => serverQuery({ idToken }, ME));

export const serverMe = (session: Pick<ServerSession, 'idToken'>): Promise<MeData | undefined> => meByToken(session.idToken);

/**
 * The version of a profile picture in its address (`/profile/picture?v=…`): a digest of its
 * key, so a new picture is a new address the browser has not kept, and no key is in a URL.
 */
export const pictureVersionOf = (avatarKey: string | null | undefined): string | undefined =>
  avatarKey ? createHash('sha256').update(avatarKey).digest('base64url').slice(0, 16) : undefined;
