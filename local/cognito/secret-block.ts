import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SrpState } from './srp';

/** How long a PASSWORD_VERIFIER challenge may be answered. */
const CHALLENGE_SECONDS = 180;

/** What the secret block carries from the challenge to its answer. */
export interface SealedChallenge extends SrpState {
  userId: string;
  clientId: string;
}

/**
 * Cognito's SRP step carries its state in SECRET_BLOCK, not in a Session: the answer to
 * PASSWORD_VERIFIER returns the block (PASSWORD_CLAIM_SECRET_BLOCK) and signs it, and a
 * client need not echo anything else. Here the block is the challenge's server state,
 * encrypted and authenticated (AES-256-GCM) with a key this process holds, so nobody can
 * read the server's secret or forge a block. Each block is taken once, within three minutes,
 * for the client it was issued to.
 */
export const createSecretBlocks = (now: () => number = Date.now) => {
  const key = randomBytes(32);
  /** Blocks already answered (by their digest), until they expire anyway. */
  const used = new Map<string, number>();

  return {
    seal(challenge: SealedChallenge): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const plain = JSON.stringify({
        u: challenge.userId,
        c: challenge.clientId,
        b: challenge.b.toString(16),
        A: challenge.A.toString(16),
        v: challenge.verifier.toString(16),
        e: now() + CHALLENGE_SECONDS * 1000,
      });
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64');
    },

    /** The challenge a block was sealed with; undefined for a block that is forged, expired, answered already or another client's. */
    open(block: unknown, clientId: unknown): SealedChallenge | undefined {
      if (typeof block !== 'string' || block.length > 4096) return undefined;
      const bytes = Buffer.from(block, 'base64');
      if (bytes.length < 12 + 16 + 1) return undefined;
      const digest = createHash('sha256').update(bytes).digest('hex');
      for (const [seen, expires] of used) if (expires < now()) used.delete(seen);
      if (used.has(digest)) return undefined;
      let state: { u: string; c: string; b: string; A: string; v: string; e: number };
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        state = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8'));
      } catch {
        return undefined;
      }
      if (state.e < now() || state.c !== clientId) return undefined;
      used.set(digest, state.e);
      return { userId: state.u, clientId: state.c, b: BigInt(`0x${state.b}`), A: BigInt(`0x${state.A}`), verifier: BigInt(`0x${state.v}`) };
    },
  };
};
