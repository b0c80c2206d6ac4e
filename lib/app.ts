import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REGION } from '../contract';
import { VaultAccountStack, accountStackNeeded } from './account-stack';
import { ACCOUNT_STACK_NAME, SHARED_STAGE_TAG_VALUE, vaultStackName } from './outputs';
import { tagStack } from './tags';
import { StatementVaultStack } from './statement-vault-stack';
import { deploySettingsFromContext } from './deploy-settings';

/**
 * The CDK app: one stack for the stage the context names (`dev` unless `-c stage=prod`),
 * with its settings from cdk.json's `stages` block, and the account's stack it depends on;
 * both pinned to the contract's region and tagged, prod protected from termination, with
 * cdk-nag's AWS Solutions checks as a synth-time validation plugin (any unacknowledged
 * finding fails synth). `bin/` and the tests both build the app through here.
 */
export const buildVaultApp = (app: App): StatementVaultStack => {
  const settings = deploySettingsFromContext(app);
  const account = accountStackNeeded(settings.account)
    ? new VaultAccountStack(app, ACCOUNT_STACK_NAME, {
        env: { region: REGION },
        settings: settings.account,
        description: "Statement Vault: what the account holds once for every stage (API Gateway's logging role, the budget)",
      })
    : undefined;
  const stack = new StatementVaultStack(app, vaultStackName(settings.stage), {
    env: { region: REGION },
    settings,
    description: `Statement Vault (${settings.stage}): a private vault for financial statements`,
    // A prod stack holds people's data: deleting it takes turning this off first, on purpose.
    terminationProtection: settings.stage === 'prod',
  });
  if (account) {
    // Its REST API stages log through the account's role, which must exist first.
    stack.addStackDependency(account, "the REST APIs' stages log with the account's API Gateway role");
    tagStack(account, SHARED_STAGE_TAG_VALUE);
  }
  tagStack(stack, settings.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
};
