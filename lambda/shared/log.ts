import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The logging port of the handlers. Entries are structured: a message and flat fields.
 * Callers pass ids, routes, statuses and sizes, never tokens, headers or presigned URLs;
 * the fuzz tests capture every entry and check that.
 */
export type LogFields = Record<string, string | number | boolean | undefined>;

export interface Log {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** Powertools' JSON logger (level from POWERTOOLS_LOG_LEVEL, default INFO). */
export const powertoolsLog = (serviceName: string): Log => {
  const logger = new Logger({ serviceName });
  return {
    info: (message, fields) => logger.info(message, { ...fields }),
    warn: (message, fields) => logger.warn(message, { ...fields }),
    error: (message, fields) => logger.error(message, { ...fields }),
  };
};
