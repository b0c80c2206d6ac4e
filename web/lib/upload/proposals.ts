import type { FilingProposal } from '@contract/reading';
import { proposeForFile } from './filing';
import type { HashMessage, WorkerRequest } from './hashing';

/**
 * Asks one worker (the one that hashes files) what each file proposes to be filed under;
 * `onProposal` is called as each answer arrives, in any order. Without a worker (tests) the
 * rules run in this thread. Returns a function that stops asking.
 */
export const proposeAll = (
  files: File[],
  onProposal: (index: number, proposal: FilingProposal) => void,
  startWorker?: () => Worker,
): (() => void) => {
  if (!startWorker || typeof Worker === 'undefined') {
    let stopped = false;
    void (async () => {
      for (const [index, file] of files.entries()) {
        const proposal = await proposeForFile(file).catch(() => ({ notes: [] }) as FilingProposal);
        if (!stopped) onProposal(index, proposal);
      }
    })();
    return () => {
      stopped = true;
    };
  }
  const worker = startWorker();
  const waiting = new Set(files.keys());
  worker.onmessage = (event: MessageEvent<HashMessage>) => {
    const message = event.data;
    if (message.kind !== 'proposal') return;
    waiting.delete(message.id);
    onProposal(message.id, message.proposal);
    if (waiting.size === 0) worker.terminate();
  };
  worker.onerror = () => {
    worker.terminate();
    for (const index of waiting) onProposal(index, { notes: ['Its content could not be read here.'] });
    waiting.clear();
  };
  for (const [id, file] of files.entries()) worker.postMessage({ kind: 'propose', id, file } satisfies WorkerRequest);
  return () => worker.terminate();
};
