/// <reference lib="webworker" />
import { computeChecksums, type HashMessage, type HashRequest } from './hashing';

/** Hashes a file off the main thread, reporting progress after each piece. */
self.onmessage = async (event: MessageEvent<HashRequest>) => {
  const post = (message: HashMessage) => self.postMessage(message);
  try {
    const result = await computeChecksums(event.data.file, (hashedBytes) => post({ kind: 'progress', hashedBytes }));
    post({ kind: 'done', result });
  } catch (error) {
    post({ kind: 'error', message: error instanceof Error ? error.message : 'The file could not be read.' });
  }
};
