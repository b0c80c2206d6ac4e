/**
 * Times the readers for test/contract/reader-time.test.ts, in a Node process of its own
 * started with a young generation of one size, and a large one (`--min-semi-space-size` =
 * `--max-semi-space-size` = 512 MiB). Node grows it from 1 to 16 MiB as a process allocates,
 * and where one reading's allocations outgrow it the work moves to the old generation: a
 * builtin as linear as String.prototype.replace then takes seventeen times as long over four
 * times the input at some sizes, and Papa Parse over 5 MiB of line breaks five and a half
 * times. With the size fixed and above what a reading allocates, a collection costs a steady
 * share of the time at the sizes compared. One JSON line in per shape ({ reader, shape }),
 * one out ({ ratio, ms }).
 */
import * as fs from 'node:fs';
import * as readline from 'node:readline';
import { GROWTH_LIMIT } from './growth-limit';
import { leastGrowth } from './linear-time';
import { READERS, build, sizesOf, type Shape } from './reader-shapes';

/** Four times the input within eight times the time. */
export const LIMIT = GROWTH_LIMIT;

const main = async () => {
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const { reader, shape } = JSON.parse(line) as { reader: string; shape: Shape };
    const sizes = sizesOf(shape);
    const started = Date.now();
    const { ratio, ms } = await leastGrowth(READERS[reader].read, build(shape, sizes.small), build(shape, sizes.large), LIMIT);
    // READER_TIME_LOG names a file each measurement is added to, with how long it took to make.
    const log = process.env.READER_TIME_LOG;
    if (log) fs.appendFileSync(log, `${JSON.stringify({ reader, shape, ratio, ms, measuredMs: Date.now() - started })}\n`);
    process.stdout.write(`${JSON.stringify({ ratio, ms })}\n`);
  }
};

void main();
