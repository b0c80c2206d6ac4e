import { randomUUID } from 'node:crypto';
import { passwordProblem } from '../../contract';
import type { TokenVerifier } from '../auth/token-verifier';
import { startChallenge, verifyClaim, type SrpChallenge } from './srp';
import { cognitoContext, type LocalUserPool } from './user-pool';

/** A Cognito error as the service returns it: `{ __type, message }` with status 400. */
export class CognitoFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const notAuthorized = () => new CognitoFault('NotAuthorizedException', 'Incorrect username or password.');

const faultCode = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;

/** cognito-local says InvalidPasswordException / UserNotFoundException where Cognito says NotAuthorized. */
const asSignInFailure = (error: unknown): unknown =>
  ['InvalidPasswordException', 'UserNotFoundException'].includes(faultCode(error) ?? '') ? notAuthorized() : error;

const requireGoodPassword = (password: unknown): void => {
  if (typeof password !== 'string' || passwordProblem(password)) {
    throw new CognitoFault('InvalidPasswordException', 'Password did not conform with policy: Password not long enough');
  }
};

type Request = Record<string, any>;

/**
 * What cognito-local lacks and Amplify v6 needs, in front of cognito-local's own targets:
 * SRP sign-in with real verification, GetTokensFromRefreshToken, GlobalSignOut,
 * ResendConfirmationCode, the password length rule, NotAuthorizedException for a wrong
 * password or unknown user, and email_verified after a confirmation by e-mailed code.
 */
export const createUserPoolCompat = (pool: LocalUserPool, tokens: TokenVerifier) => {
  const ctx = cognitoContext;
  const poolName = pool.userPoolId.split('_')[1];
  const delegate = (target: string, request: Request) => pool.route(target)(ctx, request as never);
  const sessions = new Map<string, { challenge: SrpChallenge; userId: string; expires: number }>();

  const markEmailVerified = async (username: string) => {
    const user = await pool.userPool.getUserByUsername(ctx, username);
    if (!user) return;
    const attributes = user.Attributes.filter((attribute) => attribute.Name !== 'email_verified');
    await pool.userPool.saveUser(ctx, { ...user, Attributes: [...attributes, { Name: 'email_verified', Value: 'true' }] });
  };

  const tokensFor = async (userId: string, clientId: string) => {
    const user = await pool.userPool.getUserByUsername(ctx, userId);
    if (!user) throw notAuthorized();
    return delegate('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.Username, PASSWORD: user.Password },
    });
  };

  const handlers: Record<string, (request: Request) => Promise<unknown>> = {
    async SignUp(request) {
      requireGoodPassword(request.Password);
      return delegate('SignUp', request);
    },

    async ConfirmSignUp(request) {
      const result = await delegate('ConfirmSignUp', request);
      await markEmailVerified(request.Username);
      return result;
    },

    async ResendConfirmationCode(request) {
      await pool.services.cognito.getUserPoolForClientId(ctx, request.ClientId);
      const user = await pool.userPool.getUserByUsername(ctx, request.Username);
      const email = user?.Attributes.find((attribute) => attribute.Name === 'email')?.Value;
      const details = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email ?? request.Username };
      // Like Cognito with user-existence errors prevented: an unknown user gets the same answer.
      if (user && email && user.UserStatus === 'UNCONFIRMED') {
        const code = pool.services.otp();
        await pool.userPool.saveUser(ctx, { ...user, ConfirmationCode: code });
        await pool.services.messages.deliver(ctx, 'ResendCode', request.ClientId, pool.userPoolId, user, code, request.ClientMetadata, details);
      } else if (user && user.UserStatus !== 'UNCONFIRMED') {
        throw new CognitoFault('InvalidParameterException', 'User is already confirmed.');
      }
      return { CodeDeliveryDetails: { ...details, Destination: maskEmail(details.Destination) } };
    },

    async InitiateAuth(request) {
      if (request.AuthFlow !== 'USER_SRP_AUTH') {
        try {
          return await delegate('InitiateAuth', request);
        } catch (error) {
          throw asSignInFailure(error);
        }
      }
      await pool.services.cognito.getUserPoolForClientId(ctx, request.ClientId);
      const username = request.AuthParameters?.USERNAME;
      const srpA = request.AuthParameters?.SRP_A;
      if (typeof username !== 'string' || typeof srpA !== 'string' || !/^[0-9a-fA-F]+$/.test(srpA)) {
        throw new CognitoFault('InvalidParameterException', 'USERNAME and SRP_A are required.');
      }
      const user = await pool.userPool.getUserByUsername(ctx, username);
      if (!user) throw notAuthorized();
      const challenge = startChallenge({ poolName, userId: user.Username, password: user.Password, srpA });
      if (!challenge) throw new CognitoFault('InvalidParameterException', 'SRP_A is not valid.');
      const session = randomUUID();
      sessions.set(session, { challenge, userId: user.Username, expires: Date.now() + 3 * 60_000 });
      for (const [id, entry] of sessions) if (entry.expires < Date.now()) sessions.delete(id);
      return {
        ChallengeName: 'PASSWORD_VERIFIER',
        Session: session,
        ChallengeParameters: {
          SALT: challenge.salt,
          SECRET_BLOCK: challenge.secretBlock,
          SRP_B: challenge.srpB,
          USERNAME: user.Username,
          USER_ID_FOR_SRP: user.Username,
        },
      };
    },

    async RespondToAuthChallenge(request) {
      if (request.ChallengeName !== 'PASSWORD_VERIFIER') {
        if (request.ChallengeName === 'NEW_PASSWORD_REQUIRED') requireGoodPassword(request.ChallengeResponses?.NEW_PASSWORD);
        return delegate('RespondToAuthChallenge', request);
      }
      const responses = request.ChallengeResponses ?? {};
      const entry = sessions.get(request.Session);
      sessions.delete(request.Session);
      if (!entry || entry.expires < Date.now() || responses.USERNAME !== entry.userId) throw notAuthorized();
      const valid = verifyClaim(entry.challenge, {
        poolName,
        userId: entry.userId,
        timestamp: String(responses.TIMESTAMP ?? ''),
        signature: String(responses.PASSWORD_CLAIM_SIGNATURE ?? ''),
      });
      if (!valid) throw notAuthorized();
      return tokensFor(entry.userId, request.ClientId);
    },

    async GetTokensFromRefreshToken(request) {
      try {
        const result = (await delegate('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: request.ClientId,
          AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
        })) as { AuthenticationResult: Record<string, unknown> };
        return { AuthenticationResult: result.AuthenticationResult };
      } catch (error) {
        throw faultCode(error) ? new CognitoFault('NotAuthorizedException', 'Invalid Refresh Token.') : error;
      }
    },

    async GlobalSignOut(request) {
      const claims = await tokens.verifyAccessToken(request.AccessToken);
      if (!claims) throw new CognitoFault('NotAuthorizedException', 'Access Token has been revoked');
      const user = await pool.userPool.getUserByUsername(ctx, claims.sub);
      if (user) await pool.userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },

    async ForgotPassword(request) {
      try {
        return await delegate('ForgotPassword', request);
      } catch (error) {
        if (faultCode(error) !== 'UserNotFoundException') throw error;
        return {
          CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(String(request.Username)) },
        };
      }
    },

    async ConfirmForgotPassword(request) {
      requireGoodPassword(request.Password);
      const result = await delegate('ConfirmForgotPassword', request);
      await markEmailVerified(request.Username);
      return result;
    },

    async ChangePassword(request) {
      requireGoodPassword(request.ProposedPassword);
      try {
        return await delegate('ChangePassword', request);
      } catch (error) {
        throw asSignInFailure(error);
      }
    },
  };

  return (target: string, request: Request): Promise<unknown> => (handlers[target] ?? ((r) => delegate(target, r)))(request);
};

/** a***@example.com, as Cognito masks destinations. */
const maskEmail = (email: string): string => {
  const [name, domain] = email.split('@');
  return domain ? `${name.slice(0, 1)}***@${domain}` : '***';
};
