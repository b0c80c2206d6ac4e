import type { WebConfig } from '@contract';
import { configureAmplify } from './amplify-config';

/**
 * The one config module on the client: the backend's endpoints and ids, which the server
 * reads at run time (lib/server-config.ts) and the root layout hands to <Providers>.
 * Amplify keeps its own copy the same way (`Amplify.configure`).
 */
let current: WebConfig | undefined;

/** Takes the config the server rendered the page with; the first call also configures Amplify. */
export const applyWebConfig = (config: WebConfig): void => {
  if (current === config) return;
  current = config;
  configureAmplify(config);
};

export const webConfig = (): WebConfig => {
  if (!current) throw new Error('the web config is not applied yet: the root layout passes it to <Providers>');
  return current;
};

/** Set in the build environment to load Google Analytics; unset means no analytics script. */
export const gaMeasurementId = process.env.NEXT_PUBLIC_GA_MEASUREMENT_ID || undefined;
