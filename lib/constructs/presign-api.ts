import { CfnElement, type Duration, Stack, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  API_STAGE,
  GATEWAY_ERRORS,
  LAMBDA_ENV,
  REGION,
  REST_API_CORS,
  gatewayErrorBody,
  routeMethods,
  routeModel,
  type GatewayErrorType,
  type RouteSpec,
} from '../../contract';
import { VaultFunction } from './vault-function';

export interface PresignApiProps {
  /** Shown in the console and used in resource descriptions. */
  readonly apiName: string;
  /** Handler module under `lambda/`. */
  readonly entry: string;
  /** The contract's route table; one resource and method per route. */
  readonly routes: Record<string, RouteSpec>;
  readonly userPool: cognito.IUserPool;
  /** The bucket the function signs for; grant it access with the storage construct's `grant*` methods. */
  readonly bucket: s3.IBucket;
  /** The key prefix (e.g. `statements/`) the function signs for; used in descriptions. */
  readonly keyPrefix: string;
  /** The records table; grant it access with `grantRecords(table, api.handler, …)` (records-grants.ts). */
  readonly table: dynamodb.ITable;
  /** The one web origin CORS allows (`https://` and host, no path). */
  readonly webOrigin: string;
  /** The function's memory, in MB. @default 256 (VaultFunction's) */
  readonly memorySize?: number;
  /** How long one call may run; API Gateway answers 504 after 29 seconds whatever this says. @default 10 seconds (VaultFunction's) */
  readonly timeout?: Duration;
  /** Steady requests per second per stage. @default 50 */
  readonly throttlingRateLimit?: number;
  /** @default 100 */
  readonly throttlingBurstLimit?: number;
  /**
   * Routes of the same API served by another function, which take IAM-signed calls
   * (AWS_IAM authorization) instead of a user's token: who may call them is whoever
   * `grantInvokeIamRoutes` lets. @default none
   */
  readonly iamRoutes?: { readonly routes: Record<string, RouteSpec>; readonly handler: VaultFunction };
}

/**
 * A presign REST API: stage `prod`, a Cognito user pool authorizer on every method but
 * the CORS preflight (and the routes given to another function for IAM-signed calls), request validation against the contract's JSON schemas, JSON access
 * logs, ERROR execution logs, throttling, CORS, and the gateway's own 4xx/5xx answers in
 * the contract's error shape. Its Lambda may touch only its own key prefix.
 */
export class PresignApi extends Construct {
  readonly api: apigateway.RestApi;
  readonly handler: VaultFunction;
  /** Where the stage writes its access logs (the account's API Gateway role must reach it). */
  readonly accessLogs: logs.LogGroup;
  private readonly iamRoutes: RouteSpec[];

  constructor(scope: Construct, id: string, props: PresignApiProps) {
    super(scope, id);

    this.handler = new VaultFunction(this, 'Handler', {
      code: { entry: props.entry },
      memorySize: props.memorySize,
      timeout: props.timeout,
      description: `${props.apiName}: presigned S3 URLs for the caller's own ${props.keyPrefix} keys`,
      environment: {
        [LAMBDA_ENV.bucketName]: props.bucket.bucketName,
        [LAMBDA_ENV.allowedOrigins]: props.webOrigin,
        [LAMBDA_ENV.tableName]: props.table.tableName,
      },
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_YEAR });
    this.api = new apigateway.RestApi(this, 'Api', {
      restApiName: props.apiName,
      description: `Statement Vault ${props.apiName}`,
      endpointTypes: [apigateway.EndpointType.REGIONAL],
      cloudWatchRole: false,
      deployOptions: {
        stageName: API_STAGE,
        accessLogDestination: new apigateway.LogGroupLogDestination(this.accessLogs),
        accessLogFormat: apigateway.AccessLogFormat.jsonWithStandardFields(),
        loggingLevel: apigateway.MethodLoggingLevel.ERROR,
        // Bodies would carry file names and presigned URLs: never trace them.
        dataTraceEnabled: false,
        throttlingRateLimit: props.throttlingRateLimit ?? 50,
        throttlingBurstLimit: props.throttlingBurstLimit ?? 100,
        tracingEnabled: true,
      },
      defaultCorsPreflightOptions: {
        allowOrigins: [props.webOrigin],
        allowHeaders: [...REST_API_CORS.allowedHeaders],
        allowMethods: routeMethods({ ...props.routes, ...props.iamRoutes?.routes }),
        allowCredentials: REST_API_CORS.allowCredentials,
      },
    });

    const authorizer = new apigateway.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [props.userPool],
      identitySource: apigateway.IdentitySource.header('Authorization'),
    });
    const validator = this.api.addRequestValidator('Validator', {
      validateRequestBody: true,
      validateRequestParameters: true,
    });
    // One invoke permission per function, scoped to this API (any of its methods and stages),
    // rather than two per method: a function's resource policy is capped at 20 KB, and one
    // per route would grow it with every route the API gains.
    const integrationOf = (fn: VaultFunction) => new apigateway.LambdaIntegration(fn.function, { scopePermissionToMethod: false });
    const integration = integrationOf(this.handler);

    const iamIntegration = props.iamRoutes && integrationOf(props.iamRoutes.handler);
    this.iamRoutes = Object.values(props.iamRoutes?.routes ?? {});
    const methods = [
      ...Object.entries(props.routes).map(([name, route]) => ({ name, route, integration, iam: false })),
      ...Object.entries(props.iamRoutes?.routes ?? {}).map(([name, route]) => ({ name, route, integration: iamIntegration!, iam: true })),
    ];
    for (const { name, route, integration, iam: iamSigned } of methods) {
      const resource = this.api.root.resourceForPath(route.resource);
      const pathParameters = [...route.resource.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const model = routeModel(route);
      const method = resource.addMethod(route.method, integration, {
        ...(iamSigned
          ? { authorizationType: apigateway.AuthorizationType.IAM }
          : { authorizer, authorizationType: apigateway.AuthorizationType.COGNITO }),
        requestValidator: validator,
        requestParameters: Object.fromEntries(pathParameters.map((param) => [`method.request.path.${param}`, true])),
        ...(model
          ? {
              requestModels: {
                'application/json': this.api.addModel(`${name}Body`, {
                  contentType: 'application/json',
                  schema: { schema: apigateway.JsonSchemaVersion.DRAFT4, ...model } as apigateway.JsonSchema,
                }),
              },
            }
          : {}),
      });
      if (iamSigned)
        Validations.of(method).acknowledge({
          id: 'AwsSolutions-COG4',
          reason:
            "A share's recipient has no account: this route takes IAM-signed calls of the web server only (execute-api:Invoke granted to its role alone), which carries the link's secret for them.",
        });
    }

    // Answers API Gateway gives itself (bad body, missing token, throttling) in the
    // contract's error shape, readable by the web app (and, like every answer, by it alone).
    for (const [type, answer] of Object.entries(GATEWAY_ERRORS) as [GatewayErrorType, (typeof GATEWAY_ERRORS)[GatewayErrorType]][]) {
      this.api.addGatewayResponse(`${type}Response`, {
        type: apigateway.ResponseType.of(type),
        responseHeaders: { 'Access-Control-Allow-Origin': `'${props.webOrigin}'`, Vary: "'Origin'" },
        templates: { 'application/json': JSON.stringify(gatewayErrorBody(type)) },
        ...('status' in answer ? { statusCode: String(answer.status) } : {}),
      });
    }
  }

  /**
   * Lets the grantee call the IAM-authorized routes, and nothing else of the API: one
   * `execute-api:Invoke` per route (its method, on the stage), built from the API's id so
   * the grantee (the web server) and the API's CORS (the web app's origin) depend on no cycle.
   */
  grantInvokeIamRoutes(grantee: iam.IGrantable): iam.Grant {
    const stack = Stack.of(this);
    const apiLogicalId = stack.getLogicalId(this.api.node.defaultChild as CfnElement);
    const paths = this.iamRoutes.map((route) => `${API_STAGE}/${route.method}${route.resource.replace(/\{\w+\}/g, '*')}`);
    const grant = iam.Grant.addToPrincipal({
      grantee,
      actions: ['execute-api:Invoke'],
      resourceArns: paths.map(
        (path) => `arn:${stack.partition}:execute-api:${stack.region}:${stack.account}:${this.api.restApiId}/${path}`,
      ),
    });
    if (Construct.isConstruct(grantee)) {
      for (const path of paths.filter((path) => path.includes('*')))
        Validations.of(grantee).acknowledge({
          id: `AwsSolutions-IAM5[Resource::arn:aws:execute-api:${REGION}:<AWS::AccountId>:<${apiLogicalId}>/${path}]`,
          reason:
            'The wildcard stands for one path parameter (a statement id) of this one method of this one API; the share function checks it against the share.',
        });
    }
    return grant;
  }

  /**
   * The stage URL (ends in `/prod/`), built from the API's id and the contract's stage
   * name rather than the stage resource, so the web server can hold it while the stage's
   * CORS preflight refers to the web hosting (no dependency cycle).
   */
  get url(): string {
    return `https://${this.api.restApiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}/${API_STAGE}/`;
  }
}
