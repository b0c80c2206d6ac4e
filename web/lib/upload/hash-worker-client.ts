/** Starts the hashing worker; the bundler sees the worker's entry through `new URL(…, import.meta.url)`. */
export const startHashWorker = (): Worker => new Worker(new URL('./hash-worker.ts', import.meta.url), { type: 'module' });
