import { spawnSync } from 'node:child_process';
import { LAMBDA_ENV } from '../contract';

/** What a fresh Node process runs: its arguments after `node --no-warnings`, and what its environment adds. */
export interface ColdSubject {
  readonly name: string;
  readonly args: string[];
  readonly env?: Record<string, string>;
}

export interface ColdImport {
  readonly name: string;
  /** Median wall time of the subject's processes. */
  readonly ms: number;
  /** Median wall time of the empty processes run just before them. */
  readonly emptyMs: number;
  readonly ratio: number;
}

/**
 * Imports an ES module handler, as Lambda's Node runtime does. The runtime provides the
 * `awslambda` global, which a streaming handler (the web server's) calls at load; a
 * pass-through stands in for it here.
 */
export const importModule = (file: string): string[] => [
  '--input-type=module',
  '-e',
  `globalThis.awslambda = { streamifyResponse: (fn) => fn }; await import(${JSON.stringify(file)});`,
];

/**
 * What Lambda's runtime sets, with every variable the constructs give a handler (a superset of
 * any one handler's): Powertools' Tracer is on, as active tracing has it, and each handler
 * starts as it does when deployed. No request is made at import, so the values are placeholders.
 */
export const LAMBDA_LIKE_ENV: Record<string, string> = {
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '256',
  AWS_REGION: 'us-east-1',
  LAMBDA_TASK_ROOT: process.cwd(),
  _HANDLER: 'index.handler',
  AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  [LAMBDA_ENV.bucketName]: 'bench-files',
  [LAMBDA_ENV.tableName]: 'bench-table',
  [LAMBDA_ENV.allowedOrigins]: 'https://vault.example.com',
  [LAMBDA_ENV.logLevel]: 'INFO',
  [LAMBDA_ENV.deletionFunctionName]: 'bench-deletion',
  [LAMBDA_ENV.userPoolId]: 'us-east-1_bench',
  [LAMBDA_ENV.deletionJobRoleArn]: 'arn:aws:iam::123456789012:role/bench-deletion-job',
  [LAMBDA_ENV.shareReaderRoleArn]: 'arn:aws:iam::123456789012:role/bench-share-reader',
  [LAMBDA_ENV.notifierFunctionName]: 'bench-notifier',
  [LAMBDA_ENV.identifierSecretArn]: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:bench-identifiers',
  [LAMBDA_ENV.mailDomain]: 'mail.vault.example.com',
  [LAMBDA_ENV.pushVapidSecretArn]: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:bench-vapid',
  [LAMBDA_ENV.pushVapidSubject]: 'mailto:bench@example.com',
  [LAMBDA_ENV.graphqlApiId]: 'benchapi',
  [LAMBDA_ENV.graphqlApiKeyId]: 'da2-bench',
  [LAMBDA_ENV.edgeLogGroupName]: '/aws/lambda/us-east-1.bench-edge',
  [LAMBDA_ENV.edgeLogRetentionDays]: '365',
};

const EMPTY: ColdSubject = { name: 'empty node', args: ['-e', ''] };

/**
 * This machine's environment without what Lambda's Node runtime does not set: an extra CA
 * bundle, which Node reads and parses at every start (about 40 ms here), would pad the empty
 * process and every subject alike and so flatter each ratio.
 */
const machineEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
};

/** One fresh process's wall time, in milliseconds; a process that fails stops the bench, with what it said. */
const runOnce = (subject: ColdSubject): number => {
  const start = process.hrtime.bigint();
  // --no-warnings: the SDK warns once per process that its 2027 releases need Node 22.
  const result = spawnSync(process.execPath, ['--no-warnings', ...subject.args], {
    env: { ...machineEnv(), ...subject.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0)
    throw new Error(`${subject.name} does not load (exit ${result.status}): ${result.stderr.toString().slice(0, 2000)}`);
  return ms;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each subject's cold import against an empty Node process, median of `runs`: every subject
 * run follows an empty run, and the rounds go through all subjects in turn, so a busy moment of
 * the machine weighs on a subject and its baseline alike.
 */
export const coldImports = (subjects: ColdSubject[], runs: number): ColdImport[] => {
  const times = subjects.map(() => ({ subject: [] as number[], empty: [] as number[] }));
  for (let round = 0; round < runs; round++) {
    subjects.forEach((subject, index) => {
      times[index].empty.push(runOnce(EMPTY));
      times[index].subject.push(runOnce(subject));
    });
  }
  return subjects.map((subject, index) => {
    const ms = median(times[index].subject);
    const emptyMs = median(times[index].empty);
    return { name: subject.name, ms, emptyMs, ratio: ms / emptyMs };
  });
};
