import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { LOCAL_CACHE_DIR, sourcesHash } from '../../lib/source-hash';
import type { AccessModel } from './access-model';

/** Where synthesized access models are kept, by the hash of what the synthesis reads. */
export const ACCESS_MODEL_DIR = path.join(LOCAL_CACHE_DIR, 'access-model');

/**
 * What the CDK app's template is made from: the app and its constructs, the contract they
 * import, the resolvers' schema and templates, the handlers (which the constructs name),
 * CDK's context and feature flags, the installed versions, and how the model reads the template.
 */
const SYNTH_INPUTS = [
  'lib',
  'bin',
  'contract',
  'graphql',
  'lambda',
  'cdk.json',
  'package-lock.json',
  'local/iam/access-model.ts',
  'local/iam/web-artifact-stub',
];

/** Models kept besides the current one (other checkouts' sources, a branch switched back). */
const KEPT = 8;

/**
 * Who may do what on the local stack (`buildAccessModel`), synthesized once for each state
 * of the sources and kept: synthesizing loads all of aws-cdk-lib and builds the stack, seconds
 * of a core at every start that the same sources would answer the same way.
 */
export const cachedAccessModel = async (input: { bucketName: string; tableName: string }): Promise<AccessModel> => {
  const names = createHash('sha256').update(`${input.bucketName}\0${input.tableName}`).digest('hex').slice(0, 8);
  const file = path.join(ACCESS_MODEL_DIR, `${sourcesHash(SYNTH_INPUTS)}-${names}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as AccessModel;
  } catch {
    // Not made yet for these sources (or cut short): made now.
  }
  const { buildAccessModel } = await import('./access-model');
  const model = buildAccessModel(input);
  fs.mkdirSync(ACCESS_MODEL_DIR, { recursive: true });
  // Written whole or not at all: stacks starting side by side may read it while it is written.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, JSON.stringify(model));
  fs.renameSync(partial, file);
  const older = fs
    .readdirSync(ACCESS_MODEL_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(ACCESS_MODEL_DIR, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const stale of older.slice(KEPT + 1)) fs.rmSync(stale, { force: true });
  return model;
};
