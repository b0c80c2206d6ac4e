import * as fs from 'node:fs';
import { canInstallWithApt, installWithApt } from '../../local/system-packages';

/**
 * A system program the tests need, from Debian's packages. If it is missing, root installs
 * it with apt; anyone else gets the exact command. Never a skip.
 */
export const ensureDebianPackage = (input: { packageName: string; binary: string; neededFor: string }): string => {
  if (fs.existsSync(input.binary)) return input.binary;
  const command = `sudo apt-get update && sudo apt-get install -y ${input.packageName}`;
  if (!canInstallWithApt()) {
    throw new Error(`${input.neededFor} need Debian's ${input.packageName} (${input.binary}). Install it with:\n  ${command}`);
  }
  process.stderr.write(`${input.packageName} is missing: installing it with apt-get (once per machine)…\n`);
  if (!installWithApt(input.packageName) || !fs.existsSync(input.binary))
    throw new Error(`apt-get could not install ${input.packageName}; run:\n  ${command}`);
  return input.binary;
};
