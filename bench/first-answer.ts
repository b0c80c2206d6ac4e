import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { STATEMENT_ROUTES } from '../contract/routes';
import { LAMBDA_ESBUILD_OPTIONS, LAMBDA_ROOT } from '../lib/lambda-bundle';
import { LAMBDA_LIKE_ENV, type ColdSubject } from './cold-import';

/**
 * A cold start up to a handler's first answer, in a fresh Node process: import the bundle
 * and invoke it once with an event it answers without calling AWS (a request without a
 * token), which still makes what its first invocation makes (its clients, the tracer, the
 * correlation id search). What the ES module chunks defer is paid here, so this shows
 * whether deferring it made a cold start faster or only moved its cost.
 */
export interface FirstAnswer {
  readonly entry: string;
  /** The event, and what a correct first answer holds. */
  readonly event: unknown;
  readonly expect: { readonly statusCode: number } | { readonly errorType: string };
}

export const FIRST_ANSWERS: FirstAnswer[] = [
  {
    entry: 'statements/index.ts',
    event: {
      httpMethod: STATEMENT_ROUTES.downloadUrl.method,
      resource: STATEMENT_ROUTES.downloadUrl.resource,
      path: '/statements/bench/download-url',
      pathParameters: { statementId: 'bench' },
      headers: { origin: 'https://vault.example.com' },
      body: null,
      isBase64Encoded: false,
      requestContext: { requestId: 'bench' },
    },
    expect: { statusCode: 401 },
  },
  {
    entry: 'statement-search/index.ts',
    event: { field: 'search', owner: 'nobody', arguments: { query: 'rent' }, requestId: 'bench' },
    expect: { errorType: 'Unauthorized' },
  },
];

/** The same entry as one CommonJS file, as the handlers were bundled before: the baseline. */
export const bundleAsOneFile = (entry: string, outfile: string): void => {
  buildSync({
    ...LAMBDA_ESBUILD_OPTIONS,
    mainFields: [...LAMBDA_ESBUILD_OPTIONS.mainFields],
    format: 'cjs',
    splitting: false,
    banner: {},
    outExtension: {},
    entryPoints: [path.join(LAMBDA_ROOT, entry)],
    outfile,
  });
};

/** A fresh process that imports `file`, invokes its handler once and fails unless the answer is the expected one. */
export const firstAnswerSubject = (name: string, file: string, answer: FirstAnswer): ColdSubject => ({
  name,
  // The trace header Lambda sets for each invocation (active tracing, sampled).
  env: { ...LAMBDA_LIKE_ENV, _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1' },
  args: [
    '--input-type=module',
    '-e',
    `const module = await import(${JSON.stringify(file)});
     const handler = module.handler ?? module.default.handler;
     const context = { functionName: 'bench', functionVersion: '$LATEST', awsRequestId: 'bench', getRemainingTimeInMillis: () => 10000 };
     const answer = await handler(${JSON.stringify(answer.event)}, context);
     const expected = ${JSON.stringify(answer.expect)};
     const ok = 'statusCode' in expected ? answer?.statusCode === expected.statusCode : answer?.error?.type === expected.errorType;
     if (!ok) { console.error(JSON.stringify(answer)); process.exit(3); }`,
  ],
});
