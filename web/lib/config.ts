import type { WebConfig } from '@contract';

/**
 * The one config module on the client: the backend's endpoints and ids, which the server
 * reads at run time (lib/server-config.ts) and the root layout hands to <Providers>.
 */
let current: WebConfig | undefined;

/** Takes the config the server rendered the page with. */
export const applyWebConfig = (config: WebConfig): void => {
  current = config;
};

export const webConfig = (): WebConfig => {
  if (!current) throw new Error('the web config is not applied yet: the root layout passes it to <Providers>');
  return current;
};

/** Set in the build environment to load Google Analytics; unset means no analytics script. */
export const gaMeasurementId = process.env.NEXT_PUBLIC_GA_MEASUREMENT_ID || undefined;
