import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REGION } from '../contract';
import { vaultStackName } from './outputs';
import { StatementVaultStack } from './statement-vault-stack';
import { deploySettingsFromContext } from './deploy-settings';

/**
 * The CDK app: one stack for the stage the context names (`dev` unless `-c stage=prod`), pinned to the contract's region, with cdk-nag's AWS
 * Solutions checks as a synth-time validation plugin (any unacknowledged finding fails
 * synth). `bin/` and the tests both build the app through here.
 */
export const buildVaultApp = (app: App): StatementVaultStack => {
  const settings = deploySettingsFromContext(app);
  const stack = new StatementVaultStack(app, vaultStackName(settings.stage), {
    env: { region: REGION },
    settings,
    description: 'Statement Vault: a private vault for financial statements',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
};
