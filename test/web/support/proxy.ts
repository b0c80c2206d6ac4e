import { WEB_CONFIG_ENV } from '../../../contract';
import fixture from '../fixtures/amplify_outputs.json';

/*
 * What imports Next.js is loaded without its types: they redeclare `process.env` for every
 * file the root project compiles (NODE_ENV required, which other tests' environments lack).
 */
export type Proxy = (request: Request) => Promise<Response>;
export const { NextRequest } = jest.requireActual<{ NextRequest: new (url: string, init?: RequestInit) => Request }>('next/server');

/** A fresh copy of the web app's proxy, reading the fixture's config and `env` (set only while it loads). */
export const loadProxy = (env: Record<string, string> = {}): Proxy => {
  const saved = { ...process.env };
  Object.assign(process.env, { [WEB_CONFIG_ENV.json]: JSON.stringify(fixture), ...env });
  try {
    let proxy: Proxy | undefined;
    jest.isolateModules(() => {
      proxy = jest.requireActual<{ proxy: Proxy }>('../../../web/proxy').proxy;
      // The config is read once per process, at its first use: now, while the fixture is set.
      jest.requireActual<{ loadWebConfig: () => unknown }>('../../../web/lib/server-config').loadWebConfig();
    });
    return proxy!;
  } finally {
    process.env = saved;
  }
};
