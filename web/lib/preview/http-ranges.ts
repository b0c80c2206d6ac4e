import type { RangeSource } from '../upload/pdf-text';

/**
 * A stored file's bytes a range at a time, by HTTP Range requests to a short-lived signed
 * URL of storage's own origin. A URL that has expired meanwhile (a page turned minutes
 * later) is signed again once.
 */
export const httpRanges = (signUrl: () => Promise<string>, size: number): RangeSource => {
  let url: Promise<string> | undefined;
  const fetchRange = async (begin: number, end: number) =>
    fetch(await (url ??= signUrl()), { headers: { Range: `bytes=${begin}-${end - 1}` }, cache: 'no-store', referrerPolicy: 'no-referrer' });
  return {
    size,
    async read(begin, end) {
      let response = await fetchRange(begin, end);
      if (response.status === 403) {
        url = undefined;
        response = await fetchRange(begin, end);
      }
      if (response.status !== 206 && response.status !== 200)
        throw new Error(`The file could not be read (storage answered ${response.status}).`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      // A server that ignores Range sends the whole file: the range is cut from it.
      return response.status === 200 ? bytes.slice(begin, end) : bytes;
    },
  };
};
