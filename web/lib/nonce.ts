import { headers } from 'next/headers';

/** The request header the proxy puts this request's CSP nonce in. */
export const NONCE_HEADER = 'x-nonce';

/** This request's CSP nonce, for the server components that render scripts and styles. */
export const requestNonce = async (): Promise<string | undefined> => (await headers()).get(NONCE_HEADER) ?? undefined;

/** The request header the proxy says in whether this page may load analytics (`on`); anything else, or none, is no. */
export const ANALYTICS_HEADER = 'x-vault-analytics';

/** Whether this request's page may load analytics, as the proxy decided from its path. */
export const requestAllowsAnalytics = async (): Promise<boolean> => (await headers()).get(ANALYTICS_HEADER) === 'on';
