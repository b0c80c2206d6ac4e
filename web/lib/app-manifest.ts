import { acceptAttribute } from '@contract/file-types';
import { SHARE_TARGET } from '@contract/share-target';
import { PAGES } from './routes';
import { PALETTES } from './theme';

/**
 * The web app manifest's content (served as `/manifest.webmanifest` by web/app/manifest.ts):
 * the vault installs as an app that opens on the statements list, and takes statement files
 * shared to it from other apps (contract/share-target.ts).
 */
export const APP_MANIFEST = {
  name: 'Statement Vault',
  short_name: 'Vault',
  description: 'Keep your financial statements: filed by account and month, searchable, and shared only as you choose.',
  id: PAGES.statements,
  start_url: PAGES.statements,
  scope: '/',
  display: 'standalone',
  background_color: PALETTES.light.background,
  theme_color: PALETTES.light.primary,
  icons: [
    { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  ],
  share_target: {
    action: SHARE_TARGET.action,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: SHARE_TARGET.field, accept: acceptAttribute('statement').split(',') }] },
  },
} as const;
