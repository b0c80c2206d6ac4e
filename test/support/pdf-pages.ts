import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/** Each page's text of a PDF as pdf.js reads it (a reader this project did not write), run outside jest. */
export const pdfPagesText = (pdf: Uint8Array): string[] => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-pages-')), 'file.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'test/support/pdf-pages-runner.mts', file], { cwd: ROOT, encoding: 'utf8' }),
    ) as string[];
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
};

const unpackedPackets: string[] = [];
// The unpacked packets go when the test file's tests have run (its tests read them until then).
afterAll(() => {
  for (const folder of unpackedPackets.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/**
 * A packet checked as its recipient would: unpacked by Python's zipfile and its checksums
 * checked by coreutils' `sha256sum -c` (neither written here). Answers the unpacked folder
 * and sha256sum's report; throws when a file does not match.
 */
export const checkPacketOutside = (zip: Uint8Array): { folder: string; report: string } => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'packet-'));
  unpackedPackets.push(folder);
  const file = path.join(folder, 'packet.zip');
  fs.writeFileSync(file, zip);
  const unpacked = path.join(folder, 'unpacked');
  execFileSync('python3', ['-m', 'zipfile', '-e', file, unpacked]);
  const report = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: unpacked, encoding: 'utf8' });
  return { folder: unpacked, report };
};
