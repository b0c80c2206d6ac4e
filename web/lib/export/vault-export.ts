import { makeZip } from 'client-zip';
import { STATEMENT_STATUS } from '@contract/entities';
import type { StatementListItem } from '../graphql';
import type { ExportAccount } from '../graphql';
import { NO_ACCOUNT_COLUMNS, exportAccounts } from './accounts';
import { manifestCsv, statementPath, type ManifestEntry } from './manifest';
import { verifyingStream } from './verify';

/** What the export reads, and from where: the person's own list, download URLs and avatar, each with their token. */
export interface ExportSource {
  /** Every statement of the person, in pages. */
  statements(): AsyncIterable<StatementListItem>;
  /** A short-lived URL for one clean statement's bytes. */
  downloadUrl(statementId: string): Promise<string>;
  /** The person's accounts, with their details. */
  accounts(): Promise<readonly ExportAccount[]>;
  /** The avatar's URL, or undefined when there is none. */
  avatarUrl(): Promise<string | undefined>;
}

export interface ExportProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}

const AVATAR_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

const fetchBody = async (url: string, what: string, signal: AbortSignal): Promise<Response & { body: ReadableStream<Uint8Array> }> => {
  // Never from the HTTP cache: the bytes are checked against what storage holds, and an
  // avatar the page already shows is cached from an <img> request, which S3 answers without
  // CORS headers (and without Vary: Origin), so a cached copy would fail this CORS request.
  const response = await fetch(url, { signal, cache: 'no-store' });
  if (!response.ok || !response.body) throw new Error(`${what} could not be downloaded (status ${response.status}); nothing was saved.`);
  return response as Response & { body: ReadableStream<Uint8Array> };
};

/**
 * The whole vault as one ZIP stream: every statement that can be downloaded, under
 * `statements/<account>/<period>/` with its original name, the avatar under `profile/`,
 * then `manifest.json` (the accounts the statements are filed under, with their details) and
 * `manifest.csv`, both listing every record (including those that could
 * not be exported, and why) with its checksum and how the exported bytes were checked. Files
 * are fetched one at a time as the ZIP is read, so memory holds one part, not the vault.
 */
export const exportVault = async (
  source: ExportSource,
  options: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<{ zip: ReadableStream<Uint8Array>; manifest: Promise<ManifestEntry[]> }> => {
  const { signal, onProgress } = options;
  const statements: StatementListItem[] = [];
  for await (const statement of source.statements()) statements.push(statement);
  statements.sort((a, b) => a.accountLabel.localeCompare(b.accountLabel) || b.period.localeCompare(a.period) || a.id.localeCompare(b.id));
  const accounts = exportAccounts(await source.accounts(), statements);
  const avatarUrl = await source.avatarUrl();
  const exportable = statements.filter((statement) => statement.status === STATEMENT_STATUS.available);
  const progress: ExportProgress = {
    files: 0,
    totalFiles: exportable.length + (avatarUrl ? 1 : 0),
    bytes: 0,
    totalBytes: exportable.reduce((sum, statement) => sum + statement.size, 0),
  };
  onProgress({ ...progress });
  const counted = () =>
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        progress.bytes += chunk.length;
        onProgress({ ...progress });
        controller.enqueue(chunk);
      },
    });

  const manifest: ManifestEntry[] = [];
  let finish: (entries: ManifestEntry[]) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<ManifestEntry[]>((resolve, reject) => ((finish = resolve), (fail = reject)));
  done.catch(() => undefined);

  async function* entries() {
    const taken = new Set<string>();
    for (const statement of statements) {
      const record = {
        kind: 'statement' as const,
        id: statement.id,
        fileName: statement.fileName,
        accountLabel: statement.accountLabel,
        ...accounts.columnsOf(statement),
        period: statement.period,
        contentType: statement.contentType,
        size: statement.size,
        uploadedAt: statement.uploadedAt,
        status: statement.status,
        checksum: statement.checksum,
        checksumType: statement.checksumType,
      };
      if (statement.status !== STATEMENT_STATUS.available) {
        const why =
          statement.status === STATEMENT_STATUS.scanning
            ? 'still being scanned for malware'
            : `quarantined: ${statement.scanDetail ?? 'it did not pass the malware scan'}`;
        manifest.push({ ...record, path: null, verification: 'not exported', verifiedBy: `not downloadable: ${why}` });
        continue;
      }
      const path = statementPath(statement, taken);
      const response = await fetchBody(await source.downloadUrl(statement.id), statement.fileName, signal);
      const check = verifyingStream(statement);
      yield {
        name: path,
        input: response.body.pipeThrough(counted()).pipeThrough(check.stream),
        lastModified: new Date(statement.uploadedAt),
        size: statement.size,
      };
      // The ZIP asks for the next file only once this one's last byte is in it.
      manifest.push({ ...record, path, ...(await check.result) });
      progress.files++;
      onProgress({ ...progress });
    }
    if (avatarUrl) {
      const response = await fetchBody(avatarUrl, 'Your profile picture', signal);
      const contentType = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0];
      const path = `profile/avatar.${AVATAR_EXTENSIONS[contentType] ?? 'bin'}`;
      let size = 0;
      const measured = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.length;
          controller.enqueue(chunk);
        },
      });
      yield { name: path, input: response.body.pipeThrough(measured) };
      manifest.push({
        kind: 'profileImage',
        path,
        id: 'avatar',
        fileName: path.split('/')[1],
        accountLabel: null,
        ...NO_ACCOUNT_COLUMNS,
        period: null,
        contentType,
        size,
        uploadedAt: response.headers.get('last-modified') && new Date(response.headers.get('last-modified')!).toISOString(),
        status: 'AVAILABLE',
        checksum: null,
        checksumType: null,
        verification: 'unverified',
        verifiedBy: 'size only: the profile keeps no checksum of its picture',
      });
      progress.files++;
      onProgress({ ...progress });
    }
    const exportedAt = new Date().toISOString();
    yield { name: 'manifest.json', input: JSON.stringify({ exportedAt, accounts: accounts.accounts, records: manifest }, null, 2), lastModified: new Date(exportedAt) };
    yield { name: 'manifest.csv', input: manifestCsv(manifest), lastModified: new Date(exportedAt) };
    finish(manifest);
  }

  const zip = makeZip(
    (async function* guarded() {
      try {
        yield* entries();
      } catch (error) {
        fail(error);
        throw error;
      }
    })(),
    { buffersAreUTF8: true },
  );
  return { zip, manifest: done };
};
