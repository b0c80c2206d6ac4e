#!/usr/bin/env node
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REGION } from '../contract';
import { STACK_NAME } from '../lib/outputs';
import { StatementVaultStack } from '../lib/statement-vault-stack';
import { webOriginsFromContext } from '../lib/web-origins';

const app = new App();
new StatementVaultStack(app, STACK_NAME, {
  env: { region: REGION },
  webOrigins: webOriginsFromContext(app),
  description: 'Statement Vault: a private vault for financial statements',
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
