/**
 * Replaying a function's failed events (the catalogue's, the mail function's): each message
 * of its failure queue is what Lambda's on-failure destination wrote (the original event
 * under `requestPayload`). Each event is invoked again; a message is deleted only once its
 * event went through, so a replay that fails, or stops half-way, loses nothing and can
 * simply be run again.
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

/** Whether an event is one of the function's own: by default, one with `Records` (S3's and SES's events). */
export type EventCheck = (payload: Record<string, unknown>) => boolean;

const hasRecords: EventCheck = (payload) => Array.isArray(payload.Records);

/** The mail function's two events (lambda/mail/handler.ts): SES's for a received message, and the statements API's to file a waiting file. */
export const isMailFunctionEvent: EventCheck = (payload) => hasRecords(payload) || 'fileArrival' in payload;

/** The original event of an on-failure destination record, or undefined for anything else. */
export const originalEvent = (body: string, accepts: EventCheck = hasRecords): unknown => {
  try {
    const record = JSON.parse(body) as { requestPayload?: unknown };
    const payload = record.requestPayload;
    return payload && typeof payload === 'object' && accepts(payload as Record<string, unknown>) ? payload : undefined;
  } catch {
    return undefined;
  }
};

export const replayFailures = async (
  ports: ReplayPorts,
  options: { dryRun?: boolean; maxMessages?: number; accepts?: EventCheck } = {},
): Promise<ReplayReport> => {
  const report: ReplayReport = { replayed: 0, failedAgain: [], unreadable: [] };
  const seen = new Set<string>();
  const limit = options.maxMessages ?? 10_000;
  while (seen.size < limit) {
    const batch = (await ports.receive()).filter((message) => !seen.has(message.id));
    if (batch.length === 0) break;
    for (const message of batch) {
      seen.add(message.id);
      const event = originalEvent(message.body, options.accepts);
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
