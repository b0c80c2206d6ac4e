import { headers } from 'next/headers';

/** The request header the proxy puts this request's CSP nonce in. */
export const NONCE_HEADER = 'x-nonce';

/** This request's CSP nonce, for the server components that render scripts and styles. */
export const requestNonce = async (): Promise<string | undefined> => (await headers()).get(NONCE_HEADER) ?? undefined;
