import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * A secret the local stack keeps: made at the first start (as CloudFormation makes one at
 * the first deploy) and kept in the data directory, so what it keyed still holds after a
 * restart: the identifier keys stored in a person's statements, the page tokens in a URL.
 */
export const keptLocalSecret = (file: string): string => {
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
