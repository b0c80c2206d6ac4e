import type { MetadataRoute } from 'next';
import { APP_MANIFEST } from '@/lib/app-manifest';

/** `/manifest.webmanifest`: the app as it installs, and the files it takes from other apps. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    ...APP_MANIFEST,
    icons: [...APP_MANIFEST.icons],
    share_target: {
      ...APP_MANIFEST.share_target,
      params: { files: APP_MANIFEST.share_target.params.files.map((file) => ({ ...file })) },
    },
  };
}
