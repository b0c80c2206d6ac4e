import Script from 'next/script';
import { gaMeasurementId } from '@/lib/config';

/**
 * Google Analytics (gtag), loaded through next/script only when a measurement id is set
 * in the build environment (NEXT_PUBLIC_GA_MEASUREMENT_ID); otherwise nothing at all.
 */
export const Analytics = ({ measurementId = gaMeasurementId }: { measurementId?: string }) => {
  if (!measurementId) return null;
  return (
    <>
      <Script src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`} strategy="afterInteractive" />
      <Script id="gtag-init" strategy="afterInteractive">
        {`window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(measurementId)});`}
      </Script>
    </>
  );
};
