/** A Cognito error as the service returns it: `{ __type, message }` with status 400. */
export class CognitoFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** a***@e***, as Cognito masks an e-mail destination. */
export const maskEmail = (email: string): string => {
  const [name, domain] = email.split('@');
  return domain ? `${name.slice(0, 1)}***@${domain.slice(0, 1)}***` : '***';
};
