import type { Child } from '../../../local/children';
import { startWebApp } from '../../../local/web';
import { ensureWebArtifact } from '../../../lib/web-build';
import { webArtifactDir } from '../../../lib/web-artifact';

/**
 * The web app as it deploys: OpenNext's build, run through its local server (the same
 * server handler behind a Node server that also serves the static files, answering as the
 * server function and CloudFront do), as `npm start` runs it.
 */
export const buildWebApp = (): string => {
  // Once per state of the sources: a run after another in the same checkout uses the build there.
  ensureWebArtifact('local', { quiet: true });
  return webArtifactDir('local');
};

export const startBuiltWebApp = (port: number, configFile: string, onOutput?: (line: string) => void): Promise<Child> =>
  startWebApp({ port, mode: 'start', configFile, onOutput });
