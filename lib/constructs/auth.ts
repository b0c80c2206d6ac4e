import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { IdentityPool, UserPoolAuthenticationProvider } from 'aws-cdk-lib/aws-cognito-identitypool';
import { Construct } from 'constructs';
import { PASSWORD_POLICY, TOKEN_VALIDITY } from '../../contract';

export interface VaultAuthProps {
  /** Keep the user pool when the stack is deleted (users cannot be recreated). @default RETAIN */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * Cognito for the vault: e-mail is the username and the verification channel, passwords
 * need 8 characters and no character classes, MFA is off (seed-spec point 5). The
 * identity pool serves signed-in users only, and its role grants nothing: every file
 * moves through presigned URLs that the presign Lambdas sign for the caller's own keys,
 * so there is no S3 path for browser credentials to widen.
 */
export class VaultAuth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly identityPool: IdentityPool;

  constructor(scope: Construct, id: string, props: VaultAuthProps = {}) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true, username: false },
      autoVerify: { email: true },
      selfSignUpEnabled: true,
      standardAttributes: { email: { required: true, mutable: true } },
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      keepOriginal: { email: true },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
      },
      // The seed lists SMS as the MFA type with the mode OFF; with OFF, Cognito takes no factor list.
      mfa: cognito.Mfa.OFF,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      deletionProtection: true,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.minutes(TOKEN_VALIDITY.idTokenMinutes),
      accessTokenValidity: Duration.minutes(TOKEN_VALIDITY.accessTokenMinutes),
      refreshTokenValidity: Duration.days(TOKEN_VALIDITY.refreshTokenDays),
    });

    this.identityPool = new IdentityPool(this, 'IdentityPool', {
      allowUnauthenticatedIdentities: false,
      authenticationProviders: {
        userPools: [
          new UserPoolAuthenticationProvider({ userPool: this.userPool, userPoolClient: this.userPoolClient }),
        ],
      },
    });

    const acknowledge = (rule: string, reason: string) => Validations.of(this.userPool).acknowledge({ id: rule, reason });
    acknowledge(
      'AwsSolutions-COG1',
      'The product spec fixes the password rule at a minimum length of 8 with no character classes (seed-spec point 5, PRODUCT.md).',
    );
    acknowledge('AwsSolutions-COG2', 'The product spec fixes MFA as OFF (seed-spec points 5 and 9).');
    acknowledge(
      'AwsSolutions-COG8',
      'The Plus feature plan is a cost decision left to the operator; nothing in the spec needs its features.',
    );
  }
}
