/**
 * Recently deleted: a statement deleted by its owner leaves every list, filter, search,
 * coverage and summary at once, and is kept, restorable exactly as it was, for this long;
 * then it goes for good by itself, its record and every version of its file. Until then it
 * counts against the quota (its bytes are still stored), and the usage says how much of
 * what is kept is in Recently deleted.
 */
export const RECENTLY_DELETED = {
  keepDays: 30,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a statement deleted at `deletedAt` goes for good. */
export const purgeAtOf = (deletedAt: string): string => new Date(Date.parse(deletedAt) + RECENTLY_DELETED.keepDays * DAY_MS).toISOString();

/** Whole days left before `purgeAt`, as a person counts them (a part of a day left is a day; never below 0). */
export const daysLeft = (purgeAt: string, now: Date = new Date()): number =>
  Math.max(0, Math.ceil((Date.parse(purgeAt) - now.getTime()) / DAY_MS));
