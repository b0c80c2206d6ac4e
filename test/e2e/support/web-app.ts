import type { Child } from '../../../local/children';
import { startWebApp } from '../../../local/web';
import { buildWebArtifact } from '../../../scripts/web-build';

/**
 * The web app as it deploys: OpenNext's build, run through OpenNext's own local mode
 * (its express wrapper around the same server handler, serving the same static files),
 * as `LOCAL_WEB_MODE=start npm start` runs it.
 */
export const buildWebApp = (): string => buildWebArtifact('local', { quiet: true });

export const startBuiltWebApp = (port: number, configFile: string): Promise<Child> => startWebApp({ port, mode: 'start', configFile });
