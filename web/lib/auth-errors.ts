import { PASSWORD_POLICY } from '@contract/auth';

/** Cognito's error names, in words a person can act on. */
const MESSAGES: Record<string, string> = {
  UsernameExistsException: 'An account with this e-mail already exists. Sign in, or reset the password.',
  AliasExistsException: 'Another account uses this e-mail address.',
  InvalidPasswordException: `The password needs at least ${PASSWORD_POLICY.minLength} characters.`,
  NotAuthorizedException: 'The e-mail or password is not right.',
  CodeMismatchException: 'That code is not right. Check the e-mail, or send a new code.',
  ExpiredCodeException: 'That code has expired. Send a new one.',
  LimitExceededException: 'Too many attempts. Wait a little and try again.',
  TooManyRequestsException: 'Too many attempts. Wait a little and try again.',
  InvalidParameterException: 'Check the e-mail address and try again.',
  EmptySignUpUsername: 'Enter your e-mail address.',
  EmptySignInUsername: 'Enter your e-mail address.',
  EmptySignInPassword: 'Enter your password.',
  EmptyConfirmSignUpCode: 'Enter the code from the e-mail.',
  EmptyResetPasswordUsername: 'Enter your e-mail address.',
  UserAlreadyAuthenticatedException: 'You are already signed in.',
  NetworkError: 'The sign-in service could not be reached. Check your connection.',
};

export const authErrorMessage = (error: unknown): string => {
  const name = (error as { name?: string } | undefined)?.name ?? '';
  return MESSAGES[name] ?? (error as Error | undefined)?.message ?? 'Something went wrong. Please try again.';
};
