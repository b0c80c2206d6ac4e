import { headers } from 'next/headers';

/** The request header the proxy puts this request's CSP nonce in. */
export const NONCE_HEADER = 'x-nonce';

/** This request's CSP nonce, for the server components that render scripts and styles. */
export const requestNonce = async (): Promise<string | undefined> => (await headers()).get(NONCE_HEADER) ?? undefined;

/**
 * The request header the proxy puts the page's path in (whatever a viewer sent under that
 * name), for the root layout, which Next.js does not tell it.
 */
export const PATH_HEADER = 'x-vault-path';

/** This request's page path, as the proxy saw it; undefined where the proxy did not run. */
export const requestPath = async (): Promise<string | undefined> => (await headers()).get(PATH_HEADER) ?? undefined;
