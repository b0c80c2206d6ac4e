import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server side of Cognito's SRP-6a variant (USER_SRP_AUTH, PASSWORD_VERIFIER), the
 * flow Amplify signs in with by default. It mirrors the client's arithmetic in
 * @aws-amplify/auth (AuthenticationHelper): a 3072-bit group with g = 2, SHA-256, padded
 * two's-complement hex, and HKDF("Caldera Derived Key") for the session key. The server
 * knows the password (the emulator stores it), derives the verifier from it with a fresh
 * salt, and checks the client's signature, so a wrong password really fails.
 */
const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;

/** Non-negative values only: even length, and a leading 00 when the top bit is set. */
export const padHex = (value: bigint): string => {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
};

const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex').padStart(64, '0');
const hashHex = (hex: string): string => sha256Hex(Buffer.from(hex, 'hex'));

const modPow = (base: bigint, exponent: bigint, modulus: bigint): bigint => {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
};

const k = BigInt(`0x${hashHex(padHex(N) + padHex(g))}`);

const hkdf = (ikm: Buffer, salt: Buffer): Buffer => {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
};

/** The server's side of one challenge: what it needs again to check the answer. */
export interface SrpState {
  b: bigint;
  A: bigint;
  verifier: bigint;
}

export interface SrpChallenge extends SrpState {
  /** Sent to the client. */
  salt: string;
  srpB: string;
}

/**
 * Starts a PASSWORD_VERIFIER challenge for `userId` (USER_ID_FOR_SRP) with the client's A.
 * Returns undefined when A is invalid (A mod N = 0), which Cognito refuses.
 */
export const startChallenge = (input: { poolName: string; userId: string; password: string; srpA: string }): SrpChallenge | undefined => {
  const A = BigInt(`0x${input.srpA}`);
  if (A % N === 0n) return undefined;
  const salt = BigInt(`0x${randomBytes(16).toString('hex')}`);
  const x = BigInt(`0x${hashHex(padHex(salt) + sha256Hex(`${input.poolName}${input.userId}:${input.password}`))}`);
  const verifier = modPow(g, x, N);
  for (;;) {
    const b = BigInt(`0x${randomBytes(128).toString('hex')}`) % N;
    const B = (k * verifier + modPow(g, b, N)) % N;
    if (B % N === 0n) continue;
    return { salt: padHex(salt), srpB: B.toString(16), b, A, verifier };
  }
};

/**
 * Checks PASSWORD_CLAIM_SIGNATURE against the session key derived on the server's side;
 * the signature covers the secret block the client was given.
 */
export const verifyClaim = (
  challenge: SrpState,
  input: { poolName: string; userId: string; secretBlock: string; timestamp: string; signature: string },
): boolean => {
  const B = (k * challenge.verifier + modPow(g, challenge.b, N)) % N;
  const u = BigInt(`0x${hashHex(padHex(challenge.A) + padHex(B))}`);
  if (u === 0n) return false;
  const S = modPow(challenge.A * modPow(challenge.verifier, u, N), challenge.b, N);
  const key = hkdf(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'));
  const expected = createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(input.poolName, 'utf8'),
        Buffer.from(input.userId, 'utf8'),
        Buffer.from(input.secretBlock, 'base64'),
        Buffer.from(input.timestamp, 'utf8'),
      ]),
    )
    .digest();
  const given = Buffer.from(input.signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
