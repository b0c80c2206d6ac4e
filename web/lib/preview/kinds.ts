import { fileTypeOf } from '@contract';

/** How a statement is shown: drawn (PDF), as an image, or as a table of its transactions. */
export type PreviewKind = 'pdf' | 'image' | 'csv' | 'ofx' | 'xlsx';

/** The viewer for a statement's verified content type. */
export const previewKindOf = (contentType: string): PreviewKind => {
  const type = fileTypeOf(contentType);
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType.startsWith('image/')) return 'image';
  if (type?.check === 'ofx') return 'ofx';
  if (type?.check === 'csv') return 'csv';
  return 'xlsx';
};
