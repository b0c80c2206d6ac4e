/**
 * The search index's reader of statement files, for the runners beside this file.
 *
 * It is loaded as the CommonJS module it is (as the Lambda's bundle and the local stack load
 * it): imported from an ES module, tsx would run it from a data: URL, from which its own
 * `import('pdfjs-dist/...')` resolves nothing. Resolved from the running script's path
 * (`process.argv[1]`, a runner in this folder; the project's TypeScript settings have no
 * `import.meta`).
 */
import { createRequire } from 'node:module';

export const { readContentText } = createRequire(process.argv[1])(
  '../../lambda/shared/search/content',
) as typeof import('../../lambda/shared/search/content');

/** A file to read and the type it is read as. */
export interface Job {
  file: string;
  type: string;
}
