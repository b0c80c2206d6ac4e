import { PROFILE_IMAGE_LIMITS } from '../../contract/uploads';
import { PROFILE_IMAGE_ROUTES } from '../../contract/routes';
import { profileImageKey } from '../../contract/keys';
import type { PresignedDownload, ProfileImageUploadResponse } from '../../contract/api';
import { notFound } from '../shared/errors';
import { createRouter, on, type Admit, type Cors } from '../shared/http';
import type { Log } from '../shared/log';
import type { RecordStore } from '../shared/records';
import type { Presigner } from '../shared/s3';
import { requireAllowedUpload } from '../shared/upload-check';

export interface ProfileImageDeps {
  /** Refuses a caller before any route runs (see refuseClosingAccounts). @default every signed-in caller */
  admit?: Admit;
  presigner: Presigner;
  records: RecordStore;
  log: Log;
  cors: Cors;
}

/** The profile image API: one avatar per user, always at the caller's own key. */
export const createProfileImageApi = (deps: ProfileImageDeps) =>
  createRouter(
    [
      on(PROFILE_IMAGE_ROUTES.uploadUrl, async ({ sub, body }) => {
        const request = body();
        const contentType = requireAllowedUpload('profileImage', request.contentType, request.size);
        const key = profileImageKey(sub);
        const put = await deps.presigner.put({
          key,
          contentType,
          contentLength: request.size,
          checksum: request.checksum,
          expiresIn: PROFILE_IMAGE_LIMITS.uploadUrlSeconds,
        });
        const answer: ProfileImageUploadResponse = { ...put, key };
        return { status: 200, body: answer };
      }),
      on(PROFILE_IMAGE_ROUTES.downloadUrl, async ({ sub }) => {
        // The profile knows whether an avatar exists (the catalogue records it once S3 has
        // it), so S3 is never asked about a key that may be missing.
        const key = profileImageKey(sub);
        if ((await deps.records.getAvatarKey(sub)) !== key) throw notFound('No profile image has been set yet.');
        const answer: PresignedDownload = await deps.presigner.get({
          key,
          expiresIn: PROFILE_IMAGE_LIMITS.downloadUrlSeconds,
        });
        return { status: 200, body: answer };
      }),
    ],
    deps,
  );
