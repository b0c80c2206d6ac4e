/** Where an export is written. */
export interface ExportTarget {
  /** Writes the ZIP; resolves when it is all on disk (or in the download). */
  write(zip: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<void>;
  /** `disk`: streamed to a file the person chose; `download`: assembled in memory, then downloaded. */
  kind: 'disk' | 'download';
}

type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<WritableStream<Uint8Array>> }>;

/**
 * Asks where to save, first thing after the click (a browser opens its file picker only
 * then). Where the browser has a save-file picker, the ZIP streams to that file as it is
 * made, so a vault of any size never sits in memory, and a cancelled export leaves no
 * file. Elsewhere the ZIP is assembled in memory and downloaded when complete.
 */
export const chooseExportTarget = async (suggestedName: string): Promise<ExportTarget> => {
  const picker = (globalThis as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (typeof picker === 'function') {
    const handle = await picker({ suggestedName, types: [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }] });
    const writable = await handle.createWritable();
    return { kind: 'disk', write: (zip, signal) => zip.pipeTo(writable, { signal }) };
  }
  return {
    kind: 'download',
    write: async (zip, signal) => {
      const blob = await new Response(zip.pipeThrough(new TransformStream(), { signal })).blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = suggestedName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  };
};
