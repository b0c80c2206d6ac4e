import { Annotations, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { IdentityPool, UserPoolAuthenticationProvider } from 'aws-cdk-lib/aws-cognito-identitypool';
import { Construct } from 'constructs';
import { MFA, PASSWORD_POLICY, REGION, TOKEN_VALIDITY } from '../../contract';

/**
 * How Cognito sends its e-mail (sign-up codes, password resets). There is no default:
 * Cognito's own sender allows 50 e-mails a day for the whole AWS account, which a real
 * service outgrows on its first busy day, so using it is a choice a deployment makes.
 */
export type VaultEmail =
  | {
      readonly kind: 'ses';
      /** The sender; an SES identity verified in the contract's region, or an address of `verifiedDomain`. */
      readonly fromAddress: string;
      /** The verified SES domain the address belongs to. @default the address itself is the verified identity */
      readonly verifiedDomain?: string;
      /** @default no display name */
      readonly fromName?: string;
      /** @default the from address */
      readonly replyTo?: string;
      /** @default no configuration set */
      readonly configurationSetName?: string;
    }
  /** Cognito's own sender: 50 e-mails a day for the whole account; development deploys only. */
  | { readonly kind: 'cognito-default' };

export interface VaultAuthProps {
  /** How Cognito sends its e-mail. */
  readonly email: VaultEmail;
  /**
   * Keep the user pool when the stack is deleted (users cannot be recreated); RETAIN also
   * turns on deletion protection. @default RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

const MFA_MODES = { OFF: cognito.Mfa.OFF, OPTIONAL: cognito.Mfa.OPTIONAL, ON: cognito.Mfa.REQUIRED } as const;

/**
 * Cognito for the vault: e-mail is the username and the verification channel, passwords
 * need 8 characters and no character classes, MFA is off. The
 * identity pool serves signed-in users only, and its role grants nothing: every file
 * moves through presigned URLs that the presign Lambdas sign for the caller's own keys,
 * so there is no S3 path for browser credentials to widen.
 */
export class VaultAuth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly identityPool: IdentityPool;

  constructor(scope: Construct, id: string, props: VaultAuthProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true, username: false },
      // People type their address as they like; Cognito cannot change this once the pool exists.
      signInCaseSensitive: false,
      email:
        props.email.kind === 'ses'
          ? cognito.UserPoolEmail.withSES({
              fromEmail: props.email.fromAddress,
              fromName: props.email.fromName,
              replyTo: props.email.replyTo,
              configurationSetName: props.email.configurationSetName,
              sesRegion: REGION,
              sesVerifiedDomain: props.email.verifiedDomain,
            })
          : cognito.UserPoolEmail.withCognito(),
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
      // SMS is the MFA type the product names, with MFA off; with OFF, Cognito takes no factor list.
      mfa: MFA_MODES[MFA.mode],
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      deletionProtection: (props.removalPolicy ?? RemovalPolicy.RETAIN) === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      // The web app signs in with SRP against the user pool API; no hosted UI, no OAuth
      // flow, so no implicit grant and no callback URL.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.minutes(TOKEN_VALIDITY.idTokenMinutes),
      accessTokenValidity: Duration.minutes(TOKEN_VALIDITY.accessTokenMinutes),
      refreshTokenValidity: Duration.days(TOKEN_VALIDITY.refreshTokenDays),
    });

    this.identityPool = new IdentityPool(this, 'IdentityPool', {
      allowUnauthenticatedIdentities: false,
      authenticationProviders: {
        userPools: [new UserPoolAuthenticationProvider({ userPool: this.userPool, userPoolClient: this.userPoolClient })],
      },
    });

    if (props.email.kind === 'cognito-default') {
      Annotations.of(this.userPool).addWarningV2(
        'statement-vault:cognito-email',
        "Cognito's default e-mail sender: 50 e-mails a day for the whole AWS account (sign-up codes and password resets). Set sesFromAddress in the stage's block of cdk.json's stages for anything beyond development.",
      );
    }

    const acknowledge = (rule: string, reason: string) => Validations.of(this.userPool).acknowledge({ id: rule, reason });
    acknowledge(
      'AwsSolutions-COG1',
      'The product fixes the password rule at a minimum length of 8 with no character classes; every other control in this pool stays on.',
    );
    acknowledge('AwsSolutions-COG2', 'The product fixes MFA as off: sign-in is e-mail and password.');
    acknowledge(
      'AwsSolutions-COG8',
      'The Plus feature plan is a cost decision left to the operator; nothing in the spec needs its features.',
    );
  }
}
