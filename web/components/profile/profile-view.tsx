/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { PROFILE_IMAGE_LIMITS, PROFILE_IMAGE_ROUTES, TEXT_LIMITS, acceptAttribute, acceptedTypesInWords, formatBytes } from '@contract';
import { useAuth, useIdToken } from '@/lib/auth-context';
import { AVATAR_OUTCOME, ME, UPDATE_PROFILE, type AvatarOutcomeData, type MeData } from '@/lib/graphql';
import { useServerData } from '@/lib/use-server-data';
import { PresignApiError, callPresignApi } from '@/lib/presign-api';
import { theme } from '@/lib/theme';
import { uploadAvatarFile } from '@/lib/upload';
import { Button, Card, FormError, ProgressBar, TextField } from '../ui';

const AVATAR_SIZE = 96;
/** How long the page waits for a new picture's check and malware scan before saying it is still under way. */
const AVATAR_CHECK_MS = 30_000;

/** `initial`: the profile the server fetched with the page. */
export const ProfileView = ({ initial }: { initial?: MeData }) => {
  const fromServer = useServerData(ME, {}, initial);
  const { signOut } = useAuth();
  const idToken = useIdToken();
  const client = useApolloClient();
  const { data, refetch } = useQuery(ME, { fetchPolicy: fromServer ? 'cache-first' : 'cache-and-network' });
  const [updateProfile, { loading: saving }] = useMutation(UPDATE_PROFILE);
  const [displayName, setDisplayName] = useState(initial?.me.displayName ?? '');
  const [nameError, setNameError] = useState<string>();
  const [avatarUrl, setAvatarUrl] = useState<string>();
  const [progress, setProgress] = useState<{ loaded: number; total: number }>();
  const [avatarError, setAvatarError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const me = data?.me;

  // The field follows the profile when it changes (saved here or elsewhere), as React
  // adjusts state to a changed input: during render, not in an effect.
  const [shownName, setShownName] = useState(me?.displayName);
  if (me?.displayName !== shownName) {
    setShownName(me?.displayName);
    if (me?.displayName) setDisplayName(me.displayName);
  }

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

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching the avatar's short-lived URL from the API, which is what effects are for
    if (me?.avatarKey) void loadAvatar();
  }, [me?.avatarKey, loadAvatar]);

  const chooseAvatar = async (file: File | undefined) => {
    if (!file) return;
    setAvatarError(undefined);
    setProgress({ loaded: 0, total: file.size });
    try {
      const outcome = () =>
        client.query<AvatarOutcomeData>({ query: AVATAR_OUTCOME, fetchPolicy: 'network-only' }).then((result) => result.data);
      const before = await outcome();
      await uploadAvatarFile(file, await idToken(), (loaded, total) => setProgress({ loaded, total }));
      // The image is stored; the profile names it once the catalogue has checked it is a real
      // image and the malware scan found it clean, or the catalogue says why it was refused.
      const deadline = Date.now() + AVATAR_CHECK_MS;
      for (;;) {
        const now = await outcome();
        if (now?.me.updatedAt !== before?.me.updatedAt && now?.me.avatarKey) {
          await loadAvatar();
          toast.success('Your profile picture is updated.');
          break;
        }
        if (now?.uploadRefusal && now.uploadRefusal.refusedAt !== before?.uploadRefusal?.refusedAt) {
          setAvatarError(`This picture was not used: it is ${now.uploadRefusal.reason}.`);
          break;
        }
        if (Date.now() > deadline) {
          toast.info('Your picture is still being checked; it appears here once it is.');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      void refetch();
    } catch (error) {
      setAvatarError((error as Error).message);
    } finally {
      setProgress(undefined);
    }
  };

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const name = displayName.trim();
    if (!name || name.length > TEXT_LIMITS.displayNameMaxChars) {
      setNameError(`Use 1 to ${TEXT_LIMITS.displayNameMaxChars} characters.`);
      return;
    }
    setNameError(undefined);
    try {
      await updateProfile({ variables: { input: { displayName: name } } });
      toast.success('Your name is saved.');
    } catch (error) {
      setNameError((error as Error).message);
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
          {avatarUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- a short-lived presigned URL, not an optimisable asset
            <img
              src={avatarUrl}
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
            <Button onClick={() => fileInput.current?.click()} disabled={Boolean(progress)}>
              {avatarUrl ? 'Change picture' : 'Add a picture'}
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
          onSubmit={saveName}
          noValidate
          css={css`
            max-width: 26rem;
          `}
        >
          <TextField
            label="Display name"
            autoComplete="name"
            maxLength={TEXT_LIMITS.displayNameMaxChars}
            value={displayName}
            error={nameError}
            onChange={(e) => setDisplayName(e.target.value)}
          />
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save name'}
          </Button>
        </form>
      </Card>
      <Card label="Session">
        <Button variant="secondary" onClick={() => void signOut()}>
          Sign out
        </Button>
      </Card>
    </>
  );
};
