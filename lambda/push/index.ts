import { createNotifierHandler } from './handler';

/** The push notifier: a share's first opening, told to its owner's devices. */
export const handler = createNotifierHandler(process.env);
