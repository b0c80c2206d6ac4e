import { Duration, Validations } from 'aws-cdk-lib';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { API_KEY_RENEWAL, LAMBDA_ENV } from '../../contract';
import { VaultFunction } from './vault-function';

export interface ApiKeyRenewalProps {
  /** The GraphQL API whose key is renewed. */
  readonly api: appsync.IGraphqlApi;
  /** The key's id (AppSync's id of a key is the key itself). */
  readonly apiKeyId: string;
  /** @default every API_KEY_RENEWAL.intervalHours hours */
  readonly schedule?: events.Schedule;
}

/**
 * Keeps the web app's AppSync API key alive without a deploy: a function, run on a schedule,
 * moves the key's expiry to a year after each run (AppSync's most), so a stack nobody
 * redeploys keeps answering the web app. Each run records the days left (metric
 * ApiKeyDaysLeft, which the monitoring alarms on when runs stop taking).
 */
export class ApiKeyRenewal extends Construct {
  readonly renewer: VaultFunction;

  constructor(scope: Construct, id: string, props: ApiKeyRenewalProps) {
    super(scope, id);
    this.renewer = new VaultFunction(this, 'Renewer', {
      code: { entry: 'api-key/index.ts' },
      description: "API key renewal: moves the web app's AppSync API key's expiry a year ahead",
      timeout: Duration.seconds(30),
      environment: { [LAMBDA_ENV.graphqlApiId]: props.api.apiId, [LAMBDA_ENV.graphqlApiKeyId]: props.apiKeyId },
    });
    // AppSync authorizes UpdateApiKey on no resource but "*" (it has no resource type for
    // keys, nor a condition key); the function names its one API and key from its environment.
    iam.Grant.addToPrincipal({ grantee: this.renewer, actions: ['appsync:UpdateApiKey'], resourceArns: ['*'] });
    // On the role, where the function's own acknowledgement of X-Ray's "*" sits: this one says both.
    Validations.of(this.renewer.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "AppSync's UpdateApiKey takes no resource but '*' (keys have no ARN and no condition key narrows the call); this function alone holds it, and it updates only the API and key its environment names. X-Ray's two actions, as on every function, take '*' too.",
    });
    new events.Rule(this, 'Schedule', {
      description: "Renews the web app's AppSync API key",
      schedule: props.schedule ?? events.Schedule.rate(Duration.hours(API_KEY_RENEWAL.intervalHours)),
      targets: [new targets.LambdaFunction(this.renewer.function, { retryAttempts: 2 })],
    });
  }
}
