import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';
import fc from 'fast-check';
import { GROWTH_LIMIT as LIMIT } from '../support/growth-limit';
import { ENDS, FREEZES, ONE_CHARS, PIECES, READERS, describeShape, type Shape } from '../support/reader-shapes';

/**
 * Every reader of a statement's content is linear in its input: hostile shapes (unclosed
 * tags, nested repeats, stray quotes before long blanks, many open tags, long runs of digits,
 * of blanks, of letters outside ASCII, and 5 MiB of one character) are read, and the time over
 * four times the input is held within eight times the time over the input: CPU time, the best
 * of a few turns (test/support/linear-time.ts), in a process of its own
 * (test/support/reader-time-runner.ts). A reader that searches the rest of the text again
 * from each of its positions (a lazy pattern for a closing tag that never comes) takes about
 * sixteen times as long.
 */
const RUNS = Number(process.env.READER_TIME_RUNS ?? 4);
/** The shapes' seed: READER_TIME_SEED runs a run's shapes again. */
const SEED = Number(process.env.READER_TIME_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** A turn still unanswered after this long is named on stderr, with the seed, so a stall that ends in jest's timeout says what it read. */
const STALL_REPORT_MS = 5 * 60 * 1000;
const ROOT = path.join(__dirname, '..', '..');

let runner: ChildProcessWithoutNullStreams;
let answers: AsyncIterator<string>;

beforeAll(() => {
  runner = spawn(
    process.execPath,
    ['--min-semi-space-size=512', '--max-semi-space-size=512', '--import', 'tsx', 'test/support/reader-time-runner.ts'],
    { cwd: ROOT },
  );
  runner.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  answers = readline.createInterface({ input: runner.stdout })[Symbol.asyncIterator]();
});

afterAll(() => {
  runner.stdin.end();
});

/** The runner's times for a reader over the shape at its two sizes. */
const timed = async (reader: string, shape: Shape): Promise<{ ratio: number; ms: number[] }> => {
  runner.stdin.write(`${JSON.stringify({ reader, shape })}\n`);
  const stalled = setTimeout(
    () => process.stderr.write(`reader-time: ${reader} is still reading ${describeShape(shape)} (READER_TIME_SEED=${SEED})\n`),
    STALL_REPORT_MS,
  );
  const answer = await answers.next().finally(() => clearTimeout(stalled));
  if (answer.done) throw new Error('the runner ended');
  return JSON.parse(answer.value) as { ratio: number; ms: number[] };
};

const unitOf = (pieces: readonly string[]) =>
  fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));

const shapes = (pieces: readonly string[]): fc.Arbitrary<Shape> =>
  fc.oneof(
    unitOf(pieces).map((unit): Shape => ({ kind: 'repeat', unit })),
    fc
      .tuple(unitOf(pieces), unitOf(pieces), fc.constantFrom(...ENDS))
      .map(([first, then, end]): Shape => ({ kind: 'two', first, then, end })),
    fc.constantFrom(...ONE_CHARS).map((char): Shape => ({ kind: 'one', char })),
    unitOf(pieces).map((unit): Shape => ({ kind: 'numbered', unit })),
  );

describe.each(Object.entries(READERS))('%s', (reader, { domain }) => {
  test(`is linear: four times the input within eight times the time (the known freezes and ${RUNS} shapes)`, async () => {
    await fc.assert(
      fc.asyncProperty(shapes(PIECES[domain]), async (shape) => {
        const { ratio, ms } = await timed(reader, shape);
        if (ratio > LIMIT)
          throw new Error(
            `${describeShape(shape)}: ${ms[1].toFixed(1)} ms of CPU over 4x the input, ${ms[0].toFixed(1)} ms over 1x (x${ratio.toFixed(1)})`,
          );
      }),
      { numRuns: RUNS, seed: SEED, examples: FREEZES[domain].map((shape) => [shape]), endOnFailure: true },
    );
  }, 900_000);
});
