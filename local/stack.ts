import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import type { Context } from 'aws-lambda';
import {
  API_KEY_RENEWAL,
  LAMBDA_ENV,
  PROFILE_IMAGE_ROUTES,
  REGION,
  STATEMENT_ROUTES,
  SHARE_ROUTES,
  SCAN_WAIT,
  SWEEP_INTERVAL_MINUTES,
  UPLOAD_PREFIXES,
  mailInboxKey,
  buildWebConfig,
  type LambdaEnvName,
  type WebConfig,
} from '../contract';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { OCR_BUDGET_MS, READING_BUDGET_MS } from '../contract/reading/deadline';
import { eventKey } from '../lambda/catalogue/core';
import { REMINDER_INTERVAL_MINUTES } from '../contract/accounts/expected';
import { countOf } from '../contract/format';
import { localNow } from './clock';
import { createS3Client, type AssumeRoleRequest } from '../lambda/shared/runtime';
import type { StatementEditEvent } from '../lambda/statement-edits/core';
import type { StatementSearchEvent } from '../lambda/statement-search/core';
import type { DeletionWorkerEvent } from '../lambda/account/handler';
import { writeWebConfig } from '../lib/web-config-file';
import { startLocalAppSync } from './appsync';
import { deployedApiKey } from './appsync-control';
import { createTokenVerifier } from './auth/token-verifier';
import { killLeftovers, recordPids } from './children';
import { CodeMailbox } from './cognito/codes';
import { createUserPoolCompat } from './cognito/compat';
import { createSessions } from './cognito/sessions';
import { createIdentityPool } from './cognito/identity-pool';
import { startCognitoServer } from './cognito/server';
import { startUserPool } from './cognito/user-pool';
import { dynamoClient, ensureTable, startDynamoDbLocal } from './dynamodb';
import { startDynamoDbFront } from './dynamodb-front';
import type { PrincipalName } from './iam/access-model';
import { cachedAccessModel } from './iam/access-model-cache';
import { createAuthorizer } from './iam/authorizer';
import { createIdentities } from './iam/identities';
import { loadHandlerFactories } from './handlers';
import { lambdaContext } from './lambda-context';
import { startUnansweredEndpoint } from './faults';
import { startMalwareEngine } from './malware/engine';
import { createLocalMalwareScanner } from './malware/scanner';
import { assertPortsFree, freePort } from './ports';
import { localVapidSecret } from './push-keys';
import { keptLocalSecret } from './secrets';
import { startPushService } from './push-service';
import { startRestApi } from './rest-api';
import { startLocalS3 } from './s3/server';
import { asStream, startLocalMailServer } from './mail-server';
import { readMailVerdicts } from './mail-verdicts';
import { HOST, LOCAL_ACCOUNT_ID, LOCAL_CREDENTIALS, LOCAL_IDS, dataPaths, type PortName, type Ports } from './settings';

export interface LocalStackOptions {
  ports: Ports;
  dataDir: string;
  /** Where to write the web config (amplify_outputs.json); none if undefined. */
  webConfigFile?: string;
  /** Lines for the person at the terminal (codes, warnings). */
  log: (line: string) => void;
  /** Called as each part comes up, with its name and how long it took. */
  progress?: (part: string, ms: number) => void;
}

export interface LocalStack {
  config: WebConfig;
  codesFile: string;
  urls: Record<'cognito' | 'graphql' | 's3' | 'profileImageApi' | 'statementsApi' | 'dynamodb' | 'pushService' | 'smtp', string>;
  stop(): Promise<void>;
}

/** Web origins the bucket and APIs allow locally: the web app on either loopback name. */
export const localWebOrigins = (ports: Ports): string[] => [`http://localhost:${ports.web}`, `http://${HOST}:${ports.web}`];

/** What the CDK app puts in each handler's environment, with the local bucket, table and origins. */
const lambdaEnvironment = (
  ports: Ports,
  roles: { deletionJobRoleArn: string; shareReaderRoleArn: string },
  push: { vapidSecretArn: string; serviceOrigin: string },
  identifierSecretArn: string,
): Record<LambdaEnvName, string> => ({
  [LAMBDA_ENV.bucketName]: LOCAL_IDS.bucketName,
  [LAMBDA_ENV.tableName]: LOCAL_IDS.tableName,
  [LAMBDA_ENV.allowedOrigins]: localWebOrigins(ports).join(','),
  [LAMBDA_ENV.logLevel]: process.env.LOCAL_LOG_LEVEL ?? 'WARN',
  // Nothing collects CloudWatch metrics here; their EMF lines would only crowd the terminal.
  [LAMBDA_ENV.metricsDisabled]: 'true',
  // The local stack stands for a dev deploy.
  [LAMBDA_ENV.stage]: 'dev',
  [LAMBDA_ENV.deletionFunctionName]: LOCAL_FUNCTION_NAMES.accountDeletion,
  [LAMBDA_ENV.userPoolId]: LOCAL_IDS.userPoolId,
  [LAMBDA_ENV.deletionJobRoleArn]: roles.deletionJobRoleArn,
  [LAMBDA_ENV.shareReaderRoleArn]: roles.shareReaderRoleArn,
  [LAMBDA_ENV.notifierFunctionName]: LOCAL_FUNCTION_NAMES.pushNotifier,
  [LAMBDA_ENV.identifierSecretArn]: identifierSecretArn,
  [LAMBDA_ENV.mailDomain]: LOCAL_IDS.mailDomain,
  [LAMBDA_ENV.mailFunctionName]: LOCAL_FUNCTION_NAMES.mailIntake,
  [LAMBDA_ENV.pushVapidSecretArn]: push.vapidSecretArn,
  // The CDK app names the web app's https origin; push services take only https: or mailto:, and this one is http.
  [LAMBDA_ENV.pushVapidSubject]: 'mailto:operator@statement-vault.localhost',
  [LAMBDA_ENV.pushExtraOrigins]: push.serviceOrigin,
  [LAMBDA_ENV.graphqlApiId]: LOCAL_IDS.graphqlApiId,
  [LAMBDA_ENV.graphqlApiKeyId]: LOCAL_IDS.graphqlApiKey,
  // Lambda@Edge has no local counterpart; the function that keeps its logs' retention does not run here.
  [LAMBDA_ENV.edgeLogGroupName]: '/aws/lambda/us-east-1.statement-vault-local-edge',
  [LAMBDA_ENV.edgeLogRetentionDays]: '365',
  // A file with no verdict is scanned again sooner here, where the sweep runs every minute.
  [LAMBDA_ENV.scanRetrySeconds]: process.env.LOCAL_SCAN_RETRY_SECONDS ?? String(SCAN_WAIT.rescanAfterMinutes.local * 60),
  // The CDK app's budget for reading one file, unless a test asks for a smaller one.
  [LAMBDA_ENV.readingBudgetMs]: process.env.LOCAL_READING_BUDGET_MS ?? String(READING_BUDGET_MS),
  [LAMBDA_ENV.ocrBudgetMs]: String(OCR_BUDGET_MS),
});

/**
 * How Lambda runs an asynchronous invocation (S3's events, an `Event` invoke): after the
 * caller has its answer, and twice more if it fails, `delayMs` apart; then it gives up.
 */
const runAsynchronously = (run: () => Promise<unknown>, delayMs: number, onGiveUp: (error: Error) => void): void => {
  const attempt = (left: number): Promise<void> =>
    run().then(
      () => undefined,
      async (error: Error) => {
        if (left === 0) return onGiveUp(error);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return attempt(left - 1);
      },
    );
  void attempt(2);
};

/**
 * What STS refuses in an AssumeRole request before it looks at any policy: a session name
 * outside 2 to 64 of `[\w+=,.@-]`, or a session policy over 2,048 characters.
 */
export const assumeRoleProblem = (sessionName: string, policy: string | undefined): string | undefined => {
  if (!/^[\w+=,.@-]{2,64}$/.test(sessionName))
    return "1 validation error detected: Value at 'roleSessionName' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w+=,.@-]* and have length between 2 and 64";
  if (policy !== undefined && policy.length > 2048)
    return "1 validation error detected: Value at 'policy' failed to satisfy constraint: Member must have length less than or equal to 2048";
  return undefined;
};

/** The local functions other functions name (the statements API starts the deletion worker). */
const LOCAL_FUNCTION_NAMES = { accountDeletion: 'account-deletion', pushNotifier: 'push-notifier', mailIntake: 'mail-intake' } as const;

export const startLocalStack = async (options: LocalStackOptions): Promise<LocalStack> => {
  const { ports, log } = options;
  const paths = dataPaths(options.dataDir);
  fs.mkdirSync(paths.root, { recursive: true });
  const leftovers = killLeftovers(paths.pids);
  if (leftovers.length > 0) log(`stopped ${leftovers.length} process(es) left by an earlier run that did not shut down`);
  await assertPortsFree(
    ports,
    (Object.keys(ports) as PortName[]).filter((name) => name !== 'web'),
  );

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    stops.length = 0;
    fs.rmSync(paths.pids, { force: true });
  };
  const timed = async <T>(part: string, start: () => Promise<T>): Promise<T> => {
    const began = Date.now();
    const result = await start();
    options.progress?.(part, Date.now() - began);
    return result;
  };

  let dynamoStarting: Promise<{ stop(): Promise<void> }> | undefined;
  let malwareStarting: ReturnType<typeof startMalwareEngine> | undefined;
  try {
    // cognito-local loads the v2 SDK only for its unused Lambda triggers.
    process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
    // The SDK warns that its 2027 releases need Node 22; this repository pins its SDK version.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

    // Java takes longest: start it first and bring the rest up meanwhile. It listens on
    // an inner port; the IAM-checking front takes the DynamoDB port.
    const innerDynamoPort = await freePort();
    dynamoStarting = timed('DynamoDB Local', () =>
      startDynamoDbLocal({ port: innerDynamoPort, directory: paths.dynamodb, onOutput: () => undefined }),
    );
    dynamoStarting.then((child) => stops.push(() => child.stop())).catch(() => undefined);
    // The malware scan GuardDuty does on AWS (clamd loads its signatures meanwhile).
    malwareStarting = startMalwareEngine({
      directory: paths.clamav,
      onReady: (description, ms) => options.progress?.(`malware scan: ${description}`, ms),
    });
    malwareStarting.then((engine) => stops.push(() => engine.stop())).catch(() => undefined);

    // The handlers as they deploy, bundled while Java starts (about 2 s of CPU) when their sources changed.
    const {
      catalogue: { createCatalogueHandler, createScanResultsHandler, createSweepHandler },
      profileImage: { createProfileImageHandler },
      statements: { createStatementsHandler },
      shares: { createShareHandler },
      statementEdits: { createStatementEditHandler },
      statementSearch: { createStatementSearchHandler },
      account: { createAccountDeletionHandler },
      push: { createNotifierHandler },
      apiKey: { createApiKeyRenewalHandler },
      mail: { createMailIntakeHandler },
      reminders: { createRemindersHandler },
    } = await timed('Lambda handlers (bundled as they deploy)', () => loadHandlerFactories());

    // Who may do what: the policies of the template the CDK app synthesizes.
    const { identities, authorizer, model } = await timed('IAM (policies from the synthesized template)', async () => {
      const model = await cachedAccessModel({ bucketName: LOCAL_IDS.bucketName, tableName: LOCAL_IDS.tableName });
      return { identities: createIdentities(model), authorizer: createAuthorizer(model), model };
    });

    const { pool, tokens } = await timed('Cognito', async () => {
      const pool = await startUserPool(paths.cognito, new CodeMailbox(paths.codes, log));
      const tokens = createTokenVerifier(pool.userPoolId, pool.clientId);
      const server = await startCognitoServer(
        ports.cognito,
        createUserPoolCompat(pool, tokens, createSessions(paths.cognito)),
        createIdentityPool({ identityPoolId: LOCAL_IDS.identityPoolId, userPoolId: pool.userPoolId, tokens }),
      );
      stops.push(() => server.close());
      return { pool, tokens };
    });

    const dynamo = (await dynamoStarting) as Awaited<ReturnType<typeof startDynamoDbLocal>>;
    const malware = await malwareStarting;
    const dynamoFront = await startDynamoDbFront({
      port: ports.dynamodb,
      upstreamPort: innerDynamoPort,
      identities,
      authorizer,
      tableArn: (table) => `arn:aws:dynamodb:${REGION}:${LOCAL_ACCOUNT_ID}:table/${table}`,
    });
    stops.push(() => dynamoFront.close());
    await ensureTable(dynamoClient(ports.dynamodb), LOCAL_IDS.tableName);

    // The real handlers, each with its own role's credentials, as Lambda runs them.
    // Web push: the key pair (what the deploy's custom resource makes), and the push service
    // browsers would use, on loopback, which checks each notice's VAPID signature and decrypts it.
    const vapid = await localVapidSecret(paths.vapidKeys, model.vapidSecretArn);
    const pushService = await startPushService(ports.pushService);
    stops.push(() => pushService.close());
    const environment = lambdaEnvironment(
      ports,
      { deletionJobRoleArn: model.principals.accountDeletionJob.roleArn, shareReaderRoleArn: model.principals.shareReader.roleArn },
      { vapidSecretArn: model.vapidSecretArn, serviceOrigin: pushService.origin },
      model.identifierSecretArn,
    );
    const identifierSecret = keptLocalSecret(paths.identifierSecret);
    const endpoints = { s3: `http://${HOST}:${ports.s3}`, dynamodb: `http://${HOST}:${ports.dynamodb}` };
    // Secrets Manager's GetSecretValue for a principal: its policies must allow it on the secret.
    const readSecretAs = (name: PrincipalName) => async (secretArn: string) => {
      const decision = await authorizer.authorize(model.principals[name], { action: 'secretsmanager:GetSecretValue', resource: secretArn });
      if (!decision.allowed) throw Object.assign(new Error(decision.message), { name: 'AccessDeniedException' });
      return secretArn === model.identifierSecretArn ? identifierSecret : vapid.value(secretArn);
    };
    const access = (name: PrincipalName) => ({ credentials: identities.credentialsOf(name), endpoints, readSecret: readSecretAs(name) });
    // STS's AssumeRole for a principal: its own policies must allow sts:AssumeRole on the
    // role, and the session gets credentials held to the role's policies and the session's.
    const assumeRoleAs =
      (name: PrincipalName) =>
      async ({ roleArn, sessionName, policy }: AssumeRoleRequest) => {
        // What STS checks of the request itself, before any policy.
        const invalid = assumeRoleProblem(sessionName, policy);
        if (invalid) throw Object.assign(new Error(invalid), { name: 'ValidationError' });
        const decision = await authorizer.authorize(model.principals[name], { action: 'sts:AssumeRole', resource: roleArn });
        if (!decision.allowed) throw Object.assign(new Error(decision.message), { name: 'AccessDenied' });
        const role = Object.values(model.principals).find((principal) => principal.roleArn === roleArn);
        if (!role) throw Object.assign(new Error(`Role ${roleArn} cannot be found`), { name: 'AccessDenied' });
        return identities.issueSession(role.name, { sessionName, policy: JSON.parse(policy) });
      };
    const invoke =
      <E, R>(functionName: string, handler: (event: E, context: Context) => Promise<R>) =>
      (event: E) =>
        handler(event, lambdaContext(functionName));
    const catalogue = invoke('catalogue', createCatalogueHandler(environment, access('catalogue')));
    const scanResults = invoke('scan-results', createScanResultsHandler(environment, access('scanResults')));
    // GuardDuty's part: scan each new upload, tag it with the verdict, send the verdict on.
    // Fault injection for the durability tests: scans that never report, until the next start.
    const scanner = createLocalMalwareScanner({
      engine: malware,
      s3: createS3Client(access('malwareScan')),
      bucketName: LOCAL_IDS.bucketName,
      prefixes: UPLOAD_PREFIXES,
      onResult: (event) => scanResults(event),
      log,
      stalled: process.env.LOCAL_MALWARE_SCAN === 'stalled',
    });
    // The sweep asks for a file with no verdict to be scanned again (GuardDuty's
    // SendObjectMalwareScan, which its role must be allowed); the stack's scanner does it.
    const sweep = invoke(
      'catalogue-sweep',
      createSweepHandler(environment, {
        ...access('sweep'),
        requestMalwareScan: async ({ bucket, key }) => {
          const decision = await authorizer.authorize(model.principals.sweep, { action: 'guardduty:SendObjectMalwareScan', resource: '*' });
          if (!decision.allowed) throw Object.assign(new Error(decision.message), { name: 'AccessDeniedException' });
          if (bucket !== LOCAL_IDS.bucketName)
            throw Object.assign(new Error(`no malware protection plan for ${bucket}`), { name: 'BadRequestException' });
          scanner.request(key);
        },
      }),
    );
    const profileImageHandler = invoke('profile-image-api', createProfileImageHandler(environment, access('profileImageApi')));
    // Fault injection for the durability tests: the deletion worker's calls to Cognito go
    // unanswered, so a deletion hangs before its last step until the process is killed.
    let deletionCognito = `http://${HOST}:${ports.cognito}`;
    if (process.env.LOCAL_DELETION_COGNITO === 'unanswered') {
      const unanswered = await startUnansweredEndpoint();
      stops.push(() => unanswered.close());
      deletionCognito = unanswered.url;
    }
    // Lambda runs an asynchronously invoked function after answering the caller, and tries a failed run twice more.
    const accountDeletion = invoke(
      LOCAL_FUNCTION_NAMES.accountDeletion,
      createAccountDeletionHandler(environment, {
        ...access('accountDeletion'),
        endpoints: { ...endpoints, cognito: deletionCognito },
        assumeRole: assumeRoleAs('accountDeletion'),
      }),
    );
    const pushNotifier = invoke(LOCAL_FUNCTION_NAMES.pushNotifier, createNotifierHandler(environment, access('pushNotifier')));
    // The mail function: SES invokes it for each received message, the statements API to file a waiting file.
    // It asks the notifier to tell of a file that waits (invokeAsync, defined below, by the time a mail comes).
    const mailIntake = invoke(
      LOCAL_FUNCTION_NAMES.mailIntake,
      createMailIntakeHandler(environment, { ...access('mailIntake'), invokeAsync: (name, payload) => invokeAsync(name, payload) }),
    );
    const invokeAsync = async (functionName: string, payload: unknown) => {
      if (functionName === LOCAL_FUNCTION_NAMES.mailIntake) {
        runAsynchronously(
          () => mailIntake(payload as Parameters<typeof mailIntake>[0]),
          1000,
          (error) => log(`mail function failed: ${error.name}: ${error.message}`),
        );
        return;
      }
      if (functionName === LOCAL_FUNCTION_NAMES.pushNotifier) {
        runAsynchronously(
          () => pushNotifier(payload),
          1000,
          (error) => log(`push notifier failed: ${error.name}`),
        );
        return;
      }
      if (functionName !== LOCAL_FUNCTION_NAMES.accountDeletion) throw new Error(`no local function ${functionName}`);
      runAsynchronously(
        () => accountDeletion(payload as DeletionWorkerEvent),
        1000,
        (error) => log(`account deletion failed: ${error.name}; the schedule resumes it`),
      );
    };
    const reminders = invoke('reminders', createRemindersHandler(environment, access('reminders')));
    const statementEdits = invoke('statement-edits', createStatementEditHandler(environment, access('statementEdits')));
    const statementSearch = invoke('statement-search', createStatementSearchHandler(environment, access('statementSearch')));
    const statementsHandler = invoke('statements-api', createStatementsHandler(environment, { ...access('statementsApi'), invokeAsync }));
    const shareHandler = invoke(
      'share-api',
      createShareHandler(environment, { ...access('shareApi'), assumeRole: assumeRoleAs('shareApi'), invokeAsync }),
    );
    // Fault injection for the durability tests: drop S3 events as if they were lost (to the
    // catalogue and the malware scan alike).
    const deliverEvents = process.env.LOCAL_S3_EVENTS !== 'off';

    await timed('S3', async () => {
      const s3 = await startLocalS3({
        port: ports.s3,
        directory: paths.s3,
        bucketName: LOCAL_IDS.bucketName,
        webOrigins: localWebOrigins(ports),
        identities,
        authorizer,
        // S3 invokes the catalogue asynchronously and retries a failure twice.
        onEvent: (event) => {
          // Lost events are lost for both: GuardDuty learns of new objects from the bucket's events too.
          if (!deliverEvents) return;
          // The bucket notifies the catalogue of its upload prefixes only (a share's copies are not uploads).
          if (!(event.Records ?? []).some((record) => UPLOAD_PREFIXES.some((prefix) => eventKey(record).startsWith(prefix)))) return;
          scanner.onObjectEvent(event);
          runAsynchronously(
            () => catalogue(event),
            500,
            (error) => log(`catalogue failed for ${event.Records?.[0]?.eventName}: ${error.name}`),
          );
        },
      });
      stops.push(() => s3.close());
    });

    // SES receiving: mail to people's private addresses, stored in the bucket and handed to the mail function.
    // SES writes the message with its own service principal, which the receipt rule's bucket
    // policy statement admits; here the account's own credentials stand for it.
    const sesWriter = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints });
    const mailServer = await startLocalMailServer({
      port: ports.mail,
      domain: LOCAL_IDS.mailDomain,
      functionName: LOCAL_FUNCTION_NAMES.mailIntake,
      store: async (messageId, raw) => {
        await sesWriter.send(new PutObjectCommand({ Bucket: LOCAL_IDS.bucketName, Key: mailInboxKey(messageId), Body: raw }));
      },
      scan: (raw) => malware.scan(asStream(raw)),
      verdicts: () => readMailVerdicts(paths.mailVerdicts),
      // SES invokes the function asynchronously; Lambda tries a failed run twice more.
      invoke: async (event) =>
        runAsynchronously(
          () => mailIntake(event),
          1000,
          (error) => log(`mail function failed: ${error.name}: ${error.message}`),
        ),
      log,
    });
    stops.push(() => mailServer.close());

    // The same sweep AWS runs hourly: at start (after a crash) and then every minute.
    let sweeping = false;
    const runSweep = async () => {
      if (sweeping) return;
      sweeping = true;
      try {
        const report = await sweep({ id: randomUUID(), source: 'local.schedule' });
        if (report.catalogued > 0) log(`sweep: catalogued ${report.catalogued} file(s) whose S3 event was lost`);
        if (report.recordsWithoutFile > 0) log(`sweep: removed ${report.recordsWithoutFile} record(s) whose file was gone`);
        if (report.rescansRequested > 0) log(`sweep: sent ${report.rescansRequested} file(s) with no malware verdict to be scanned again`);
      } catch (error) {
        log(`sweep failed: ${(error as Error).name}`);
      } finally {
        sweeping = false;
      }
    };
    await runSweep();
    // The deletion worker's schedule: at start (a deletion a crash interrupted) and then every minute.
    const resumeDeletions = (staleAfterSeconds?: number) =>
      accountDeletion({ source: 'local.schedule', staleAfterSeconds }).catch((error: Error) =>
        log(`resuming account deletions failed: ${error.name}`),
      );
    void resumeDeletions(0);
    const resumeTimer = setInterval(() => void resumeDeletions(), 60_000);
    resumeTimer.unref();
    stops.push(async () => clearInterval(resumeTimer));
    // The reminders AWS runs hourly: at start and then every minute, on the stack's clock (local/clock.ts).
    let reminding = false;
    const runReminders = async () => {
      if (reminding) return;
      reminding = true;
      try {
        const report = await reminders({ id: randomUUID(), source: 'local.schedule', time: localNow(paths.clock).toISOString() });
        if (report.told > 0) log(`reminders: told ${countOf(report.told, 'late statement')} to their owners`);
      } catch (error) {
        log(`reminders failed: ${(error as Error).name}`);
      } finally {
        reminding = false;
      }
    };
    void runReminders();
    const reminderSeconds = Number(process.env.LOCAL_REMINDER_SECONDS ?? REMINDER_INTERVAL_MINUTES.local * 60);
    const reminderTimer = setInterval(() => void runReminders(), reminderSeconds * 1000);
    reminderTimer.unref();
    stops.push(async () => clearInterval(reminderTimer));
    const sweepSeconds = Number(process.env.LOCAL_SWEEP_SECONDS ?? SWEEP_INTERVAL_MINUTES.local * 60);
    const sweepTimer = setInterval(() => void runSweep(), sweepSeconds * 1000);
    sweepTimer.unref();
    stops.push(async () => clearInterval(sweepTimer));

    await timed('REST APIs', async () => {
      for (const [name, routes, handler] of [
        ['profileImageApi', PROFILE_IMAGE_ROUTES, profileImageHandler],
        ['statementsApi', STATEMENT_ROUTES, statementsHandler],
      ] as const) {
        const server = await startRestApi({
          port: ports[name],
          routes,
          handler,
          tokens,
          webOrigins: localWebOrigins(ports),
          // The share function answers its routes on the statements API, for IAM-signed calls.
          ...(name === 'statementsApi'
            ? {
                iam: {
                  routes: SHARE_ROUTES,
                  handler: shareHandler,
                  apiId: model.restApiIds.statementsApi,
                  accountId: model.accountId,
                  identities,
                  authorizer,
                },
              }
            : {}),
        });
        stops.push(() => server.close());
      }
    });

    await timed('AppSync', async () => {
      const appsync = await startLocalAppSync({
        port: ports.appsync,
        dynamoPort: ports.dynamodb,
        tableName: LOCAL_IDS.tableName,
        settings: model.graphql,
        // The resolvers reach the table with their data source's role, as on AppSync.
        credentials: { table: identities.credentialsOf('graphqlTable'), pdfPasswords: identities.credentialsOf('graphqlPdfPasswords') },
        apiId: LOCAL_IDS.graphqlApiId,
        apiKey: deployedApiKey(LOCAL_IDS.graphqlApiKey),
        control: { identities, authorizer, accountId: LOCAL_ACCOUNT_ID },
        tokens,
        pageTokenKey: Buffer.from(keptLocalSecret(paths.pageTokenKey), 'hex'),
        // AppSync invokes the resolver's function synchronously, with its own role's credentials.
        lambdas: {
          statementEdits: (payload) => statementEdits(payload as StatementEditEvent),
          statementSearch: (payload) => statementSearch(payload as StatementSearchEvent),
        },
      });
      stops.push(() => appsync.close());
    });

    // The API key's renewal, as EventBridge runs it: at start and then on its interval, with
    // its own role's credentials against AppSync's control plane.
    const renewApiKey = invoke(
      'api-key-renewal',
      createApiKeyRenewalHandler(environment, {
        ...access('apiKeyRenewal'),
        endpoints: { ...endpoints, appsync: `http://${HOST}:${ports.appsync}` },
      }),
    );
    const runRenewal = () =>
      renewApiKey({ id: randomUUID(), source: 'local.schedule' }).catch((error: Error) =>
        log(`API key renewal failed: ${error.name}: ${error.message}`),
      );
    await runRenewal();
    const renewalTimer = setInterval(() => void runRenewal(), API_KEY_RENEWAL.intervalHours * 3600 * 1000);
    renewalTimer.unref();
    stops.push(async () => clearInterval(renewalTimer));

    const url = (port: number, path = '') => `http://${HOST}:${port}${path}`;
    const urls = {
      cognito: url(ports.cognito),
      graphql: url(ports.appsync, '/graphql'),
      s3: url(ports.s3),
      profileImageApi: url(ports.profileImageApi, '/prod/'),
      statementsApi: url(ports.statementsApi, '/prod/'),
      dynamodb: url(ports.dynamodb),
      pushService: pushService.origin,
      smtp: `smtp://${HOST}:${ports.mail}`,
    };
    const config = buildWebConfig({
      region: REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      identityPoolId: LOCAL_IDS.identityPoolId,
      graphqlUrl: urls.graphql,
      graphqlApiKey: LOCAL_IDS.graphqlApiKey,
      bucketName: LOCAL_IDS.bucketName,
      profileImageApiUrl: urls.profileImageApi,
      statementsApiUrl: urls.statementsApi,
      pushPublicKey: vapid.publicKey,
      userPoolEndpoint: urls.cognito,
      identityPoolEndpoint: urls.cognito,
      storageEndpoint: urls.s3,
      local: true,
    });
    if (options.webConfigFile) writeWebConfig(config, options.webConfigFile);
    recordPids(paths.pids, [...dynamo.pids(), ...malware.pids()]);

    return { config, codesFile: paths.codes, urls, stop: stopAll };
  } catch (error) {
    await stopAll();
    // A failure elsewhere while Java was still starting must not leave it running.
    await dynamoStarting?.then((child) => child.stop()).catch(() => undefined);
    await malwareStarting?.then((engine) => engine.stop()).catch(() => undefined);
    throw error;
  }
};
