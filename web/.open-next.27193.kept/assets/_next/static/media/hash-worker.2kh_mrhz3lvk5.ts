/// <reference lib="webworker" />
import { proposeForFile } from './filing';
import { computeChecksums, type HashMessage, type WorkerRequest } from './hashing';

/**
 * The statements page's worker: it hashes a file, reporting progress after each piece, and
 * reads what a file proposes to be filed under; both off the main thread.
 */
self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const post = (message: HashMessage) => self.postMessage(message);
  const request = event.data;
  if (request.kind === 'propose') {
    try {
      post({ kind: 'proposal', id: request.id, proposal: await proposeForFile(request.file) });
    } catch {
      post({ kind: 'proposal', id: request.id, proposal: { notes: ['Its content could not be read here; only its name was.'] } });
    }
    return;
  }
  try {
    const result = await computeChecksums(request.file, (hashedBytes) => post({ kind: 'progress', hashedBytes }));
    post({ kind: 'done', result });
  } catch (error) {
    post({ kind: 'error', message: error instanceof Error ? error.message : 'The file could not be read.' });
  }
};
