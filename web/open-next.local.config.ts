import type { OpenNextConfig } from '@opennextjs/aws/types/open-next.js';
import deployed, { noCaches } from './open-next.config';

/**
 * The deployed build's config with a local server in front of the same handler: a Node
 * HTTP server that also serves the static files, and answers on the wire as the server
 * function and CloudFront do on AWS (open-next-local-wrapper.ts).
 */
const config = {
  ...deployed,
  default: {
    override: { wrapper: () => import('./open-next-local-wrapper').then((module) => module.default), converter: 'node', ...noCaches },
  },
} satisfies OpenNextConfig;

export default config;
