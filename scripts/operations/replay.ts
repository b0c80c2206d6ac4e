/**
 * Replaying the catalogue's failed events: each message of the failure queue is what
 * Lambda's on-failure destination wrote (the original S3 event under `requestPayload`).
 * Each event is invoked again; a message is deleted only once its event went through, so
 * a replay that fails, or stops half-way, loses nothing and can simply be run again.
 */
export interface FailureMessage {
  id: string;
  receipt: string;
  body: string;
}

export interface ReplayPorts {
  /** Up to ten messages; an empty list when the queue is drained. */
  receive(): Promise<FailureMessage[]>;
  /** Runs the catalogue on one S3 event; `error` when the function failed again. */
  invoke(event: unknown): Promise<{ error?: string }>;
  remove(message: FailureMessage): Promise<void>;
}

export interface ReplayReport {
  replayed: number;
  failedAgain: { id: string; error: string }[];
  unreadable: string[];
}

/** The original event of an on-failure destination record, or undefined for anything else. */
export const originalEvent = (body: string): unknown => {
  try {
    const record = JSON.parse(body) as { requestPayload?: { Records?: unknown[] } };
    return Array.isArray(record.requestPayload?.Records) ? record.requestPayload : undefined;
  } catch {
    return undefined;
  }
};

export const replayFailures = async (
  ports: ReplayPorts,
  options: { dryRun?: boolean; maxMessages?: number } = {},
): Promise<ReplayReport> => {
  const report: ReplayReport = { replayed: 0, failedAgain: [], unreadable: [] };
  const seen = new Set<string>();
  const limit = options.maxMessages ?? 10_000;
  while (seen.size < limit) {
    const batch = (await ports.receive()).filter((message) => !seen.has(message.id));
    if (batch.length === 0) break;
    for (const message of batch) {
      seen.add(message.id);
      const event = originalEvent(message.body);
      if (event === undefined) {
        report.unreadable.push(message.id);
        continue;
      }
      if (options.dryRun) continue;
      const outcome = await ports.invoke(event);
      if (outcome.error) {
        report.failedAgain.push({ id: message.id, error: outcome.error });
        continue;
      }
      await ports.remove(message);
      report.replayed++;
    }
  }
  return report;
};
