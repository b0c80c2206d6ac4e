/*
 * A push device's id, apart from the push schemas: the profile's notifications card finds
 * its own device with it, and this module brings no zod into that page.
 */

/**
 * A device's id: the first 128 bits of its endpoint's SHA-256, in hex. The same
 * subscription sent again is the same device, and a browser can tell which listed device
 * it is without the server ever showing an endpoint. WebCrypto, so the server and the
 * browser compute it alike.
 */
export const pushDeviceId = async (endpoint: string): Promise<string> => {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
  return [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
};

/** What `pushDeviceId` gives. */
export const PUSH_DEVICE_ID_PATTERN = /^[0-9a-f]{32}$/;
