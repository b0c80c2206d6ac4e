import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AccountBudget } from './constructs/account-budget';
import { ApiGatewayAccountRole } from './constructs/api-gateway-logging';
import type { AccountSettings } from './deploy-settings';

export interface VaultAccountStackProps extends StackProps {
  readonly settings: AccountSettings;
}

/** Whether the account's settings ask for anything at all: a stack with no resource cannot deploy. */
export const accountStackNeeded = (settings: AccountSettings): boolean =>
  settings.apiGatewayCloudWatchRole === 'create' || settings.budget !== undefined;

/**
 * `StatementVaultAccount`: what an account and region hold once, whichever stages it runs:
 * the API Gateway logging role every REST API of the account logs through, and the
 * account's monthly budget. Every stage's stack depends on it, so `cdk deploy` of a stage
 * deploys it first when it changed; a stage's teardown leaves it.
 */
export class VaultAccountStack extends Stack {
  readonly apiGatewayLogging?: ApiGatewayAccountRole;
  readonly budget?: AccountBudget;

  constructor(scope: Construct, id: string, props: VaultAccountStackProps) {
    super(scope, id, props);
    const { settings } = props;
    if (settings.apiGatewayCloudWatchRole === 'create') this.apiGatewayLogging = new ApiGatewayAccountRole(this, 'ApiGatewayLogging');
    if (settings.budget) this.budget = new AccountBudget(this, 'Budget', settings.budget);
  }
}
