/**
 * `npm run score:reading`: every corpus file through the product's readers, scored per
 * field (right, wrong, not read), with the list of wrong values; `-- --files` adds a row per
 * file. `-- --raise-floors` writes
 * today's counts to test/fixtures/corpus/floors.json, refusing when a field reads less than
 * its floor or a value is read wrong that was not before.
 */
import * as fs from 'node:fs';
import { FLOORS_FILE, fileReport, raisedFloors, readFloors, scoreCorpus, scoreReport } from './reading-scores';

const scored = scoreCorpus();
process.stdout.write(scoreReport(scored));
if (process.argv.includes('--files')) process.stdout.write(fileReport(scored));
if (process.argv.includes('--raise-floors')) {
  const { floors, refused } = raisedFloors(scored, fs.existsSync(FLOORS_FILE) ? readFloors() : undefined);
  if (refused.length > 0) {
    process.stderr.write(`Floors not raised:\n${refused.map((reason) => `  ${reason}`).join('\n')}\n`);
    process.exitCode = 1;
  } else {
    fs.writeFileSync(FLOORS_FILE, `${JSON.stringify(floors, null, 2)}\n`);
    process.stdout.write(`Floors written to ${FLOORS_FILE}\n`);
  }
}
