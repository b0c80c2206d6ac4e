import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { isSharePage } from '@contract/share-pages';
import { Analytics } from '@/components/analytics';
import { ServiceWorker } from '@/components/service-worker';
import { SiteHeader } from '@/components/site-header';
import { analyticsAllowedOn } from '@/lib/analytics';
import { gaMeasurementId } from '@/lib/config';
import { requestNonce, requestPath } from '@/lib/nonce';
import { loadWebConfig } from '@/lib/server-config';
import { currentSession } from '@/lib/server-session';
import { pictureVersionOf, serverMe } from '@/lib/server-me';
import { PALETTES } from '@/lib/theme';
import { Providers } from './providers';

export const metadata: Metadata = {
  title: { default: 'Statement Vault', template: '%s · Statement Vault' },
  description: 'A private vault for your bank, card and brokerage statements.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: PALETTES.light.primary };

/**
 * Every page renders per request (it reads the request's cookies and nonce): the config is
 * read at run time, so the build that is tested is the build that deploys, for any stage,
 * and each page starts knowing who is signed in.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const [nonce, session, path] = await Promise.all([requestNonce(), currentSession(), requestPath()]);
  // Where the proxy did not say which page this is, no analytics.
  const analytics = path !== undefined && analyticsAllowedOn(path);
  const config = loadWebConfig();
  // Who is signed in, as the header names them: their name and picture, from their profile.
  const me = session ? (await serverMe(session))?.me : undefined;
  const auth = session ? ({ status: 'signedIn', sub: session.sub, email: session.email } as const) : ({ status: 'signedOut' } as const);
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Providers config={config} auth={auth} nonce={nonce}>
          <SiteHeader
            person={
              me
                ? {
                    sub: session!.sub,
                    name: me.displayName ?? undefined,
                    // Which picture, without its key (nothing of the storage layout or the person in a URL).
                    pictureVersion: pictureVersionOf(me.avatarKey),
                  }
                : session
                  ? { sub: session.sub }
                  : undefined
            }
          />
          <main id="main" className="page-main">
            {/* The share page works without it: it asks for the link instead. */}
            {!(path && isSharePage(path)) && (
              <noscript>
                <p className="noscript" role="alert">
                  Statement Vault needs JavaScript to sign you in and to keep your files private in your browser. Please turn it on for this
                  site.
                </p>
              </noscript>
            )}
            {children}
          </main>
        </Providers>
        <Analytics nonce={nonce} measurementId={analytics ? gaMeasurementId : undefined} />
        <ServiceWorker />
      </body>
    </html>
  );
}
