import type { PollPorts } from './poll-ports';

/** What the profile says of its picture, each time the page asks. */
export interface AvatarAnswer {
  /** When the profile last changed, and the picture it names. */
  updatedAt?: string | null;
  avatarKey?: string | null;
  /** The catalogue's last refusal of an upload, if any. */
  refusal?: { refusedAt: string; reason: string } | null;
}

export type AvatarOutcome = { kind: 'updated' | 'closed' | 'gaveUp' } | { kind: 'refused'; reason: string };

/**
 * How often the profile page asks whether a new picture is in use: often while it usually is
 * (a check and a malware scan take seconds), then, once the page has said the check is still
 * under way, less often for as long as the page watches (after that the next visit shows it).
 */
export const AVATAR_POLL = { quickMs: 500, quickForMs: 30_000, slowMs: 3_000, watchForMs: 15 * 60_000 } as const;

/** `open`: whether this watch still counts (the page is open and no other picture was chosen since). */
export interface AvatarPorts extends PollPorts<AvatarAnswer> {
  /** Not in use within the quick window (said once). */
  onSlow: () => void;
}

/** Waits until the profile names a picture newer than `before`, or a newer refusal says why not. */
export const waitForAvatar = async (before: AvatarAnswer | undefined, ports: AvatarPorts): Promise<AvatarOutcome> => {
  const started = ports.now();
  let slow = false;
  for (;;) {
    const answer = await ports.ask();
    if (!ports.open()) return { kind: 'closed' };
    if (answer?.avatarKey && answer.updatedAt !== before?.updatedAt) return { kind: 'updated' };
    if (answer?.refusal && answer.refusal.refusedAt !== before?.refusal?.refusedAt)
      return { kind: 'refused', reason: answer.refusal.reason };
    const waited = ports.now() - started;
    if (waited > AVATAR_POLL.watchForMs) return { kind: 'gaveUp' };
    if (!slow && waited > AVATAR_POLL.quickForMs) {
      slow = true;
      ports.onSlow();
    }
    await ports.sleep(slow ? AVATAR_POLL.slowMs : AVATAR_POLL.quickMs);
  }
};
