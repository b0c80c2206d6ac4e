import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureDebianPackage } from './debian-package';

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

/** A program of Debian's, installed if missing (ensureDebianPackage). */
const debian = (packageName: string, binary: string) => ensureDebianPackage({ packageName, binary, neededFor: 'The packet tests' });

/** The unzips a packet's recipient may use, each run as they would run it. */
const UNZIPS: { tool: string; extract: (zip: string, into: string, env: NodeJS.ProcessEnv) => void }[] = [
  { tool: "Python's zipfile", extract: (zip, into, env) => execFileSync('python3', ['-m', 'zipfile', '-e', zip, into], { env }) },
  {
    tool: "Info-ZIP's unzip",
    extract: (zip, into, env) => execFileSync(debian('unzip', '/usr/bin/unzip'), ['-q', zip, '-d', into], { env }),
  },
  {
    tool: 'bsdtar',
    extract: (zip, into, env) => {
      fs.mkdirSync(into);
      execFileSync(debian('libarchive-tools', '/usr/bin/bsdtar'), ['-xf', zip], { cwd: into, env });
    },
  },
];

/** A UTF-8 locale and the bare C locale a container or a cron job runs in. */
const LOCALES = ['C.UTF-8', 'C'];

/**
 * A packet checked as its recipient would: unpacked by Python's zipfile, Info-ZIP's unzip
 * and bsdtar (none written here), each in a UTF-8 and the C locale, and its checksums checked
 * in each by coreutils' `sha256sum -c`. Answers the folder Python unpacked and sha256sum's
 * report, the same for every unzip; throws, naming the unzip and locale, when a file does not
 * match or is not where SHA256SUMS says.
 */
export const checkPacketOutside = (zip: Uint8Array): { folder: string; report: string } => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'packet-'));
  unpackedPackets.push(folder);
  const file = path.join(folder, 'packet.zip');
  fs.writeFileSync(file, zip);
  const reports = UNZIPS.flatMap(({ tool, extract }, index) =>
    LOCALES.map((locale) => {
      const env = { ...process.env, LANG: locale, LC_ALL: locale };
      const unpacked = path.join(folder, `unpacked-${index}-${locale}`);
      try {
        extract(file, unpacked, env);
        return execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: unpacked, encoding: 'utf8', env, stdio: 'pipe' });
      } catch (error) {
        const { stdout, stderr } = error as { stdout?: Buffer | string; stderr?: Buffer | string };
        throw new Error(`${tool} in the ${locale} locale: ${String(stdout ?? '')}${String(stderr ?? '')}`.trim(), { cause: error });
      }
    }),
  );
  for (const report of reports) expect(report).toBe(reports[0]);
  return { folder: path.join(folder, `unpacked-0-${LOCALES[0]}`), report: reports[0] };
};
