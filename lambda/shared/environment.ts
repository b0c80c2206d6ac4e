import { LAMBDA_ENV } from '../../contract/lambda-env';

/**
 * A handler's environment, parsed once at cold start. Plain checks rather than a schema
 * library: this runs before anything else in every function, and a schema library would
 * be loaded for it alone.
 */
export interface HandlerEnvironment {
  bucketName: string;
  tableName: string;
  allowedOrigins: string[];
  logLevel?: string;
  metricsDisabled: boolean;
  /** Set for the functions that start or run account deletions. */
  deletionFunctionName?: string;
  userPoolId?: string;
  deletionJobRoleArn?: string;
  /** Set for the share API. */
  shareReaderRoleArn?: string;
  /** Set for the share API: who tells an owner of a share's first opening. */
  notifierFunctionName?: string;
  /** Set for the statements API, the mail function, the catalogue's functions and search: the secret owners' identifier keys come from. */
  identifierSecretArn?: string;
  /** Set for the statements API and the mail function where the deployment receives mail. */
  mailDomain?: string;
  /** Set for the statements API where the deployment receives mail: the function that files a waiting file. */
  mailFunctionName?: string;
  /** Seconds with no malware verdict after which the sweep asks for another scan (set on the local stack). */
  scanRetrySeconds?: number;
  /** Set for the functions that read statements' files (the catalogue's and the mail function): milliseconds one file is read for. */
  readingBudgetMs?: number;
  /** Set for the catalogue's functions: milliseconds one file's scanned pages are read for by OCR. */
  ocrBudgetMs?: number;
  /** Set for the functions that send web push. */
  push?: { vapidSecretArn: string; subject: string; extraOrigins: string[] };
}

const notSet = (name: string) => `environment variable ${name} is not set`;

/** A setting only some functions need, required where one uses it: its absence stops the call, naming it. */
export const required = (value: string | undefined, name: string): string => {
  if (!value) throw new Error(notSet(name));
  return value;
};

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** What is wrong with a variable a handler needs, if anything. */
const textProblem = (env: Record<string, string | undefined>, name: string): string | undefined => {
  const value = env[name];
  if (typeof value !== 'string') return notSet(name);
  if (value.length === 0) return `environment variable ${name} is empty`;
  return undefined;
};

/** Stops a cold start unless each of these variables is set and not empty, naming every one that is not in one message. */
export const requireVariables = (env: Record<string, string | undefined>, names: readonly string[]): void => {
  const problems = names.map((name) => textProblem(env, name)).filter(Boolean);
  if (problems.length > 0) throw new Error(problems.join('; '));
};

/** A reading budget in milliseconds: a count above zero, or the cold start stops naming the variable. */
const budgetMs = (value: string, name: string): number => {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0)
    throw new Error(`environment variable ${name} is not a whole number of milliseconds above zero: ${value}`);
  return ms;
};

/** Parses a handler's environment; a missing variable stops the cold start, naming it (every one missing, in one message). */
export const parseEnvironment = (env: Record<string, string | undefined>): HandlerEnvironment => {
  requireVariables(env, [LAMBDA_ENV.bucketName, LAMBDA_ENV.tableName]);
  return {
    bucketName: env[LAMBDA_ENV.bucketName] as string,
    tableName: env[LAMBDA_ENV.tableName] as string,
    allowedOrigins: list(env[LAMBDA_ENV.allowedOrigins]),
    logLevel: env[LAMBDA_ENV.logLevel],
    metricsDisabled: env[LAMBDA_ENV.metricsDisabled] === 'true',
    deletionFunctionName: env[LAMBDA_ENV.deletionFunctionName] || undefined,
    userPoolId: env[LAMBDA_ENV.userPoolId] || undefined,
    deletionJobRoleArn: env[LAMBDA_ENV.deletionJobRoleArn] || undefined,
    shareReaderRoleArn: env[LAMBDA_ENV.shareReaderRoleArn] || undefined,
    notifierFunctionName: env[LAMBDA_ENV.notifierFunctionName] || undefined,
    identifierSecretArn: env[LAMBDA_ENV.identifierSecretArn] || undefined,
    mailDomain: env[LAMBDA_ENV.mailDomain]?.toLowerCase() || undefined,
    mailFunctionName: env[LAMBDA_ENV.mailFunctionName] || undefined,
    ...(env[LAMBDA_ENV.scanRetrySeconds] ? { scanRetrySeconds: Number(env[LAMBDA_ENV.scanRetrySeconds]) } : {}),
    ...(env[LAMBDA_ENV.readingBudgetMs]
      ? { readingBudgetMs: budgetMs(env[LAMBDA_ENV.readingBudgetMs] as string, LAMBDA_ENV.readingBudgetMs) }
      : {}),
    ...(env[LAMBDA_ENV.ocrBudgetMs] ? { ocrBudgetMs: budgetMs(env[LAMBDA_ENV.ocrBudgetMs] as string, LAMBDA_ENV.ocrBudgetMs) } : {}),
    ...(env[LAMBDA_ENV.pushVapidSecretArn]
      ? {
          push: {
            vapidSecretArn: env[LAMBDA_ENV.pushVapidSecretArn] as string,
            subject: required(env[LAMBDA_ENV.pushVapidSubject], LAMBDA_ENV.pushVapidSubject),
            extraOrigins: list(env[LAMBDA_ENV.pushExtraOrigins]),
          },
        }
      : {}),
  };
};
