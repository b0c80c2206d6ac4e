import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The local stack's part of Secrets Manager for the identifier secret: made at the first
 * start (as CloudFormation makes it at the first deploy) and kept in the data directory, so
 * the identifier keys stored in a person's statements still match after a restart.
 */
export const localIdentifierSecret = (file: string): string => {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // 64 letters and digits, as long as the deploy's GenerateSecretString makes it.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), {
      mode: 0o600,
      flag: 'wx',
    });
  }
  return fs.readFileSync(file, 'utf8');
};
