import type { PollPorts } from '../poll-ports';

/** What the catalogue says of an uploaded statement, each time the queue asks. */
export interface ListingAnswer {
  status?: string | null;
  scanDetail?: string | null;
  refusal?: string | null;
}

export type ListingOutcome =
  /** `listed`: in the list, its malware scan still running past the quick window (the list shows how it ends). */
  { kind: 'available' | 'listed' | 'closed' } | { kind: 'quarantined' | 'refused'; reason: string };

/**
 * How often the queue asks whether an uploaded statement is listed: often at first (it
 * usually is within seconds), then less often while the vault is busy. A stored file is
 * never called failed for being slow to list; the queue asks for as long as the page is
 * open. Once listed, the queue waits out the quick window for the scan's verdict, then
 * leaves the rest to the list, which shows the scan until it ends.
 */
export const LISTING_POLL = { firstMs: 400, quickForMs: 20_000, maxMs: 5_000 } as const;

/** `ask` asks the catalogue; `open`: whether the page is still open. */
export interface ListingPorts extends PollPorts<ListingAnswer> {
  /** Listed and being scanned (said once). */
  onScanning: () => void;
  /** Not listed within the quick window (said once). */
  onSlow: () => void;
}

/** Waits until the statement is available, quarantined or refused, or the page closes. */
export const waitForListing = async (ports: ListingPorts): Promise<ListingOutcome> => {
  const started = ports.now();
  let listed = false;
  let slow = false;
  let pause: number = LISTING_POLL.firstMs;
  while (ports.open()) {
    const answer = await ports.ask();
    if (answer?.status === 'AVAILABLE') return { kind: 'available' };
    if (answer?.status === 'QUARANTINED') return { kind: 'quarantined', reason: answer.scanDetail ?? 'it did not pass the malware scan' };
    if (answer?.refusal) return { kind: 'refused', reason: answer.refusal };
    if (answer?.status === 'SCANNING' && !listed) {
      listed = true;
      ports.onScanning();
    }
    if (ports.now() - started > LISTING_POLL.quickForMs) {
      if (listed) return { kind: 'listed' };
      if (!slow) ports.onSlow();
      slow = true;
      pause = Math.min(pause * 2, LISTING_POLL.maxMs);
    }
    await ports.sleep(pause);
  }
  return { kind: 'closed' };
};
