import type { Child } from '../../../local/children';
import { startWebApp } from '../../../local/web';
import { buildWebArtifact } from '../../../lib/web-build';

/**
 * The web app as it deploys: OpenNext's build, run through its local server (the same
 * server handler behind a Node server that also serves the static files, answering as the
 * server function and CloudFront do), as `npm start` runs it.
 */
export const buildWebApp = (): string => buildWebArtifact('local', { quiet: true });

export const startBuiltWebApp = (port: number, configFile: string): Promise<Child> => startWebApp({ port, mode: 'start', configFile });
