import { checkUpload, uploadSizeProblem } from '../../contract/upload-rules';
import type { UploadKind } from '../../contract/file-types';
import { ApiError } from './errors';

/** Applies the contract's upload rules; refuses with 415, 413 or 400 before anything is signed. */
export const requireAllowedUpload = (kind: UploadKind, contentType: string, size: number): string => {
  const check = checkUpload(kind, contentType, size);
  if (!check.ok) throw new ApiError(check.code, check.message);
  return check.contentType;
};

export const requireAllowedSize = (kind: UploadKind, size: number): void => {
  const problem = uploadSizeProblem(kind, size);
  if (problem) throw new ApiError(problem.code, problem.message);
};
