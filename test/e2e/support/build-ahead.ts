import { buildWebApp } from './web-app';

/**
 * The web app's build, started by the browser layer's global setup in a process of its own
 * so that it runs while the other layers' suites do (the sequencer runs the browser files
 * last): no worker waits idle for it. It takes the build's lock like any browser file; a
 * browser file that asks for the build while it runs waits for it, and one that finds it
 * failed builds again itself, where the failure is shown.
 */
buildWebApp().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
