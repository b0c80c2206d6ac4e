import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { PROFILE_IMAGE_PREFIX, PROFILE_IMAGE_ROUTES, STATEMENT_PREFIX, STATEMENT_ROUTES, type WebConfigValues } from '../contract';
import { ApiGatewayLogging } from './constructs/api-gateway-logging';
import { VaultAuth } from './constructs/auth';
import { VaultData } from './constructs/data';
import { PresignApi } from './constructs/presign-api';
import { VaultStorage } from './constructs/storage';
import { UploadCatalogue } from './constructs/upload-catalogue';
import { OUTPUT_NAMES, type OutputField } from './outputs';

export interface StatementVaultStackProps extends StackProps {
  /** Origins of the web app (CORS on the bucket and both APIs). */
  readonly webOrigins: string[];
}

/** The whole AWS side of Statement Vault, composed from one construct per concern. */
export class StatementVaultStack extends Stack {
  constructor(scope: Construct, id: string, props: StatementVaultStackProps) {
    super(scope, id, props);

    const auth = new VaultAuth(this, 'Auth');
    const storage = new VaultStorage(this, 'Storage', { webOrigins: props.webOrigins });
    const data = new VaultData(this, 'Data', { userPool: auth.userPool });
    new UploadCatalogue(this, 'Catalogue', { bucket: storage.bucket, table: data.table });

    const profileImageApi = new PresignApi(this, 'ProfileImageApi', {
      apiName: 'profile-image-api',
      entry: 'profile-image/index.ts',
      routes: PROFILE_IMAGE_ROUTES,
      userPool: auth.userPool,
      bucket: storage.bucket,
      keyPrefix: PROFILE_IMAGE_PREFIX,
      objectActions: ['s3:PutObject', 's3:GetObject'],
      webOrigins: props.webOrigins,
    });
    const statementsApi = new PresignApi(this, 'StatementsApi', {
      apiName: 'statements-api',
      entry: 'statements/index.ts',
      routes: STATEMENT_ROUTES,
      userPool: auth.userPool,
      bucket: storage.bucket,
      keyPrefix: STATEMENT_PREFIX,
      objectActions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
      table: { table: data.table, actions: ['dynamodb:GetItem', 'dynamodb:DeleteItem'] },
      webOrigins: props.webOrigins,
    });
    new ApiGatewayLogging(this, 'ApiGatewayLogging').requiredBy(profileImageApi.api, statementsApi.api);

    const values: Record<OutputField, string> = {
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.userPoolClient.userPoolClientId,
      identityPoolId: auth.identityPool.identityPoolId,
      graphqlUrl: data.api.graphqlUrl,
      graphqlApiKey: data.apiKey,
      bucketName: storage.bucket.bucketName,
      profileImageApiUrl: profileImageApi.url,
      statementsApiUrl: statementsApi.url,
    } satisfies Partial<WebConfigValues>;
    for (const [field, name] of Object.entries(OUTPUT_NAMES) as [OutputField, string][]) {
      new CfnOutput(this, name, { value: values[field], description: `Web config: ${field}` });
    }

    // Constructs CDK adds on our behalf (S3 notification wiring) that we cannot reshape.
    const notificationsHandler = this.node.tryFindChild('BucketNotificationsHandler050a0587b7544547bf325f094a3db834');
    if (notificationsHandler) {
      Validations.of(notificationsHandler).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's own S3-notification custom resource uses AWSLambdaBasicExecutionRole; it runs only during deployment.",
      });
    }
  }
}
