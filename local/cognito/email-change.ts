import type { VerifiedClaims } from '../auth/token-verifier';
import { CognitoFault, maskEmail } from './faults';
import { cognitoContext, type LocalUserPool } from './user-pool';

/** How long a code for a new address stays good, as Cognito's attribute-verification codes. */
const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What Cognito takes for an e-mail address: something@something, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

type Request = Record<string, any>;
type Attribute = { Name: string; Value?: string };

/** A change of address waiting for its code, kept on the stored user (never returned by GetUser). */
interface PendingEmail {
  email: string;
  code: string;
  expiresAt: number;
}

type StoredUser = NonNullable<Awaited<ReturnType<LocalUserPool['userPool']['getUserByUsername']>>> & { PendingEmail?: PendingEmail };

const clientOf = (claims?: VerifiedClaims): string | null => (typeof claims?.client_id === 'string' ? claims.client_id : null);

const attribute = (user: { Attributes: Attribute[] }, name: string) => user.Attributes.find((entry) => entry.Name === name)?.Value;

/**
 * A new e-mail address as Cognito changes it when the pool keeps the original until the new
 * one is verified (the deployed pool's `keepOriginal: { email: true }`): UpdateUserAttributes
 * sends a code to the new address and changes nothing else, so the person still signs in
 * and receives mail at the old one; VerifyUserAttribute with that code makes the new address
 * the e-mail (verified), and only then does sign-in take it. GetUserAttributeVerificationCode
 * sends a fresh code for a pending change. An address another account uses is refused.
 */
export const emailChangeHandlers = (
  pool: LocalUserPool,
  findUser: (username: unknown) => Promise<StoredUser | undefined>,
  delegate: (target: string, request: Request) => Promise<unknown>,
) => {
  const ctx = cognitoContext;

  const userOf = async (claims: VerifiedClaims | undefined): Promise<StoredUser> => {
    const user = claims ? ((await pool.userPool.getUserByUsername(ctx, claims.sub)) as StoredUser | null) : null;
    if (!user) throw new CognitoFault('UserNotFoundException', 'User does not exist.');
    return user;
  };

  const sendCode = async (user: StoredUser, email: string, clientId: string | null, metadata: unknown) => {
    const code = pool.services.otp();
    const pending: PendingEmail = { email, code, expiresAt: Date.now() + CODE_LIFETIME_MS };
    await pool.userPool.saveUser(ctx, { ...user, PendingEmail: pending } as never);
    const details = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } as const;
    await pool.services.messages.deliver(ctx, 'UpdateUserAttribute', clientId, pool.userPoolId, user, code, metadata as never, details);
    return { ...details, Destination: maskEmail(email) };
  };

  const requireFree = async (user: StoredUser, email: string) => {
    const holder = await findUser(email);
    if (holder && holder.Username !== user.Username)
      throw new CognitoFault('AliasExistsException', 'An account with the given email already exists.');
  };

  return {
    async UpdateUserAttributes(request: Request, claims?: VerifiedClaims) {
      const attributes = (Array.isArray(request.UserAttributes) ? request.UserAttributes : []) as Attribute[];
      const email = attributes.find((entry) => entry.Name === 'email');
      if (!email) return delegate('UpdateUserAttributes', request);
      const user = await userOf(claims);
      const wanted = String(email.Value ?? '').trim();
      if (!EMAIL.test(wanted)) throw new CognitoFault('InvalidParameterException', 'Invalid email address format.');
      const others = attributes.filter((entry) => entry.Name !== 'email' && entry.Name !== 'email_verified');
      if (others.length > 0) await delegate('UpdateUserAttributes', { ...request, UserAttributes: others });
      if (wanted.toLowerCase() === attribute(user, 'email')?.toLowerCase()) return { CodeDeliveryDetailsList: [] };
      await requireFree(user, wanted);
      const fresh = (await pool.userPool.getUserByUsername(ctx, user.Username)) as StoredUser;
      return { CodeDeliveryDetailsList: [await sendCode(fresh, wanted, clientOf(claims), request.ClientMetadata)] };
    },

    async VerifyUserAttribute(request: Request, claims?: VerifiedClaims) {
      if (request.AttributeName !== 'email') return delegate('VerifyUserAttribute', request);
      const user = await userOf(claims);
      const pending = user.PendingEmail;
      if (!pending) return delegate('VerifyUserAttribute', request);
      if (String(request.Code ?? '') !== pending.code)
        throw new CognitoFault('CodeMismatchException', 'Invalid verification code provided, please try again.');
      if (pending.expiresAt < Date.now())
        throw new CognitoFault('ExpiredCodeException', 'Invalid code provided, please request a code again.');
      await requireFree(user, pending.email);
      const kept = user.Attributes.filter((entry) => entry.Name !== 'email' && entry.Name !== 'email_verified');
      const { PendingEmail: _done, ...rest } = user;
      await pool.userPool.saveUser(ctx, {
        ...rest,
        Attributes: [...kept, { Name: 'email', Value: pending.email }, { Name: 'email_verified', Value: 'true' }],
      } as never);
      return {};
    },

    async GetUserAttributeVerificationCode(request: Request, claims?: VerifiedClaims) {
      const user = await userOf(claims);
      if (request.AttributeName !== 'email' || !user.PendingEmail) return delegate('GetUserAttributeVerificationCode', request);
      return { CodeDeliveryDetails: await sendCode(user, user.PendingEmail.email, clientOf(claims), request.ClientMetadata) };
    },
  };
};
