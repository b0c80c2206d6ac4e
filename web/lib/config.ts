import type { WebConfig } from '@contract';
import outputs from '@web-config';

/**
 * The one config module: the backend's endpoints and ids, read from the web config file
 * at build time (next.config.ts has already validated it; the bundle carries no validator).
 */
export const webConfig = outputs as unknown as WebConfig;

/** Set in the build environment to load Google Analytics; unset means no analytics script. */
export const gaMeasurementId = process.env.NEXT_PUBLIC_GA_MEASUREMENT_ID || undefined;
