import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { Analytics } from '@/components/analytics';
import { ServiceWorker } from '@/components/service-worker';
import { SiteHeader } from '@/components/site-header';
import { loadWebConfig } from '@/lib/server-config';
import { Providers } from './providers';

export const metadata: Metadata = {
  title: { default: 'Statement Vault', template: '%s · Statement Vault' },
  description: 'A private vault for your bank, card and brokerage statements.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1d4ed8' };

/**
 * Every page renders per request: the config is read at run time, so the build that is
 * tested is the build that deploys, for any stage.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const config = loadWebConfig();
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Providers config={config}>
          <SiteHeader />
          <main id="main" style={{ maxWidth: '60rem', margin: '0 auto', padding: '1.5rem 1rem 4rem' }}>
            {children}
          </main>
        </Providers>
        <Analytics />
        <ServiceWorker />
      </body>
    </html>
  );
}
