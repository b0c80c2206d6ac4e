/**
 * Multipart uploads in progress, remembered in this browser so that a reload, a crash or a
 * dropped connection does not lose them: on return the app offers to resume (the person
 * chooses the same file again; the parts S3 already holds are not sent twice) or to discard
 * (the upload is aborted). Kept per signed-in user. A browser cannot reopen a file by itself
 * after a reload, and copying a 1 GiB file into browser storage to avoid the choice would
 * cost as much as the upload; so the app asks for the file and checks it is the same one
 * by its checksum.
 */
export interface UploadSession {
  statementId: string;
  uploadId: string;
  fileName: string;
  size: number;
  lastModified: number;
  contentType: string;
  accountLabel: string;
  period: string;
  /** The composite checksum the upload declared: a file chosen again must have it. */
  checksum: string;
  startedAt: string;
}

export interface SessionStore {
  list(): UploadSession[];
  save(session: UploadSession): void;
  forget(statementId: string): void;
}

const KEY_PREFIX = 'statement-vault.uploads.';

const isSession = (value: unknown): value is UploadSession => {
  const session = value as Partial<UploadSession> | null;
  return (
    typeof session === 'object' &&
    session !== null &&
    typeof session.statementId === 'string' &&
    typeof session.uploadId === 'string' &&
    typeof session.fileName === 'string' &&
    typeof session.size === 'number' &&
    typeof session.checksum === 'string'
  );
};

/** The sessions of one user in `localStorage` (or any Storage); nothing is kept where storage is unavailable. */
export const browserSessions = (owner: string, storage: Storage | undefined = globalThis.localStorage): SessionStore => {
  const key = `${KEY_PREFIX}${owner}`;
  const read = (): UploadSession[] => {
    try {
      const value: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      return Array.isArray(value) ? value.filter(isSession) : [];
    } catch {
      return [];
    }
  };
  const write = (sessions: UploadSession[]) => {
    try {
      if (sessions.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(sessions));
    } catch {
      // Storage full or disabled: the upload still runs, it just cannot be resumed after a reload.
    }
  };
  return {
    list: read,
    save(session) {
      write([...read().filter((known) => known.statementId !== session.statementId), session]);
    },
    forget(statementId) {
      write(read().filter((known) => known.statementId !== statementId));
    },
  };
};

/** Nothing remembered (single uploads, tests). */
export const noSessions: SessionStore = { list: () => [], save: () => undefined, forget: () => undefined };
