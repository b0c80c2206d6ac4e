/** The local URL for a Cognito user pool keys request (to the local Cognito at `local`), or undefined for anything else. */
export declare const localKeysUrl: (input: unknown, local?: string) => string | undefined;
