/** Everything runs in one region. */
export const REGION = 'us-east-1';

/** The deployment stage of both REST APIs; the web app calls `{apiUrl}` which already ends in `/prod/`. */
export const API_STAGE = 'prod';

/** The issuer Cognito puts in its tokens; the local stack mints tokens with the same shape. */
export const cognitoIssuer = (userPoolId: string, region: string = REGION): string =>
  `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
