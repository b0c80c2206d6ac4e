import { CustomResource, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { LAMBDA_ENV, TABLE_KEYS } from '../../contract';
import { VaultFunction } from './vault-function';

export interface PushNotificationsProps {
  readonly table: dynamodb.ITable;
  /** The files bucket's name: every handler's environment names it (the notifier never touches it). */
  readonly bucketName: string;
  /** Who push services may contact about our notices (VAPID's `sub`): the web app's https origin, or a mailto: address. */
  readonly subject: string;
  /** @default RemovalPolicy.RETAIN: every browser's subscription is bound to the key pair */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * Web push: the deployment's VAPID key pair, made once by a custom resource into a secret
 * (never in the template or a bundle; its public key reaches the web app's config), and the
 * notifier, which tells an owner's devices of a share's first opening for the share
 * function (that function serves people without an account and reaches no owner's
 * partition itself) and of a mailed file that waits for the mail function (which reads
 * what strangers send, so holds no push key). Functions that send notices get the secret
 * and their settings through `grantSend`.
 */
export class PushNotifications extends Construct {
  readonly secret: secretsmanager.Secret;
  /** The VAPID public key (base64url), resolved at deploy time. */
  readonly publicKey: string;
  readonly notifier: VaultFunction;
  /** The custom resource's function. */
  readonly keyMaker: VaultFunction;
  private readonly subject: string;

  constructor(scope: Construct, id: string, props: PushNotificationsProps) {
    super(scope, id);
    this.subject = props.subject;
    this.secret = new secretsmanager.Secret(this, 'VapidKeys', {
      description: 'Statement Vault: the VAPID key pair web push notices are signed with (written once by its custom resource)',
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "Every browser's push subscription is bound to the VAPID public key it was made with: a rotated pair would silently end every device's notifications until each person turned them on again.",
    });
    const keyMaker = (this.keyMaker = new VaultFunction(this, 'VapidKeyMaker', {
      code: { entry: 'push/vapid-keys-index.ts' },
      description: "Makes the deployment's VAPID key pair once, into its secret",
      timeout: Duration.seconds(30),
    }));
    this.secret.grantRead(keyMaker);
    // It writes the pair once (PutSecretValue); it never moves a version's stage or changes the secret.
    keyMaker.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [this.secret.secretArn] }),
    );
    const keys = new CustomResource(this, 'VapidKeyPair', {
      serviceToken: keyMaker.function.functionArn,
      resourceType: 'Custom::VapidKeyPair',
      properties: { SecretArn: this.secret.secretArn },
    });
    this.publicKey = keys.getAttString('PublicKey');

    this.notifier = new VaultFunction(this, 'Notifier', {
      code: { entry: 'push/index.ts' },
      description: "Tells an owner's devices (web push) that a share of theirs was opened for the first time, or that a mailed file waits",
      environment: { [LAMBDA_ENV.tableName]: props.table.tableName, [LAMBDA_ENV.bucketName]: props.bucketName },
    });
    this.grantSend(this.notifier, props.table);
    // The owner's own item of the share, what the notice may say: it reads owners' partitions
    // only (never a share's, a rate count or the jobs).
    this.notifier.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.userPartition('*')] } },
      }),
    );
  }

  /**
   * Lets a function send notices: read the key pair, and read, update and remove devices
   * (owners' partitions only) as their push services answer; sets its environment.
   */
  grantSend(sender: VaultFunction, table: dynamodb.ITable): void {
    this.secret.grantRead(sender);
    sender.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.userPartition('*')] } },
      }),
    );
    sender.function.addEnvironment(LAMBDA_ENV.pushVapidSecretArn, this.secret.secretArn);
    sender.function.addEnvironment(LAMBDA_ENV.pushVapidSubject, this.subject);
  }

  /** Lets a function ask the notifier (asynchronously) to tell an owner of a share's first opening, or of a mailed file that waits. */
  grantNotify(caller: VaultFunction): void {
    iam.Grant.addToPrincipal({ grantee: caller, actions: ['lambda:InvokeFunction'], resourceArns: [this.notifier.function.functionArn] });
    caller.function.addEnvironment(LAMBDA_ENV.notifierFunctionName, this.notifier.function.functionName);
  }
}
