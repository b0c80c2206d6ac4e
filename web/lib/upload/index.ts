import { PROFILE_IMAGE_ROUTES } from '@contract/routes';
import { checkUpload, contentTypeForFile, statementTextProblem } from '@contract/upload-rules';
import { sha256Base64 } from '@contract/checksums';
import type { UploadKind } from '@contract/file-types';
import { callPresignApi } from '../presign-api';
import { UploadRuleError, putWithProgress } from './transfer';

export {
  SameFileStored,
  UploadRuleError,
  UploadStopped,
  UploadTransferError,
  isRetryable,
  putWithProgress,
  type StopReason,
} from './transfer';
export { StatementUpload, type StatementUploadInput, type UploadPhase } from './statement-upload';

/** Checks type and size with the contract's rules; throws UploadRuleError. Returns the type to send. */
export const requireUploadAllowed = (kind: UploadKind, file: File): string => {
  const contentType = contentTypeForFile(file.name, file.type);
  const check = checkUpload(kind, contentType, file.size);
  if (!check.ok) throw new UploadRuleError(check.message);
  return check.contentType;
};

/**
 * Every rule the statements API applies to a file and its labels, before any byte is
 * sent: type, size, and the name and label (characters, control characters, encoded size).
 */
export const requireStatementAllowed = (file: File, accountLabel: string): string => {
  const contentType = requireUploadAllowed('statement', file);
  const problem = statementTextProblem(file.name, accountLabel);
  if (problem) throw new UploadRuleError(`${problem}.`);
  return contentType;
};

export const uploadAvatarFile = async (file: File, idToken: string, onProgress: (loaded: number, total: number) => void): Promise<void> => {
  const contentType = requireUploadAllowed('profileImage', file);
  const checksum = await sha256Base64(await file.arrayBuffer());
  const signed = await callPresignApi('profileImageApiUrl', PROFILE_IMAGE_ROUTES.uploadUrl, idToken, {
    body: { contentType, size: file.size, checksum },
  });
  await putWithProgress(signed.url, signed.headers, file, (loaded) => onProgress(loaded, file.size));
};
