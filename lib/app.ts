import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REGION } from '../contract';
import { STACK_NAME } from './outputs';
import { StatementVaultStack } from './statement-vault-stack';
import { deploySettingsFromContext } from './deploy-settings';

/**
 * The CDK app: the one stack, pinned to the contract's region, with cdk-nag's AWS
 * Solutions checks as a synth-time validation plugin (any unacknowledged finding fails
 * synth). `bin/` and the tests both build the app through here.
 */
export const buildVaultApp = (app: App): StatementVaultStack => {
  const stack = new StatementVaultStack(app, STACK_NAME, {
    env: { region: REGION },
    settings: deploySettingsFromContext(app),
    description: 'Statement Vault: a private vault for financial statements',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
};
