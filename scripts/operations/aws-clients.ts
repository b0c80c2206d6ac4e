import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SESClient } from '@aws-sdk/client-ses';
import { SSMClient } from '@aws-sdk/client-ssm';
import { STSClient } from '@aws-sdk/client-sts';

/**
 * Every AWS client the deploy scripts call with the person's (or CI's) own credentials, in
 * one place: what each call needs is granted in the deploy policy
 * (lib/deploy-access-stack.ts), and test/infra/deploy-calls.test.ts replays the calls the
 * scripts make through these clients against it. Everything else goes through CDK's
 * bootstrap roles, which the CDK CLI assumes.
 */
export interface AwsClients {
  readonly sts: STSClient;
  readonly ssm: SSMClient;
  readonly cloudformation: CloudFormationClient;
  readonly lambda: LambdaClient;
  readonly ses: SESClient;
}

export const awsClients = (config: { region: string }): AwsClients => ({
  sts: new STSClient(config),
  ssm: new SSMClient(config),
  cloudformation: new CloudFormationClient(config),
  lambda: new LambdaClient(config),
  ses: new SESClient(config),
});
