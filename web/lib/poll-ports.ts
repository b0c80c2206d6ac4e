/** What a polling core is given, so that it runs the same on the page and on a test's fake clock. */
export interface PollPorts<Answer> {
  /** Asks once; a failed ask (connection dropped, API busy) gives `undefined`. */
  ask: () => Promise<Answer | undefined>;
  /** Whether the wait still counts (the page is open, nothing has replaced it). */
  open: () => boolean;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}
