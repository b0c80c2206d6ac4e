import { passwordProblem } from '../../contract';
import type { TokenVerifier, VerifiedClaims } from '../auth/token-verifier';
import type { Sessions } from './sessions';
import { decodeJwt } from './sessions';
import { emailChangeHandlers } from './email-change';
import { CognitoFault, maskEmail } from './faults';
import { createSecretBlocks } from './secret-block';
import { startChallenge, verifyClaim } from './srp';
import { cognitoContext, type LocalUserPool } from './user-pool';

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

/** The sign-in flows the web client allows (ExplicitAuthFlows of the deployed client). */
const CLIENT_FLOWS = new Set(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);

/** Operations whose AccessToken Cognito verifies (signature, expiry, client) and checks for revocation. */
const ACCESS_TOKEN_OPERATIONS = new Set([
  'GetUser',
  'ChangePassword',
  'UpdateUserAttributes',
  'DeleteUser',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'SetUserMFAPreference',
  'SetUserSettings',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'ListDevices',
  'GetDevice',
  'ForgetDevice',
  'ConfirmDevice',
  'UpdateDeviceStatus',
]);

const withoutUndefined = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as T;

type Request = Record<string, any>;

/**
 * Cognito's user pool API as any conforming client meets it, in front of cognito-local's
 * own targets: SRP sign-in with real verification (by e-mail in any case, or by the
 * user's id), GetTokensFromRefreshToken, GlobalSignOut and RevokeToken ending sessions
 * (their refresh tokens and, in every call that takes one, their access tokens), the
 * client's allowed flows, the password rule, NotAuthorizedException for a wrong password
 * or unknown user, e-mail sign-in that ignores case, masked delivery destinations, and
 * every field Cognito returns with tokens (ExpiresIn, TokenType, origin_jti).
 */
export const createUserPoolCompat = (pool: LocalUserPool, tokens: TokenVerifier, sessions: Sessions) => {
  const ctx = cognitoContext;
  const poolName = pool.userPoolId.split('_')[1];
  const delegate = (target: string, request: Request) => pool.route(target)(ctx, request as never);
  const secretBlocks = createSecretBlocks();

  /** The stored user for what a person typed: their id, or their e-mail address in any case (sign-in is case-insensitive). */
  const findUser = async (username: unknown) => {
    if (typeof username !== 'string' || username === '') return undefined;
    const exact = await pool.userPool.getUserByUsername(ctx, username);
    if (exact) return exact;
    const wanted = username.toLowerCase();
    return (await pool.userPool.listUsers(ctx)).find(
      (user) => user.Attributes.find((attribute) => attribute.Name === 'email')?.Value?.toLowerCase() === wanted,
    );
  };
  /** The request with its username replaced by the stored one, so cognito-local's exact lookups find it. */
  const canonical = async (request: Request, field = 'Username'): Promise<Request> => {
    const user = await findUser(request[field]);
    return user ? { ...request, [field]: user.Username } : request;
  };

  const markEmailVerified = async (username: string) => {
    const user = await pool.userPool.getUserByUsername(ctx, username);
    if (!user) return;
    const attributes = user.Attributes.filter((attribute) => attribute.Name !== 'email_verified');
    await pool.userPool.saveUser(ctx, { ...user, Attributes: [...attributes, { Name: 'email_verified', Value: 'true' }] });
  };

  const signedIn = async (userId: string, clientId: string) => {
    const user = await pool.userPool.getUserByUsername(ctx, userId);
    if (!user) throw notAuthorized();
    const result = (await delegate('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.Username, PASSWORD: user.Password },
    })) as { AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken: string } };
    return {
      ChallengeParameters: {},
      AuthenticationResult: sessions.issue(result.AuthenticationResult, result.AuthenticationResult.RefreshToken),
    };
  };

  const refreshed = async (refreshToken: unknown, clientId: unknown) => {
    if (sessions.hasEnded(sessions.sessionOf(refreshToken)))
      throw new CognitoFault('NotAuthorizedException', 'Refresh Token has been revoked');
    try {
      const result = (await delegate('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      })) as { AuthenticationResult: { AccessToken: string; IdToken: string } };
      return sessions.issue(
        { AccessToken: result.AuthenticationResult.AccessToken, IdToken: result.AuthenticationResult.IdToken },
        String(refreshToken),
      );
    } catch (error) {
      throw faultCode(error) ? new CognitoFault('NotAuthorizedException', 'Invalid Refresh Token.') : error;
    }
  };

  /** What Cognito checks of an AccessToken before acting on it; answers with the user's claims. */
  const requireAccessToken = async (token: unknown) => {
    const claims = await tokens.verifyAccessToken(typeof token === 'string' ? token : undefined);
    if (!claims) {
      const expiry = Number(decodeJwt(token)?.payload.exp);
      throw new CognitoFault(
        'NotAuthorizedException',
        expiry && expiry * 1000 < Date.now() ? 'Access Token has expired' : 'Invalid Access Token',
      );
    }
    if (sessions.hasEnded(claims.origin_jti)) throw new CognitoFault('NotAuthorizedException', 'Access Token has been revoked');
    return claims;
  };

  const handlers: Record<string, (request: Request, claims?: VerifiedClaims) => Promise<unknown>> = {
    async SignUp(request) {
      requireGoodPassword(request.Password);
      if (await findUser(request.Username))
        throw new CognitoFault('UsernameExistsException', 'An account with the given email already exists.');
      const result = (await delegate('SignUp', request)) as { CodeDeliveryDetails?: { Destination: string } };
      return withoutUndefined({
        ...result,
        CodeDeliveryDetails: result.CodeDeliveryDetails && {
          ...result.CodeDeliveryDetails,
          Destination: maskEmail(result.CodeDeliveryDetails.Destination),
        },
      });
    },

    async ConfirmSignUp(request) {
      const canonicalRequest = await canonical(request);
      const result = await delegate('ConfirmSignUp', canonicalRequest);
      await markEmailVerified(canonicalRequest.Username);
      return withoutUndefined(result as Record<string, unknown>);
    },

    async ResendConfirmationCode(request) {
      await pool.services.cognito.getUserPoolForClientId(ctx, request.ClientId);
      const user = await findUser(request.Username);
      const email = user?.Attributes.find((attribute) => attribute.Name === 'email')?.Value;
      const details = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email ?? String(request.Username) };
      // Like Cognito with user-existence errors prevented: an unknown user gets the same answer.
      if (user && email && user.UserStatus === 'UNCONFIRMED') {
        const code = pool.services.otp();
        await pool.userPool.saveUser(ctx, { ...user, ConfirmationCode: code });
        await pool.services.messages.deliver(
          ctx,
          'ResendCode',
          request.ClientId,
          pool.userPoolId,
          user,
          code,
          request.ClientMetadata,
          details,
        );
      } else if (user && user.UserStatus !== 'UNCONFIRMED') {
        throw new CognitoFault('InvalidParameterException', 'User is already confirmed.');
      }
      return { CodeDeliveryDetails: { ...details, Destination: maskEmail(details.Destination) } };
    },

    async InitiateAuth(request) {
      await pool.services.cognito.getUserPoolForClientId(ctx, request.ClientId);
      if (typeof request.AuthFlow !== 'string' || !CLIENT_FLOWS.has(request.AuthFlow)) {
        throw new CognitoFault('InvalidParameterException', 'Auth flow not enabled for this client');
      }
      const parameters = (request.AuthParameters ?? {}) as Record<string, unknown>;
      if (request.AuthFlow === 'REFRESH_TOKEN_AUTH' || request.AuthFlow === 'REFRESH_TOKEN') {
        return { ChallengeParameters: {}, AuthenticationResult: await refreshed(parameters.REFRESH_TOKEN, request.ClientId) };
      }
      if (request.AuthFlow === 'USER_PASSWORD_AUTH') {
        const user = await findUser(parameters.USERNAME);
        let result: { AuthenticationResult?: { AccessToken: string; IdToken: string; RefreshToken: string } };
        try {
          result = (await delegate('InitiateAuth', {
            ...request,
            AuthParameters: { ...parameters, USERNAME: user?.Username ?? parameters.USERNAME },
          })) as typeof result;
        } catch (error) {
          throw asSignInFailure(error);
        }
        // A challenge (a new password required) goes back as it is.
        if (!result.AuthenticationResult) return withoutUndefined(result as Record<string, unknown>);
        return {
          ChallengeParameters: {},
          AuthenticationResult: sessions.issue(result.AuthenticationResult, result.AuthenticationResult.RefreshToken),
        };
      }
      const srpA = parameters.SRP_A;
      if (typeof parameters.USERNAME !== 'string' || typeof srpA !== 'string' || !/^[0-9a-fA-F]+$/.test(srpA)) {
        throw new CognitoFault('InvalidParameterException', 'USERNAME and SRP_A are required.');
      }
      const user = await findUser(parameters.USERNAME);
      if (!user) throw notAuthorized();
      const challenge = startChallenge({ poolName, userId: user.Username, password: user.Password, srpA });
      if (!challenge) throw new CognitoFault('InvalidParameterException', 'SRP_A is not valid.');
      // As Cognito: no Session for this step; its state travels in the secret block.
      return {
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeParameters: {
          SALT: challenge.salt,
          SECRET_BLOCK: secretBlocks.seal({ ...challenge, userId: user.Username, clientId: request.ClientId }),
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
      const responses = (request.ChallengeResponses ?? {}) as Record<string, unknown>;
      // The challenge's state is in the block the client signed; a Session, if sent, adds nothing.
      const challenge = secretBlocks.open(responses.PASSWORD_CLAIM_SECRET_BLOCK, request.ClientId);
      // USERNAME may be the user's id (USER_ID_FOR_SRP) or the address they typed.
      const user = await findUser(responses.USERNAME);
      if (!challenge || user?.Username !== challenge.userId) throw notAuthorized();
      const valid = verifyClaim(challenge, {
        poolName,
        userId: challenge.userId,
        secretBlock: String(responses.PASSWORD_CLAIM_SECRET_BLOCK),
        timestamp: String(responses.TIMESTAMP ?? ''),
        signature: String(responses.PASSWORD_CLAIM_SIGNATURE ?? ''),
      });
      if (!valid) throw notAuthorized();
      return signedIn(challenge.userId, request.ClientId);
    },

    async GetTokensFromRefreshToken(request) {
      return { AuthenticationResult: await refreshed(request.RefreshToken, request.ClientId) };
    },

    async GlobalSignOut(_request, claims) {
      // The dispatcher verified the access token (GlobalSignOut is an access-token operation).
      const { sub, origin_jti: originJti } = claims!;
      const user = await pool.userPool.getUserByUsername(ctx, sub);
      if (user) {
        sessions.end(originJti as string | undefined, ...user.RefreshTokens.map((token) => sessions.sessionOf(token)));
        await pool.userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
      }
      return {};
    },

    async RevokeToken(request) {
      const session = sessions.sessionOf(request.Token);
      const user = session
        ? (await pool.userPool.listUsers(ctx)).find((candidate) => candidate.RefreshTokens.includes(request.Token))
        : undefined;
      if (!session || !user) {
        // Cognito answers the same for a token it does not know, so a caller learns nothing.
        if (decodeJwt(request.Token)) return {};
        throw new CognitoFault('UnsupportedTokenTypeException', 'Unsupported token type.');
      }
      sessions.end(session);
      await pool.userPool.saveUser(ctx, { ...user, RefreshTokens: user.RefreshTokens.filter((token) => token !== request.Token) });
      return {};
    },

    async ForgotPassword(request) {
      try {
        const result = (await delegate('ForgotPassword', await canonical(request))) as { CodeDeliveryDetails: { Destination: string } };
        return { CodeDeliveryDetails: { ...result.CodeDeliveryDetails, Destination: maskEmail(result.CodeDeliveryDetails.Destination) } };
      } catch (error) {
        if (faultCode(error) !== 'UserNotFoundException') throw error;
        return {
          CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(String(request.Username)) },
        };
      }
    },

    async ConfirmForgotPassword(request) {
      requireGoodPassword(request.Password);
      const canonicalRequest = await canonical(request);
      const result = await delegate('ConfirmForgotPassword', canonicalRequest);
      await markEmailVerified(canonicalRequest.Username);
      return withoutUndefined(result as Record<string, unknown>);
    },

    async ChangePassword(request) {
      requireGoodPassword(request.ProposedPassword);
      try {
        return await delegate('ChangePassword', request);
      } catch (error) {
        throw asSignInFailure(error);
      }
    },

    async GetUser(request) {
      return withoutUndefined((await delegate('GetUser', request)) as Record<string, unknown>);
    },

    ...emailChangeHandlers(pool, findUser, delegate),
  };

  return async (target: string, request: Request): Promise<unknown> => {
    // Cognito checks the access token of these calls before anything else, revocation included.
    const claims = ACCESS_TOKEN_OPERATIONS.has(target) ? await requireAccessToken(request.AccessToken) : undefined;
    return (handlers[target] ?? ((r) => delegate(target, r)))(request, claims);
  };
};
