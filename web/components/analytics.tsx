import { gaMeasurementId } from '@/lib/config';

/**
 * Google Analytics (gtag), only when a measurement id is set in the build environment
 * (NEXT_PUBLIC_GA_MEASUREMENT_ID); otherwise nothing at all. Plain script elements the
 * server renders: the loader is async (it never holds up the page) and both carry the
 * request's CSP nonce; the CSP allows Google's origins only then. next/script would add
 * its loader to every page's JavaScript whether analytics is on or not.
 */
export const Analytics = ({ measurementId = gaMeasurementId, nonce }: { measurementId?: string; nonce?: string }) => {
  if (!measurementId) return null;
  return (
    <>
      <script async src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`} nonce={nonce} />
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(measurementId)});`,
        }}
      />
    </>
  );
};
