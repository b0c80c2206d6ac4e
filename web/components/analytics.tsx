import { analyticsScript } from '@/lib/analytics';
import { AnalyticsPageViews } from './analytics-page-views';

/**
 * Google Analytics (gtag), only when given a measurement id: the root layout passes the
 * build's (NEXT_PUBLIC_GA_MEASUREMENT_ID) where the page allows it, never on the share page
 * (it asks the proxy); otherwise nothing at all. Plain script elements the server
 * renders: the loader is async (it never holds up the page) and both carry the request's
 * CSP nonce; the CSP allows Google's origins only then. The set-up gives gtag only
 * addresses without their query or fragment (lib/analytics.ts), and a page view goes with
 * each new path. next/script would add its loader to every page's JavaScript whether
 * analytics is on or not.
 */
export const Analytics = ({ measurementId, nonce }: { measurementId: string | undefined; nonce?: string }) => {
  if (!measurementId) return null;
  return (
    <>
      <script async src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`} nonce={nonce} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: analyticsScript(measurementId) }} />
      <AnalyticsPageViews />
    </>
  );
};
