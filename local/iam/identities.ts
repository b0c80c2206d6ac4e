import { createHash, randomBytes } from 'node:crypto';
import { LOCAL_CREDENTIALS } from '../settings';
import type { AccessModel, LocalPrincipal, PolicyDocument, PrincipalName } from './access-model';

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Whoever signed a request: one of the stack's principals, or the account itself (no policy applies). */
export type Signer = { kind: 'principal'; principal: LocalPrincipal } | { kind: 'account' };

/** The credentials a principal signs with on the local stack: derived from its name, the same in every run. */
export const principalCredentials = (name: PrincipalName): LocalCredentials => {
  const digest = createHash('sha256').update(`statement-vault-local/${name}`).digest();
  return {
    accessKeyId: `ASIA${digest.subarray(0, 10).toString('hex').toUpperCase().slice(0, 16)}`,
    secretAccessKey: digest.subarray(10).toString('base64').slice(0, 40),
  };
};

/**
 * The credentials each principal signs with on the local stack, as Lambda gives each
 * function its role's credentials. `LOCAL_CREDENTIALS` stay the account's own (the local
 * stack's setup, and tests acting as the account owner), which no policy limits.
 */
export const createIdentities = (model: AccessModel) => {
  const credentials = {} as Record<PrincipalName, LocalCredentials>;
  const byKey = new Map<string, { secret: string; signer: Signer }>([
    [LOCAL_CREDENTIALS.accessKeyId, { secret: LOCAL_CREDENTIALS.secretAccessKey, signer: { kind: 'account' } }],
  ]);
  for (const principal of Object.values(model.principals)) {
    const own = principalCredentials(principal.name);
    credentials[principal.name] = own;
    byKey.set(own.accessKeyId, { secret: own.secretAccessKey, signer: { kind: 'principal', principal } });
  }
  const issued: ((pair: LocalCredentials) => void)[] = [];
  return {
    /**
     * A session of a principal's role narrowed by a session policy, as STS AssumeRole with
     * `Policy` issues one: new credentials whose calls are held to both.
     */
    issueSession(name: PrincipalName, session: { sessionName: string; policy: PolicyDocument }): LocalCredentials {
      const role = model.principals[name];
      const pair = {
        accessKeyId: `ASIA${randomBytes(8).toString('hex').toUpperCase()}`,
        secretAccessKey: randomBytes(30).toString('base64'),
      };
      const principal: LocalPrincipal = {
        ...role,
        sessionArn: role.sessionArn.replace(/\/[^/]+$/, `/${session.sessionName}`),
        sessionPolicy: session.policy,
      };
      byKey.set(pair.accessKeyId, { secret: pair.secretAccessKey, signer: { kind: 'principal', principal } });
      for (const listener of issued) listener(pair);
      return pair;
    },
    /** Calls `listener` with every key pair issued from now on (an emulator that keeps its own registry). */
    onIssued(listener: (pair: LocalCredentials) => void): void {
      issued.push(listener);
    },
    /** Every key pair, so the emulator behind the front knows them all. */
    all: (): LocalCredentials[] => [...byKey].map(([accessKeyId, { secret }]) => ({ accessKeyId, secretAccessKey: secret })),
    credentialsOf: (name: PrincipalName): LocalCredentials => credentials[name],
    secretFor: (accessKeyId: string): string | undefined => byKey.get(accessKeyId)?.secret,
    signerOf: (accessKeyId: string): Signer | undefined => byKey.get(accessKeyId)?.signer,
  };
};

export type Identities = ReturnType<typeof createIdentities>;
