import type { AccountDetails } from '@contract/accounts/details';
import { STATEMENT_LIMITS, partSizes } from '@contract/uploads';
import { STATEMENT_ROUTES, type RouteInput, type RouteResponse } from '@contract/routes';
import type { PartUrlsResponse } from '@contract/api';
import { callPresignApi } from '../presign-api';
import { hashFile, type FileChecksums } from './hashing';
import { noSessions, type SessionStore, type UploadSession } from './sessions';
import { SameFileStored, UploadRuleError, UploadStopped, UploadTransferError, putWithProgress, stopReasonOf } from './transfer';

export type UploadPhase = 'hashing' | 'uploading' | 'completing' | 'done';

export interface StatementUploadInput {
  file: File;
  contentType: string;
  accountLabel: string;
  period: string;
  /** The keys of the account identifiers the file names (lib/upload/identifier-keys). @default none */
  identifierKeys?: string[];
  /** What the file says of its account. @default nothing */
  accountFacts?: AccountDetails;
  idToken: () => Promise<string>;
  /** Bytes sent so far; never goes backwards while the upload runs. */
  onProgress?: (sent: number, total: number) => void;
  /** Bytes hashed so far, while the checksums are computed. */
  onHashProgress?: (hashed: number, total: number) => void;
  onPhase?: (phase: UploadPhase) => void;
  /** Where a multipart upload is remembered for a resume after a reload. @default nothing is remembered */
  sessions?: SessionStore;
  /** An upload remembered from an earlier page, to finish with this file. */
  resumeFrom?: UploadSession;
  /** The statements already in the vault with this checksum; the upload stops (SameFileStored) when there are any. @default no check */
  findSameFile?: (checksum: string) => Promise<{ fileName: string; accountLabel: string; period: string }[]>;
  /** Starts a worker that hashes the file off the main thread. @default hashing in this thread */
  startHashWorker?: () => Worker;
  /** Parts sent at once. @default 4 */
  partConcurrency?: number;
  /** Attempts per part before the upload fails (each with a fresh URL when the last one is old). @default 3 */
  partAttempts?: number;
}

/** Part URLs asked for per request: enough to keep every lane busy, few enough to be used long before they expire. */
const URL_BATCH = 16;
/** A URL with less life than this left is signed again before use. */
const URL_MARGIN_MS = 60_000;

type SignedPart = PartUrlsResponse['parts'][number] & { expiresAt: string };
type DonePart = { partNumber: number; etag: string; checksum: string };
type Created =
  | { kind: 'single'; statementId: string; url: string; headers: Record<string, string>; expiresAt: string }
  | { kind: 'multipart'; statementId: string; uploadId: string };

/** Aborts a multipart upload in S3 (it keeps none of its parts) and forgets it in this browser. */
export const abortMultipartUpload = async (
  upload: { statementId: string; uploadId: string },
  idToken: () => Promise<string>,
  sessions: SessionStore,
): Promise<void> => {
  await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.abortUpload, await idToken(), {
    params: { statementId: upload.statementId },
    query: { uploadId: upload.uploadId },
  }).catch(() => undefined);
  sessions.forget(upload.statementId);
};

/**
 * One statement upload that a person can pause, resume and cancel.
 *
 * The file is hashed first (off the main thread), so the upload is signed with its
 * checksums and S3 refuses any byte that differs. A file over the single-upload limit goes
 * in 16 MiB parts, several at once, their URLs signed in batches; the short last part goes
 * first so the end is full parts side by side, and when only one part is left running
 * long after the others, an idle lane sends a second copy of it (same bytes, same checksum)
 * and the first to finish wins. A part that fails is tried again. Parts already stored
 * are never sent again: not after a pause, a failure, or a reload (S3 is asked which parts
 * it holds). A file the vault already keeps (same checksum) stops before anything is
 * stored, until the person chooses to store it again.
 */
export class StatementUpload {
  private checksums?: FileChecksums;
  private created?: Created;
  private readonly done = new Map<number, DonePart>();
  private controller?: AbortController;
  private sent = 0;
  private sameFileAccepted = false;
  private readonly sessions: SessionStore;

  constructor(private readonly input: StatementUploadInput) {
    this.sessions = input.sessions ?? noSessions;
  }

  get statementId(): string | undefined {
    return this.created?.statementId;
  }

  /** Runs (or resumes) the upload; resolves with the statement id; rejects with UploadStopped when paused or cancelled. */
  async run(): Promise<string> {
    const controller = new AbortController();
    this.controller = controller;
    const { signal } = controller;
    const { file } = this.input;
    if (!this.checksums) {
      this.input.onPhase?.('hashing');
      this.checksums = await hashFile(file, (hashed) => this.input.onHashProgress?.(hashed, file.size), signal, this.input.startHashWorker);
    }
    const checksums = this.checksums;
    if (!this.created && !this.input.resumeFrom && !this.sameFileAccepted && this.input.findSameFile) {
      const existing = await this.input.findSameFile(checksums.checksum);
      if (existing.length > 0) throw new SameFileStored(existing);
    }
    if (!this.created) this.created = await this.create(checksums, signal);
    this.input.onPhase?.('uploading');
    const created = this.created;
    if (created.kind === 'single') {
      await this.sendSingle(created, signal);
    } else {
      await this.sendParts(created, checksums, signal);
      this.input.onPhase?.('completing');
      await this.api(STATEMENT_ROUTES.completeUpload, {
        params: { statementId: created.statementId },
        body: { uploadId: created.uploadId, parts: this.partsInOrder() },
      });
      this.sessions.forget(created.statementId);
    }
    this.input.onPhase?.('done');
    return created.statementId;
  }

  /** The person chose to store the file again although the vault keeps it already. */
  acceptSameFile(): void {
    this.sameFileAccepted = true;
  }

  /** Stops sending; `run()` again continues where it stopped. */
  pause(): void {
    this.controller?.abort(new UploadStopped('paused'));
  }

  /** Stops for good: a multipart upload is aborted, so S3 keeps nothing of it. */
  async cancel(): Promise<void> {
    this.controller?.abort(new UploadStopped('cancelled'));
    const created = this.created ?? (this.input.resumeFrom ? { kind: 'multipart' as const, ...this.input.resumeFrom } : undefined);
    if (created?.kind === 'multipart') await abortMultipartUpload(created, this.input.idToken, this.sessions);
  }

  private async api<Route extends (typeof STATEMENT_ROUTES)[keyof typeof STATEMENT_ROUTES]>(
    route: Route,
    options: RouteInput<Route>,
  ): Promise<RouteResponse<Route>> {
    const call = callPresignApi as (
      api: 'statementsApiUrl',
      route: Route,
      token: string,
      options: RouteInput<Route>,
    ) => Promise<RouteResponse<Route>>;
    return call('statementsApiUrl', route, await this.input.idToken(), options);
  }

  private async create(checksums: FileChecksums, signal: AbortSignal): Promise<Created> {
    const { file, resumeFrom } = this.input;
    if (resumeFrom) {
      if (resumeFrom.size !== file.size || resumeFrom.checksum !== checksums.checksum) {
        throw new UploadRuleError(`This is not the file the unfinished upload of “${resumeFrom.fileName}” started with; choose that file.`);
      }
      // What S3 already holds, and verified: those parts are not sent again.
      const stored = await this.api(STATEMENT_ROUTES.listParts, {
        params: { statementId: resumeFrom.statementId },
        query: { uploadId: resumeFrom.uploadId },
      });
      const sizes = partSizes(file.size);
      for (const part of stored.parts) {
        if (part.checksum === checksums.parts[part.partNumber - 1] && part.size === sizes[part.partNumber - 1]) {
          this.done.set(part.partNumber, { partNumber: part.partNumber, etag: part.etag, checksum: part.checksum });
        }
      }
      this.report(this.doneBytes());
      return { kind: 'multipart', statementId: resumeFrom.statementId, uploadId: resumeFrom.uploadId };
    }
    signal.throwIfAborted();
    const upload = await this.api(STATEMENT_ROUTES.createUpload, {
      body: {
        fileName: file.name,
        contentType: this.input.contentType,
        size: file.size,
        accountLabel: this.input.accountLabel,
        period: this.input.period,
        checksum: checksums.checksum,
        ...(this.input.identifierKeys?.length ? { identifierKeys: this.input.identifierKeys } : {}),
        ...(this.input.accountFacts ? { accountFacts: this.input.accountFacts } : {}),
      },
    });
    if (upload.kind === 'single')
      return { kind: 'single', statementId: upload.statementId, url: upload.url, headers: upload.headers, expiresAt: upload.expiresAt };
    this.sessions.save({
      statementId: upload.statementId,
      uploadId: upload.uploadId,
      fileName: file.name,
      size: file.size,
      lastModified: file.lastModified,
      contentType: this.input.contentType,
      accountLabel: this.input.accountLabel,
      period: this.input.period,
      checksum: checksums.checksum,
      startedAt: new Date().toISOString(),
    });
    return { kind: 'multipart', statementId: upload.statementId, uploadId: upload.uploadId };
  }

  /** Progress never goes backwards: a part sent again does not undo what the bar showed. */
  private report(sent: number): void {
    this.sent = Math.max(this.sent, Math.min(sent, this.input.file.size));
    this.input.onProgress?.(this.sent, this.input.file.size);
  }

  private doneBytes(): number {
    const sizes = partSizes(this.input.file.size);
    return [...this.done.keys()].reduce((sum, partNumber) => sum + sizes[partNumber - 1], 0);
  }

  private partsInOrder(): DonePart[] {
    return [...this.done.values()].sort((a, b) => a.partNumber - b.partNumber);
  }

  private async sendSingle(created: Extract<Created, { kind: 'single' }>, signal: AbortSignal): Promise<void> {
    const { file } = this.input;
    if (Date.parse(created.expiresAt) - Date.now() < URL_MARGIN_MS) {
      // The URL aged while paused: a new upload is signed (the old one's place is given back when it expires).
      this.created = undefined;
      this.created = await this.create(this.checksums!, signal);
      return this.sendSingle(this.created as Extract<Created, { kind: 'single' }>, signal);
    }
    await putWithProgress(created.url, created.headers, file, (loaded) => this.report(loaded), signal);
  }

  private async sendParts(created: Extract<Created, { kind: 'multipart' }>, checksums: FileChecksums, outer: AbortSignal): Promise<void> {
    const { file } = this.input;
    // One lane failing for good stops the others.
    const failed = new AbortController();
    const signal = AbortSignal.any([outer, failed.signal]);
    const sizes = partSizes(file.size);
    const lanes = this.input.partConcurrency ?? 4;
    const attempts = this.input.partAttempts ?? 3;
    const urls = new Map<number, SignedPart>();
    const remaining = sizes.map((_, index) => index + 1).filter((partNumber) => !this.done.has(partNumber));
    // The short last part first, so the end is full parts sent side by side.
    const queue = remaining.includes(sizes.length)
      ? [sizes.length, ...remaining.filter((partNumber) => partNumber !== sizes.length)]
      : remaining;
    const inFlight = new Map<number, { startedAt: number; loaded: number; copies: number; controllers: Set<AbortController> }>();
    const durations: number[] = [];
    const progress = () => this.report(this.doneBytes() + [...inFlight.values()].reduce((sum, part) => sum + part.loaded, 0));

    const fresh = (partNumber: number) => {
      const url = urls.get(partNumber);
      return url !== undefined && Date.parse(url.expiresAt) - Date.now() > URL_MARGIN_MS;
    };
    let signing: Promise<void> | undefined;
    const urlFor = async (partNumber: number): Promise<SignedPart> => {
      while (!fresh(partNumber)) {
        if (!signing) {
          const batch = [partNumber, ...queue.filter((next) => next !== partNumber && !fresh(next))].slice(0, URL_BATCH);
          signing = this.api(STATEMENT_ROUTES.partUrls, {
            params: { statementId: created.statementId },
            body: {
              uploadId: created.uploadId,
              size: file.size,
              parts: batch.map((next) => ({ partNumber: next, checksum: checksums.parts[next - 1] })),
            },
          })
            .then((signed) => {
              for (const part of signed.parts) urls.set(part.partNumber, { ...part, expiresAt: signed.expiresAt });
            })
            .finally(() => {
              signing = undefined;
            });
        }
        await signing;
      }
      return urls.get(partNumber)!;
    };

    /** One copy of one part, tried up to `attempts` times; resolves once the part is stored (by this copy or another). */
    const sendPart = async (partNumber: number): Promise<void> => {
      const state = inFlight.get(partNumber) ?? { startedAt: Date.now(), loaded: 0, copies: 0, controllers: new Set<AbortController>() };
      inFlight.set(partNumber, state);
      state.copies++;
      const copy = new AbortController();
      state.controllers.add(copy);
      const stop = () => copy.abort(signal.reason);
      signal.addEventListener('abort', stop, { once: true });
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            const part = await urlFor(partNumber);
            const start = (partNumber - 1) * STATEMENT_LIMITS.partBytes;
            const etag = await putWithProgress(
              part.url,
              part.headers,
              file.slice(start, start + part.size),
              (loaded) => {
                state.loaded = Math.max(state.loaded, loaded);
                progress();
              },
              copy.signal,
            );
            if (!etag) throw new UploadTransferError('Storage did not return the part tag (ETag); the bucket must expose it.');
            if (!this.done.has(partNumber)) {
              this.done.set(partNumber, { partNumber, etag, checksum: checksums.parts[partNumber - 1] });
              durations.push(Date.now() - state.startedAt);
            }
            // The other copy of this part, if any, is not needed any more.
            for (const other of state.controllers) if (other !== copy) other.abort(new UploadStopped('superseded'));
            inFlight.delete(partNumber);
            progress();
            return;
          } catch (error) {
            if (this.done.has(partNumber) || stopReasonOf(copy.signal) === 'superseded') return;
            if (signal.aborted) throw signal.reason;
            if (attempt >= attempts) throw error;
            urls.delete(partNumber);
            await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
          }
        }
      } finally {
        signal.removeEventListener('abort', stop);
        state.controllers.delete(copy);
      }
    };

    /** A part still running well after a typical part took: worth a second copy from an idle lane. */
    const straggler = (): number | undefined => {
      if (durations.length === 0) return undefined;
      const typical = [...durations].sort((a, b) => a - b)[Math.floor(durations.length / 2)];
      const now = Date.now();
      return [...inFlight.entries()].find(([, part]) => part.copies === 1 && now - part.startedAt > Math.max(2 * typical, 3000))?.[0];
    };

    const lane = async (): Promise<void> => {
      for (;;) {
        signal.throwIfAborted();
        const next = queue.shift();
        if (next !== undefined) {
          await sendPart(next);
          continue;
        }
        if (inFlight.size === 0) return;
        const slow = straggler();
        if (slow !== undefined) await sendPart(slow);
        else await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    if (queue.length > 0) {
      await Promise.all(Array.from({ length: Math.min(lanes, queue.length) }, lane)).catch((error: unknown) => {
        failed.abort(error);
        throw error;
      });
    }
    if (this.done.size !== sizes.length) throw new UploadTransferError('Some parts were not stored; try again.');
  }
}
