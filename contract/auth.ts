/**
 * The account rules: e-mail is the username and the verification
 * channel, passwords need 8 characters and no character classes, MFA is off.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: false,
  requireUppercase: false,
  requireDigits: false,
  requireSymbols: false,
} as const;

/** SMS is the one MFA type the product names, and MFA is off. */
export const MFA = { mode: 'OFF', listedType: 'SMS' } as const;

export const USERNAME_ATTRIBUTE = 'email';
export const VERIFICATION_CHANNEL = 'email';

/** Token lifetimes of the web client (Cognito defaults, written down once). */
export const TOKEN_VALIDITY = {
  idTokenMinutes: 60,
  accessTokenMinutes: 60,
  refreshTokenDays: 30,
} as const;

/** A password is valid when it has at least `minLength` characters; nothing else is required. */
export const passwordProblem = (password: string): string | undefined =>
  [...password].length < PASSWORD_POLICY.minLength ? `The password needs at least ${PASSWORD_POLICY.minLength} characters.` : undefined;
