import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/**
 * How a reader's time grows with its input, measured as a ratio in one run: the CPU time it
 * takes over an input four times as long, against the time over the input itself. Never a
 * wall time: the machine's cores are shared, and CPU time (this process's, user and system)
 * leaves out the time others had them. Each input is read in batches of at least BATCH_MS,
 * in turn and each after a full garbage collection, and the best time per reading of each is
 * taken (what noise there is only adds).
 */
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A batch of readings lasts at least this long, so a reading of a fraction of a millisecond is timed over many. */
const BATCH_MS = 20;

/** The CPU time of `count` readings of the input after a full collection, per reading. */
const batch = async <T>(read: (input: T) => unknown, input: T, count: number): Promise<number> => {
  collect();
  const started = cpuMs();
  for (let done = 0; done < count; done++) await read(input);
  return (cpuMs() - started) / count;
};

/**
 * Readings under this much CPU time are taken as this long. Such a reader only scans its
 * input (5 MiB in a few milliseconds), and whether four times the input still fits a core's
 * cache, not how it reads, decides its ratio; a reader that reads again what it read cannot
 * be that fast over a quarter MiB.
 */
const FLOOR_MS = 2;

const ratioOf = (small: number, large: number) => Math.max(large, FLOOR_MS) / Math.max(small, FLOOR_MS);

/**
 * A reading to warm up that takes this much CPU time, and grows past three times the limit,
 * is the answer without timing it again. Below it, one reading's time is no measure: the
 * process's CPU time counts its compiler and collector threads too, and the catalogue's first
 * readings of 256 KiB of OFX tags took 20 to 38 ms where its batches then took 4 ms a
 * reading. A quadratic reader takes seconds over the larger input.
 */
const SURE_MS = 250;

/**
 * How the time over the larger input compares with the time over the smaller: the best time
 * per reading of each over `repeats` batches of at least BATCH_MS, taken in turn (one
 * input's batch, the other's, and again), after one reading of each to warm up (which also
 * says how many readings make a batch). Where the readings to warm up already grow past
 * `limit` three times over and took SURE_MS or more, that is the answer (a quadratic reader
 * would take minutes more to be timed again).
 */
export const growth = async <T>(
  read: (input: T) => unknown,
  small: T,
  large: T,
  limit: number,
  repeats = 3,
): Promise<{ ratio: number; ms: number[] }> => {
  const first = [await batch(read, small, 1), await batch(read, large, 1)];
  if (first[1] >= SURE_MS && ratioOf(first[0], first[1]) > 3 * limit) return { ratio: ratioOf(first[0], first[1]), ms: first };
  const counts = first.map((ms) => Math.max(1, Math.ceil(BATCH_MS / Math.max(ms, 0.01))));
  const best = [Infinity, Infinity];
  for (let turn = 0; turn < repeats; turn++)
    for (const [index, input] of [small, large].entries()) best[index] = Math.min(best[index], await batch(read, input, counts[index]));
  return { ratio: ratioOf(best[0], best[1]), ms: best };
};

/**
 * The growth measured up to `tries` times while it is above `limit` (unless a reading took
 * SURE_MS or more): a reader linear in its input is above it only when the machine was
 * busier during one input's batches than the other's, and one that is not stays above it
 * every time.
 */
export const leastGrowth = async <T>(read: (input: T) => unknown, small: T, large: T, limit: number, tries = 3) => {
  let least = await growth(read, small, large, limit);
  for (let tried = 1; tried < tries && least.ratio > limit && least.ms[1] < SURE_MS; tried++) {
    const again = await growth(read, small, large, limit);
    if (again.ratio < least.ratio) least = again;
  }
  return least;
};

/** `unit` repeated to exactly `length` characters. */
export const repeatTo = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
