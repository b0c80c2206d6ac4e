import { Stack } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import { Construct } from 'constructs';

export interface AccountBudgetProps {
  /** The month's cost the budget watches, in US dollars. */
  readonly monthlyUsd: number;
  /** Who is told, by AWS Budgets' own e-mail (no subscription to confirm). */
  readonly email: string;
  /** Share of the amount the month's actual cost may reach before an e-mail. @default 80 (percent) */
  readonly actualPercent?: number;
  /** Share of the amount the month's forecast cost may reach before an e-mail. @default 100 (percent) */
  readonly forecastPercent?: number;
}

/**
 * An AWS Budgets cost budget of the whole account, monthly: an e-mail when the month's
 * actual cost passes `actualPercent` of the amount, and when AWS's forecast for the month
 * passes `forecastPercent` of it. The account's cost is what AWS bills, whatever stage or
 * other project spends it; a budget per stage would need the `stage` cost allocation tag
 * activated in Billing first, which no template can do.
 */
export class AccountBudget extends Construct {
  readonly budget: budgets.CfnBudget;

  constructor(scope: Construct, id: string, props: AccountBudgetProps) {
    super(scope, id);
    const subscribers = [{ subscriptionType: 'EMAIL', address: props.email }];
    const notification = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
      subscribers,
    });
    this.budget = new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${Stack.of(this).stackName}-monthly-cost`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        notification('ACTUAL', props.actualPercent ?? 80),
        notification('FORECASTED', props.forecastPercent ?? 100),
      ],
    });
  }
}
