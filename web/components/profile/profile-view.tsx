/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useActionState, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { PROFILE_IMAGE_LIMITS, TEXT_LIMITS, formatBytes } from '@contract/uploads';
import { PROFILE_IMAGE_ROUTES } from '@contract/routes';
import { acceptAttribute } from '@contract/file-types';
import { acceptedTypesInWords } from '@contract/upload-rules';
import { useIdToken } from '@/lib/auth-context';
import { graphqlClient } from '@/lib/graphql-client';
import type { AvatarOutcomeData, MeData } from '@/lib/graphql';
import { waitForAvatar, type AvatarAnswer } from '@/lib/avatar-wait';
import { PresignApiError, callPresignApi } from '@/lib/presign-api';
import { PAGES } from '@/lib/routes';
import { theme } from '@/lib/theme';
import { saveDisplayName } from '@/app/(private)/profile/actions';
import { Button, Card, FormError, ProgressBar, TextField } from '../ui';
import { AccountSettings } from './account-settings';

// Cards whose scripts (push subscriptions, the export, closing the account) load after the
// page's own; the server renders them as part of the page.
const NotificationsCard = dynamic(() => import('./notifications-card').then((module) => module.NotificationsCard));
const MailCard = dynamic(() => import('./mail-card').then((module) => module.MailCard));
const ExportCard = dynamic(() => import('./export-card').then((module) => module.ExportCard));
const CloseAccountCard = dynamic(() => import('./close-account-card').then((module) => module.CloseAccountCard));

const AVATAR_SIZE = 96;

/**
 * `me`: the profile the server fetched with the page (missing if it could not). A saved name
 * or a new picture renders the page again on the server, which brings the new profile.
 */
export const ProfileView = ({
  me,
  pictureVersion,
}: {
  me?: MeData['me'];
  /** Its picture's version, where it has one. */ pictureVersion?: string;
}) => {
  const idToken = useIdToken();
  const router = useRouter();
  const [nameState, saveName, saving] = useActionState(saveDisplayName, { status: 'idle' });
  const [avatarUrl, setAvatarUrl] = useState<string>();
  const [progress, setProgress] = useState<{ loaded: number; total: number }>();
  const [avatarError, setAvatarError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  // The picture the page is watching for: a newer choice, or leaving the page, ends an older watch.
  const watching = useRef(0);
  useEffect(
    () => () => {
      watching.current += 1;
    },
    [],
  );

  useEffect(() => {
    if (nameState.status === 'saved') toast.success('Your name is saved.');
  }, [nameState]);

  /** Shows the avatar; `false` while the profile does not name one yet (404). */
  const loadAvatar = useCallback(async (): Promise<boolean> => {
    try {
      const { url } = await callPresignApi('profileImageApiUrl', PROFILE_IMAGE_ROUTES.downloadUrl, await idToken());
      setAvatarUrl(url);
      return true;
    } catch (error) {
      if (!(error instanceof PresignApiError && error.status === 404)) setAvatarError((error as Error).message);
      return false;
    }
  }, [idToken]);

  // The picture as the page arrived with it (the app's own address, kept by the browser a few
  // minutes), until one chosen here replaces it.
  const pictureUrl = avatarUrl ?? (pictureVersion ? `${PAGES.profilePicture}?v=${pictureVersion}` : undefined);

  const chooseAvatar = async (file: File | undefined) => {
    if (!file) return;
    const watch = ++watching.current;
    setAvatarError(undefined);
    setProgress({ loaded: 0, total: file.size });
    try {
      // The upload code comes with the first picture chosen.
      const [{ uploadAvatarFile }, { AVATAR_OUTCOME }] = await Promise.all([import('@/lib/upload'), import('@/lib/graphql')]);
      const outcome = (): Promise<AvatarAnswer | undefined> =>
        graphqlClient()
          .then((client) => client.query<AvatarOutcomeData>({ query: AVATAR_OUTCOME, fetchPolicy: 'network-only' }))
          .then(({ data }) => data && { ...data.me, refusal: data.uploadRefusal });
      // What the profile said before: a picture counts as new only if the profile changed since.
      const before = await outcome();
      await uploadAvatarFile(file, await idToken(), (loaded, total) => setProgress({ loaded, total }));
      // The image is stored; the profile names it once the catalogue has checked it is a real
      // image and the malware scan found it clean, or the catalogue says why it was refused.
      const result = await waitForAvatar(before, {
        // A missed answer is asked again at the next turn.
        ask: () => outcome().catch(() => undefined),
        // Gone from the page, or another picture chosen since (whose own watch takes over).
        open: () => watching.current === watch,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        now: () => Date.now(),
        onSlow: () => {
          toast.info('Your picture is still being checked; it appears here once it is.');
          // Another picture may be chosen meanwhile.
          setProgress(undefined);
        },
      });
      if (result.kind === 'closed') return;
      if (result.kind === 'updated') {
        await loadAvatar();
        toast.success('Your profile picture is updated.');
      }
      if (result.kind === 'refused') setAvatarError(`This picture was not used: it is ${result.reason}.`);
      router.refresh();
    } catch (error) {
      setAvatarError((error as Error).message);
    } finally {
      if (watching.current === watch) setProgress(undefined);
    }
  };

  return (
    <>
      <Card label="Profile picture">
        <h2
          css={css`
            margin: 0 0 0.75rem;
            font-size: 1.2rem;
          `}
        >
          Profile picture
        </h2>
        <div
          css={css`
            display: flex;
            gap: 1rem;
            align-items: center;
            flex-wrap: wrap;
          `}
        >
          {pictureUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- a short-lived presigned URL, not an optimisable asset
            <img
              src={pictureUrl}
              alt="Your profile picture"
              width={AVATAR_SIZE}
              height={AVATAR_SIZE}
              data-testid="avatar"
              css={css`
                border-radius: 50%;
                object-fit: cover;
                border: 1px solid ${theme.color.border};
              `}
            />
          ) : (
            <div
              aria-hidden
              css={css`
                width: ${AVATAR_SIZE}px;
                height: ${AVATAR_SIZE}px;
                border-radius: 50%;
                background: ${theme.color.background};
                display: grid;
                place-items: center;
                font-size: 2rem;
              `}
            >
              {(me?.displayName ?? me?.email ?? '?').slice(0, 1).toUpperCase()}
            </div>
          )}
          <div>
            <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={Boolean(progress)}>
              {pictureUrl ? 'Change picture' : 'Add a picture'}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={acceptAttribute('profileImage')}
              aria-label="Profile picture file"
              css={css`
                display: none;
              `}
              onChange={(event) => {
                void chooseAvatar(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <p
              css={css`
                margin: 0.5rem 0 0;
                color: ${theme.color.muted};
                font-size: 0.9rem;
              `}
            >
              {acceptedTypesInWords('profileImage')}, up to {formatBytes(PROFILE_IMAGE_LIMITS.maxBytes)}.
            </p>
          </div>
        </div>
        {progress && <ProgressBar value={progress.loaded} max={progress.total} label="Profile picture upload" />}
        <FormError message={avatarError} />
      </Card>
      <Card label="Your details">
        <h2
          css={css`
            margin: 0 0 0.75rem;
            font-size: 1.2rem;
          `}
        >
          Your details
        </h2>
        <p>
          E-mail: <strong>{me?.email ?? '…'}</strong>
        </p>
        <form
          action={saveName}
          noValidate
          css={css`
            max-width: 26rem;
          `}
        >
          <TextField
            label="Display name"
            autoComplete="name"
            maxLength={TEXT_LIMITS.displayNameMaxChars}
            name="displayName"
            // Uncontrolled: what the person types, even before the page's script runs, is what
            // the form sends. After a save React resets the form to the profile it renders again.
            defaultValue={me?.displayName ?? ''}
            error={nameState.status === 'error' ? nameState.message : undefined}
          />
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save name'}
          </Button>
        </form>
      </Card>
      <MailCard />
      <NotificationsCard />
      <ExportCard />
      <AccountSettings email={me?.email ?? undefined} />
      <CloseAccountCard />
    </>
  );
};
