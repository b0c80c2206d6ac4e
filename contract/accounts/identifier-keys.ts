/**
 * An account's identifiers (a full IBAN, an OFX bank and account id, a full account
 * number) and what names its bank (its name's words, a bank code) are never stored. What
 * is stored, on each statement and its account's summary, is a keyed hash of each:
 * HMAC-SHA256 under a key of the owner's own, which is derived from the deployment's
 * secret and the owner's id and never stored either. The same IBAN
 * filed twice by one person gives the same key, so the second file is matched to the
 * account; the table alone tells nothing of the number, nor that two people share one.
 */
export const IDENTIFIER_KEYS = {
  /** Keys one statement may carry (an OFX id and its bank's code, an IBAN and its bank's name and code). */
  perStatement: 4,
  /** A key: 32 bytes, base64url without padding. */
  pattern: /^[A-Za-z0-9_-]{43}$/,
  /** What the owner's key is derived for, so the deployment's secret can serve other uses apart. */
  derivation: 'statement-vault/account-identifiers/v1',
} as const;

const encoder = new TextEncoder();

const base64url = (bytes: ArrayBuffer): string => {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64url = (text: string): Uint8Array => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

const hmac = async (key: Uint8Array, message: string): Promise<string> => {
  const imported = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(await crypto.subtle.sign('HMAC', imported, encoder.encode(message)));
};

/**
 * A keyed hash under the owner's key, made once for many messages (the key is imported
 * once): what search keeps of each account number in a statement's text.
 */
export const ownerKeyHasher = async (ownerKey: string): Promise<(message: string) => Promise<string>> => {
  const key = await crypto.subtle.importKey('raw', fromBase64url(ownerKey) as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return async (message) => base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
};

/** The owner's identifier key (base64url), from the deployment's secret: what the statements API hands its owner. */
export const ownerIdentifierKey = (secret: string, owner: string): Promise<string> =>
  hmac(encoder.encode(secret), `${IDENTIFIER_KEYS.derivation}|${owner}`);

/** What is hashed: an identifier (contract/reading/account-numbers) or what names a bank (contract/accounts/match's `BankFact`). */
interface Hashed {
  kind: string;
  value: string;
}

/** An identifier as it is hashed: its kind and its canonical value, so an IBAN, a bare number and a bank's code never collide. */
export const identifierText = (identifier: Hashed): string => `${identifier.kind}:${identifier.value}`;

/** The keyed hash of one identifier (or bank fact) under the owner's key: what is stored and compared. */
export const identifierKeyOf = (ownerKey: string, identifier: Hashed): Promise<string> =>
  hmac(fromBase64url(ownerKey), identifierText(identifier));
