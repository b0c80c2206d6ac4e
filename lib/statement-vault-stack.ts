import {
  Annotations,
  Aws,
  CfnOutput,
  Duration,
  Fn,
  RemovalPolicies,
  RemovalPolicy,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import {
  LAMBDA_ENV,
  PROFILE_IMAGE_PREFIX,
  PROFILE_IMAGE_ROUTES,
  STATEMENT_PREFIX,
  UPLOAD_PREFIXES,
  STATEMENT_ROUTES,
  SHARE_ROUTES,
  webConfigDocument,
  type RouteSpec,
  type WebConfigValues,
} from '../contract';
import { ARRIVED_PREFIX } from '../contract/keys';
import { SERVICE_NAMES } from '../contract/metrics';
import { AccountDeletion } from './constructs/account-deletion';
import { ApiKeyRenewal } from './constructs/api-key-renewal';
import { ApiGatewayLogging } from './constructs/api-gateway-logging';
import { VaultAuth } from './constructs/auth';
import { VaultData } from './constructs/data';
import { MalwareScanning } from './constructs/malware-scanning';
import { PresignApi, type PresignApiProps } from './constructs/presign-api';
import { MailIntake } from './constructs/mail-intake';
import { StatementReminders } from './constructs/statement-reminders';
import { PushNotifications } from './constructs/push-notifications';
import { AccountIdentifiers } from './constructs/account-identifiers';
import { ShareAccess } from './constructs/share-access';
import { VaultStorage } from './constructs/storage';
import { UploadCatalogue } from './constructs/upload-catalogue';
import { VaultMonitoring } from './constructs/vault-monitoring';
import { WebFirewall } from './constructs/web-firewall';
import { WebHosting } from './constructs/web-hosting';
import { VaultFunction } from './constructs/vault-function';
import { settingsRecord, type DeploySettings } from './deploy-settings';
import { DEPLOY_SETTINGS_OUTPUT, OPERATIONS_OUTPUTS, OUTPUT_NAMES, WEB_OUTPUTS, sweepFunctionName, type OutputField } from './outputs';
import { webBuildToDeploy } from './web-build';
import { grantRecords } from './constructs/records-grants';

/** Requests one address may make in five minutes before WAF refuses it, where WAF is on. */
const FIREWALL_LIMITS = {
  /** Pages and static files: a page load asks for tens of files, cached by the browser after. */
  edgeRequestsPerAddress: 3000,
  /** The APIs, GraphQL and Cognito together. */
  regionalRequestsPerAddress: 1500,
  /** Sign-in, sign-up and password-reset calls to Cognito. */
  authAttemptsPerAddress: 100,
} as const;

const PRICE_CLASSES = {
  '100': cloudfront.PriceClass.PRICE_CLASS_100,
  '200': cloudfront.PriceClass.PRICE_CLASS_200,
  All: cloudfront.PriceClass.PRICE_CLASS_ALL,
} as const;

export interface StatementVaultStackProps extends StackProps {
  /** What this deployment chose (stage, web hosting, e-mail, the account's logging role). */
  readonly settings: DeploySettings;
}

/** Every principal of ours: the functions, the deletion jobs' role, the GraphQL table data source and the malware scanner. */
export interface VaultPrincipals {
  readonly profileImageApi: VaultFunction;
  readonly statementsApi: VaultFunction;
  readonly catalogue: VaultFunction;
  readonly sweep: VaultFunction;
  readonly scanResults: VaultFunction;
  readonly accountDeletion: VaultFunction;
  /** The role each account deletion job assumes, narrowed to its owner by a session policy. */
  readonly accountDeletionJob: iam.IGrantable;
  /** GuardDuty Malware Protection's role: reads and tags uploads. */
  readonly malwareScan: iam.IGrantable;
  /** The web app's server: of AWS it calls only the share routes (for a link's recipient), besides its logs and traces. */
  readonly webServer: VaultFunction;
  /** The share function: what a link's recipient reaches, through the web server. */
  readonly shareApi: VaultFunction;
  /** The role the share function assumes per read, narrowed to one owner's records and one file. */
  readonly shareReader: iam.IGrantable;
  readonly graphqlTable: iam.IGrantable;
  /** The data source of the resolver steps that keep and answer a person's PDF password: the kept passwords' partitions only. */
  readonly graphqlPdfPasswords: iam.IGrantable;
  /** The `editStatements` resolver's function. */
  readonly statementEdits: VaultFunction;
  /** The `search` and `statementNeighbours` resolvers' function. */
  readonly statementSearch: VaultFunction;
  /** Tells owners of late statements, hourly. */
  readonly reminders: VaultFunction;
  /** Tells an owner's devices of a share's first opening. */
  readonly pushNotifier: VaultFunction;
  /** The custom resource's function that writes the VAPID key pair once. */
  readonly vapidKeyMaker: VaultFunction;
  /** Moves the web app's API key's expiry a year ahead, on a schedule. */
  readonly apiKeyRenewal: VaultFunction;
  /** Sets the retention of the Lambda@Edge function's logs in every region, on a schedule. */
  readonly edgeLogRetention: VaultFunction;
  /** Files statements mailed to people's private addresses, where the deployment receives mail. */
  readonly mailIntake?: VaultFunction;
}

/** The whole AWS side of Statement Vault, composed from one construct per concern. */
export class StatementVaultStack extends Stack {
  /** What this deployment chose. */
  readonly settings: DeploySettings;
  readonly storage: VaultStorage;
  readonly data: VaultData;
  readonly web: WebHosting;
  /** Web push: its key pair's secret, so tools (the local stack's IAM check) can name its ARN. */
  readonly push: PushNotifications;
  /** The secret owners' identifier keys come from, so tools (the local stack's IAM check) can name its ARN. */
  readonly accountIdentifiers: AccountIdentifiers;
  /** Who calls AWS, so tools (the local stack's IAM check) can find each one's policies. */
  readonly principals: VaultPrincipals;
  /** The two REST APIs, so tools (the local stack's IAM check) can name their methods' ARNs. */
  readonly restApis: { readonly profileImageApi: apigateway.IRestApi; readonly statementsApi: apigateway.IRestApi };

  constructor(scope: Construct, id: string, props: StatementVaultStackProps) {
    super(scope, id, props);
    const { settings } = props;
    this.settings = settings;

    // People's data outlives a prod stack; a dev stack takes its data with it.
    const removalPolicy = settings.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    // AWS WAF, where the deployment asks for it: one web ACL at CloudFront, one in front of
    // the regional entry points (both REST APIs, AppSync, the user pool's sign-in and sign-up).
    const firewalls = settings.waf
      ? {
          edge: new WebFirewall(this, 'EdgeFirewall', { scope: 'CLOUDFRONT', requestsPerAddress: FIREWALL_LIMITS.edgeRequestsPerAddress }),
          regional: new WebFirewall(this, 'RegionalFirewall', {
            scope: 'REGIONAL',
            requestsPerAddress: FIREWALL_LIMITS.regionalRequestsPerAddress,
            authAttemptsPerAddress: FIREWALL_LIMITS.authAttemptsPerAddress,
          }),
        }
      : undefined;
    // The web app first: its origin is the one the bucket and the APIs trust.
    const build = webBuildToDeploy(settings.web.artifactDir, { isDefault: settings.web.defaultArtifact });
    const web = new WebHosting(this, 'Web', {
      webAclArn: firewalls?.edge.arn,
      artifact: build.artifact,
      domain: settings.web.domain && {
        name: settings.web.domain.name,
        certificate: acm.Certificate.fromCertificateArn(this, 'WebCertificate', settings.web.domain.certificateArn),
      },
      priceClass: PRICE_CLASSES[settings.web.priceClass],
      logRemovalPolicy: removalPolicy,
    });
    const webOrigin = web.webOrigin;
    // The CDK CLI bundles (and so needs the assets) for deploy, diff and synth only: those stop
    // here; cdk list and cdk destroy go on with the stand-in, which they never deploy.
    if (build.problem && this.bundlingRequired) Annotations.of(web).addError(build.problem);

    // Named here, not generated: the web server's config names the bucket while the
    // bucket's CORS names the web app, and a reference to the bucket would make each wait
    // for the other. The stack id's last part keeps the name unique to this stack, so a
    // prod stack deployed again after a teardown (which keeps the old bucket) gets its own.
    const stackUuid = Fn.select(2, Fn.split('/', Aws.STACK_ID));
    const filesBucketName = `statement-vault-files-${settings.stage}-${Aws.ACCOUNT_ID}-${Fn.select(4, Fn.split('-', stackUuid))}`;
    const auth = new VaultAuth(this, 'Auth', { email: settings.email, removalPolicy });
    const storage = new VaultStorage(this, 'Storage', { webOrigin, removalPolicy, bucketName: filesBucketName });
    const data = new VaultData(this, 'Data', { userPool: auth.userPool, removalPolicy });
    // AppSync gives the web app's API key a week (the template sets no expiry); this keeps it a year ahead.
    const apiKeyRenewal = new ApiKeyRenewal(this, 'ApiKeyRenewal', { api: data.api, apiKeyId: data.apiKeyId });
    const catalogue = new UploadCatalogue(this, 'Catalogue', {
      storage,
      table: data.table,
      sweepFunctionName: sweepFunctionName(settings.stage),
    });
    // Every upload is scanned for malware; only a clean file is ever read, but by the
    // catalogue's functions, which check it on arrival.
    const scanning = new MalwareScanning(this, 'MalwareScanning', {
      bucket: storage.bucket,
      objectPrefixes: [...UPLOAD_PREFIXES],
      readBeforeScan: [catalogue.handler.role, catalogue.sweep.role, catalogue.scanResults.role],
    });
    scanning.addScanResultTarget(catalogue.scanResults.function);
    // A file whose verdict never came is sent to be scanned again by the sweep.
    scanning.grantScanRequests(catalogue.sweep);

    // Each API's name carries the stage (its metrics' ApiName dimension): dev's and prod's alarms watch their own.
    const presignApi = (
      id: string,
      apiName: string,
      entry: string,
      routes: Record<string, RouteSpec>,
      keyPrefix: string,
      iamRoutes?: PresignApiProps['iamRoutes'],
      sizing: Pick<PresignApiProps, 'memorySize' | 'timeout'> = {},
    ) =>
      new PresignApi(this, id, {
        ...sizing,
        iamRoutes,
        apiName: `${this.stackName}-${apiName}`,
        entry,
        routes,
        keyPrefix,
        userPool: auth.userPool,
        bucket: storage.bucket,
        table: data.table,
        webOrigin,
      });

    // Profile images: sign the caller's avatar upload and download; the profile record
    // says whether an avatar exists.
    const profileImageApi = presignApi(
      'ProfileImageApi',
      'profile-image-api',
      'profile-image/index.ts',
      PROFILE_IMAGE_ROUTES,
      PROFILE_IMAGE_PREFIX,
    );
    storage.grantPut(profileImageApi.handler, PROFILE_IMAGE_PREFIX);
    storage.grantRead(profileImageApi.handler, PROFILE_IMAGE_PREFIX);
    grantRecords(data.table, profileImageApi.handler, 'dynamodb:GetItem');

    // Statements: sign uploads (single and multipart) and downloads; move to Recently deleted,
    // restore, and delete for good (every version of the file: a delete never leaves bytes behind).
    // A share's recipient (no account) reaches the share function on the same API, through the web server only.
    const shares = new ShareAccess(this, 'Shares', { storage, table: data.table });
    // A packet streams up to PACKET_LIMITS.maxBytes through the function, hashing each file on
    // the way: a full vCPU's share of memory, and the time API Gateway gives a call.
    const statementsApi = presignApi(
      'StatementsApi',
      'statements-api',
      'statements/index.ts',
      STATEMENT_ROUTES,
      STATEMENT_PREFIX,
      { routes: SHARE_ROUTES, handler: shares.handler },
      { memorySize: 1769, timeout: Duration.seconds(28) },
    );
    statementsApi.grantInvokeIamRoutes(web.server);
    storage.grantPut(statementsApi.handler, STATEMENT_PREFIX);
    storage.grantRead(statementsApi.handler, STATEMENT_PREFIX);
    storage.grantPackets(statementsApi.handler);
    storage.grantAbortMultipartUpload(statementsApi.handler, STATEMENT_PREFIX);
    storage.grantListParts(statementsApi.handler, STATEMENT_PREFIX);
    storage.grantListVersions(statementsApi.handler, [`${STATEMENT_PREFIX}*`]);
    storage.grantDeleteVersions(statementsApi.handler, STATEMENT_PREFIX);
    // Signing an upload holds its place under the quota (PutItem, UpdateItem); an abort gives it
    // back; a delete, a restore and a deletion for good move the record, its list copies and
    // its share of the summaries in transactions.
    grantRecords(data.table, statementsApi.handler, 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem');
    // Shares: an account's statements over a span of periods (one Query of its list), and the
    // owner's shares with their counts (one BatchGetItem).
    grantRecords(data.table, statementsApi.handler, 'dynamodb:Query', 'dynamodb:BatchGetItem');
    // Signing, restoring and sharing check that the account's deletion has not begun, in the same transaction.
    data.grantClosingCheck(statementsApi.handler);

    // Web push: notices of verdicts (the catalogue's functions), test notices (the statements
    // API), a share's first opening and a mailed file that waits (the notifier, for the share
    // and mail functions).
    const push = new PushNotifications(this, 'Push', { table: data.table, bucketName: filesBucketName, subject: webOrigin, removalPolicy });
    for (const sender of [statementsApi.handler, catalogue.handler, catalogue.scanResults]) push.grantSend(sender, data.table);
    push.grantNotify(shares.handler);
    this.push = push;
    // Late statements: the functions that make a statement available put its account's due day where its statements say.
    const reminders = new StatementReminders(this, 'Reminders', { table: data.table, bucketName: filesBucketName, push });
    for (const refresher of [catalogue.handler, catalogue.scanResults]) reminders.grantDueRefresh(refresher, data.table);

    // Account identifiers: the statements API hands each owner the key their files' identifiers are hashed with;
    // the catalogue's functions hash the account numbers in a statement's text with it, and search those in a query.
    this.accountIdentifiers = new AccountIdentifiers(this, 'AccountIdentifiers', { removalPolicy });
    for (const deriver of [statementsApi.handler, catalogue.handler, catalogue.sweep, catalogue.scanResults, data.statementSearch])
      this.accountIdentifiers.grantDerive(deriver);

    // Closing an account: the statements API records the job and starts the worker.
    const accountDeletion = new AccountDeletion(this, 'AccountDeletion', { storage, table: data.table, userPool: auth.userPool });
    accountDeletion.grantStart(statementsApi.handler);
    statementsApi.handler.function.addEnvironment(LAMBDA_ENV.deletionFunctionName, accountDeletion.worker.function.functionName);
    // Statements by mail, where the deployment names a mail domain: people's private
    // addresses (the statements API) and the receipt rule with its function.
    const mail = settings.mailDomain
      ? new MailIntake(this, 'Mail', { domain: settings.mailDomain, storage, data, identifiers: this.accountIdentifiers })
      : undefined;
    // It reads each received message as SES stored it: SES scanned it, GuardDuty never tags it.
    if (mail) scanning.allowReadBeforeScan(mail.handler.role);
    if (mail) {
      statementsApi.handler.function.addEnvironment(LAMBDA_ENV.mailDomain, mail.domain);
      // A waiting file: filed through the mail function on its owner's word, or discarded.
      statementsApi.handler.function.addEnvironment(LAMBDA_ENV.mailFunctionName, mail.handler.function.functionName);
      mail.grantFileArrivals(statementsApi.handler);
      storage.grantDelete(statementsApi.handler, ARRIVED_PREFIX);
      // A file that waits is told to its owner's devices by the notifier: the mail function holds no push key.
      push.grantNotify(mail.handler);
    }

    this.storage = storage;
    this.data = data;
    this.restApis = { profileImageApi: profileImageApi.api, statementsApi: statementsApi.api };
    this.principals = {
      profileImageApi: profileImageApi.handler,
      statementsApi: statementsApi.handler,
      catalogue: catalogue.handler,
      sweep: catalogue.sweep,
      scanResults: catalogue.scanResults,
      accountDeletion: accountDeletion.worker,
      accountDeletionJob: accountDeletion.jobRole,
      malwareScan: scanning.role,
      webServer: web.server,
      shareApi: shares.handler,
      shareReader: shares.readerRole,
      graphqlTable: data.tableSource,
      graphqlPdfPasswords: data.pdfPasswordSource,
      statementEdits: data.statementEdits,
      statementSearch: data.statementSearch,
      pushNotifier: push.notifier,
      reminders: reminders.runner,
      vapidKeyMaker: push.keyMaker,
      apiKeyRenewal: apiKeyRenewal.renewer,
      edgeLogRetention: web.payloadHash.logRetention.setter,
      ...(mail ? { mailIntake: mail.handler } : {}),
    };

    new VaultMonitoring(this, 'Monitoring', {
      restApis: [
        { name: 'profile-image-api', api: profileImageApi.api },
        { name: 'statements-api', api: statementsApi.api },
      ],
      functions: [
        { name: 'profile-image-api', function: profileImageApi.handler.function },
        { name: 'statements-api', function: statementsApi.handler.function },
        { name: 'share-api', function: shares.handler.function },
        { name: 'catalogue', function: catalogue.handler.function },
        { name: 'catalogue-sweep', function: catalogue.sweep.function },
        { name: 'scan-results', function: catalogue.scanResults.function },
        { name: 'account-deletion', function: accountDeletion.worker.function },
        { name: 'statement-edits', function: data.statementEdits.function },
        { name: 'statement-search', function: data.statementSearch.function },
        { name: 'push-notifier', function: push.notifier.function },
        { name: 'reminders', function: reminders.runner.function },
        { name: 'api-key-renewal', function: apiKeyRenewal.renewer.function },
        { name: 'web-server', function: web.server.function },
        { name: 'edge-log-retention', function: web.payloadHash.logRetention.setter.function },
        ...(mail ? [{ name: 'mail-intake', function: mail.handler.function }] : []),
      ],
      graphqlApi: data.api,
      table: data.table,
      catalogueFailures: catalogue.failures,
      ...(mail ? { mailFailures: mail.failures } : {}),
      distribution: web.distribution,
      stage: settings.stage,
      threatServices: [SERVICE_NAMES.scanResults, SERVICE_NAMES.catalogue, SERVICE_NAMES.sweep],
      sweepService: SERVICE_NAMES.sweep,
      pushServices: [SERVICE_NAMES.statementsApi, SERVICE_NAMES.catalogue, SERVICE_NAMES.scanResults, SERVICE_NAMES.pushNotifier],
      shareService: SERVICE_NAMES.shareApi,
      apiKeyRenewalService: SERVICE_NAMES.apiKeyRenewal,
      firewalls: firewalls && [
        { name: 'edge-firewall', acl: firewalls.edge.acl },
        { name: 'regional-firewall', acl: firewalls.regional.acl, region: this.region },
      ],
      alarmEmail: settings.alarmEmail,
    });

    if (firewalls) {
      firewalls.regional.associate('ProfileImageApiStage', profileImageApi.api.deploymentStage.stageArn);
      firewalls.regional.associate('StatementsApiStage', statementsApi.api.deploymentStage.stageArn);
      firewalls.regional.associate('GraphqlApi', data.api.arn);
      firewalls.regional.associate('UserPool', auth.userPool.userPoolArn);
    } else {
      const reason =
        "WAF is off for this deployment (-c waf=false, or a dev stage, where it is off by default): every method still needs a token or the web server's signature, stages are throttled and bodies validated.";
      for (const api of [profileImageApi.api, statementsApi.api]) Validations.of(api).acknowledge({ id: 'AwsSolutions-APIG3', reason });
      Validations.of(web.distribution).acknowledge({ id: 'AwsSolutions-CFR2', reason });
    }

    // Execution logs, with a retention; API Gateway writes them, and the access logs, with the
    // account's logging role (the StatementVaultAccount stack's, or the account's own).
    const logging = new ApiGatewayLogging(this, 'ApiGatewayLogging');
    logging.addApi('ProfileImageApi', profileImageApi.api);
    logging.addApi('StatementsApi', statementsApi.api);

    const values: Record<OutputField, string> = {
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.userPoolClient.userPoolClientId,
      identityPoolId: auth.identityPool.identityPoolId,
      graphqlUrl: data.api.graphqlUrl,
      graphqlApiKey: data.apiKey,
      bucketName: filesBucketName,
      profileImageApiUrl: profileImageApi.url,
      statementsApiUrl: statementsApi.url,
      pushPublicKey: push.publicKey,
    } satisfies Partial<WebConfigValues>;
    for (const [field, name] of Object.entries(OUTPUT_NAMES) as [OutputField, string][]) {
      new CfnOutput(this, name, { value: values[field], description: `Web config: ${field}` });
    }
    web.setWebConfig(webConfigDocument(values));
    this.web = web;
    new CfnOutput(this, WEB_OUTPUTS.webUrl, { value: webOrigin, description: 'The web app' });
    new CfnOutput(this, WEB_OUTPUTS.distributionDomainName, {
      value: web.distribution.distributionDomainName,
      description: 'Point your domain (webDomain) here with a CNAME or an alias record',
    });
    new CfnOutput(this, OPERATIONS_OUTPUTS.catalogueFunctionName, {
      value: catalogue.handler.function.functionName,
      description: 'The catalogue function (npm run catalogue:replay invokes it)',
    });
    new CfnOutput(this, OPERATIONS_OUTPUTS.sweepFunctionName, {
      value: catalogue.sweep.function.functionName,
      description: 'The catalogue sweep (npm run deploy starts it once, to bring records of an earlier release up to date)',
    });
    new CfnOutput(this, OPERATIONS_OUTPUTS.catalogueFailureQueueUrl, {
      value: catalogue.failures.queueUrl,
      description: 'S3 events the catalogue failed on after its retries (npm run catalogue:replay)',
    });
    if (mail) {
      new CfnOutput(this, OPERATIONS_OUTPUTS.mailFunctionName, {
        value: mail.handler.function.functionName,
        description: 'The mail function (npm run mail:replay invokes it)',
      });
      new CfnOutput(this, OPERATIONS_OUTPUTS.mailFailureQueueUrl, {
        value: mail.failures.queueUrl,
        description: 'Invocations the mail function failed on after its retries (npm run mail:replay)',
      });
    }

    // What this stage was deployed with: the next `npm run deploy` compares its own settings with it.
    new CfnOutput(this, DEPLOY_SETTINGS_OUTPUT, {
      value: JSON.stringify(settingsRecord(settings)),
      description: 'The settings this stage was deployed with (cdk.json stages block and context)',
    });

    // Every function of ours publishes its metrics with the stage as a dimension, so dev's
    // and prod's in one account never mix.
    for (const fn of this.node.findAll().filter((construct): construct is VaultFunction => construct instanceof VaultFunction)) {
      fn.function.addEnvironment(LAMBDA_ENV.stage, settings.stage);
    }

    if (settings.stage === 'dev') {
      // Logs go with a dev stack too.
      RemovalPolicies.of(this).destroy({ applyToResourceTypes: ['AWS::Logs::LogGroup'] });
    }

    // Constructs CDK adds on our behalf (S3 notification wiring) that we cannot reshape.
    const notificationsHandler = this.node.tryFindChild('BucketNotificationsHandler050a0587b7544547bf325f094a3db834');
    if (notificationsHandler) {
      Validations.of(notificationsHandler).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's own S3-notification custom resource uses AWSLambdaBasicExecutionRole; it runs only during deployment.",
      });
    }
    const autoDelete = this.node.tryFindChild('Custom::S3AutoDeleteObjectsCustomResourceProvider');
    if (autoDelete) {
      Validations.of(autoDelete).acknowledge({
        id: 'AwsSolutions-IAM4',
        reason:
          "CDK's own auto-delete provider empties the buckets that go with the stack (the web app's static files; in dev, every bucket) when it is deleted; it runs only during deployment.",
      });
    }
  }
}
