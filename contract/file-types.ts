/**
 * Every file type the vault takes, in one table: its MIME type, the extensions a file of
 * that type carries, the name people know it by, how its content is checked against the
 * declared type, and which uploads accept it. The accepted-type lists of the API and
 * GraphQL, the web app's `accept` attributes, the extension fallback and the messages all
 * derive from this table.
 */
export type UploadKind = 'profileImage' | 'statement';

/**
 * How the first bytes of a file are checked against its declared type before it becomes
 * available: `signature` by a maintained file-type detector (magic numbers, and the
 * entries of a ZIP for XLSX); `csv` and `ofx` by text checks (UTF-8 and the format's
 * structure), because text formats have no magic number.
 */
export type ContentCheck = 'signature' | 'csv' | 'ofx';

export interface FileTypeSpec {
  readonly mime: string;
  /** Lower-case, without the dot; the first is the usual one. */
  readonly extensions: readonly string[];
  readonly label: string;
  readonly check: ContentCheck;
  readonly uploads: readonly UploadKind[];
}

export const FILE_TYPES = [
  { mime: 'application/pdf', extensions: ['pdf'], label: 'PDF', check: 'signature', uploads: ['statement'] },
  { mime: 'text/csv', extensions: ['csv'], label: 'CSV', check: 'csv', uploads: ['statement'] },
  // OFX and QFX have no IANA type; these are the ones banks and Intuit use.
  { mime: 'application/x-ofx', extensions: ['ofx'], label: 'OFX', check: 'ofx', uploads: ['statement'] },
  { mime: 'application/vnd.intu.qfx', extensions: ['qfx'], label: 'QFX', check: 'ofx', uploads: ['statement'] },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    label: 'Excel (XLSX)',
    check: 'signature',
    uploads: ['statement'],
  },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG', check: 'signature', uploads: ['statement', 'profileImage'] },
  { mime: 'image/png', extensions: ['png'], label: 'PNG', check: 'signature', uploads: ['statement', 'profileImage'] },
  { mime: 'image/webp', extensions: ['webp'], label: 'WebP', check: 'signature', uploads: ['profileImage'] },
] as const satisfies readonly FileTypeSpec[];

export type FileTypeMime = (typeof FILE_TYPES)[number]['mime'];

/** The table's entry for a (canonical) MIME type. */
export const fileTypeOf = (mime: string): FileTypeSpec | undefined => FILE_TYPES.find((type) => type.mime === mime);

/** The MIME types an upload of this kind accepts, in the table's order. */
export const typesFor = (kind: UploadKind): string[] =>
  FILE_TYPES.filter((type) => (type.uploads as readonly UploadKind[]).includes(kind)).map((type) => type.mime);

/**
 * Browsers report an empty or vendor-specific type for OFX/QFX/CSV on some systems, so the
 * web app falls back to the file extension. Keys are lower-case extensions without the dot.
 */
export const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = Object.fromEntries(
  FILE_TYPES.flatMap((type) => type.extensions.map((extension) => [extension, type.mime])),
);

/**
 * A file input's `accept` attribute for an upload kind: every MIME type and extension, so
 * a system that knows no MIME type for `.ofx` still offers the file.
 */
export const acceptAttribute = (kind: UploadKind): string =>
  FILE_TYPES.filter((type) => (type.uploads as readonly UploadKind[]).includes(kind))
    .flatMap((type) => [type.mime, ...type.extensions.map((extension) => `.${extension}`)])
    .join(',');

/** The name people know a type by ("PDF"), or the MIME type itself. */
export const typeLabel = (mime: string): string => fileTypeOf(mime)?.label ?? mime;

/** How a statement's content is read: drawn (PDF), as an image, or as a table of its transactions. */
export type ContentKind = 'pdf' | 'image' | 'csv' | 'ofx' | 'xlsx';

/** The kind of a statement's verified content type: the preview and the search index read each kind their way. */
export const contentKindOf = (contentType: string): ContentKind => {
  const type = fileTypeOf(contentType);
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType.startsWith('image/')) return 'image';
  if (type?.check === 'ofx') return 'ofx';
  if (type?.check === 'csv') return 'csv';
  return 'xlsx';
};
