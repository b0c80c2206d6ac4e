/**
 * Everything the statements page needs to send a file, in one module the page loads when it
 * is first needed (a file chosen, or an unfinished upload to list), not with the page: the
 * checks, hashing, multipart transfer, resumable sessions and the GraphQL questions asked
 * while a file is stored.
 */
export { SAME_FILE, UPLOAD_OUTCOME } from '../graphql';
export { requireStatementAllowed } from '.';
export { startHashWorker } from './hash-worker-client';
export { browserSessions } from './sessions';
export { StatementUpload, abortMultipartUpload } from './statement-upload';
export { SameFileStored, UploadStopped, isRetryable } from './transfer';
