#!/usr/bin/env node
import { App } from 'aws-cdk-lib';
import { buildDeployAccessApp } from '../lib/deploy-access-stack';

try {
  buildDeployAccessApp(new App());
} catch (error) {
  // A wrong or missing context value: its message is the whole story, without a stack trace.
  console.error(`deploy-access: ${(error as Error).message}`);
  process.exit(1);
}
