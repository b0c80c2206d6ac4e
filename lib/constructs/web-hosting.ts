import { AssetHashType, DefaultStackSynthesizer, Duration, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import {
  SHARE_PAGE_HEADERS,
  SHARE_PAGE_REFERRER_POLICY,
  VIEWER_ADDRESS_HEADER,
  WEB_CONFIG_ENV,
  WEB_SECURITY_HEADERS,
} from '../../contract';
import { SHARE_PAGE, SHARE_PAGE_OWN_REFERRER_POLICY, SHARE_PAGE_PREFIX } from '../../contract/share-pages';
import { HASHED_ASSETS_PATH, PAGE_BROTLI, STATIC_CACHE_CONTROL, type OpenNextArtifact } from '../web-artifact';
import { OriginPayloadHash } from './origin-payload-hash';
import { VaultFunction } from './vault-function';

export interface WebDomain {
  /** e.g. vault.example.com; point its DNS (CNAME or alias) at the distribution. */
  readonly name: string;
  /** An ACM certificate for the name, in us-east-1. */
  readonly certificate: acm.ICertificate;
}

export interface WebHostingProps {
  /** OpenNext's build of the web app. */
  readonly artifact: OpenNextArtifact;
  /** Your own domain. @default the distribution's `*.cloudfront.net` name */
  readonly domain?: WebDomain;
  /** @default PriceClass.PRICE_CLASS_100 (North America and Europe) */
  readonly priceClass?: cloudfront.PriceClass;
  /** What happens to CloudFront's access logs with the stack. @default RemovalPolicy.RETAIN */
  readonly logRemovalPolicy?: RemovalPolicy;
  /** How long CloudFront's access logs are kept. @default 365 days */
  readonly accessLogRetention?: Duration;
  /** The server function's memory; Lambda gives CPU in proportion. @default 1024 MiB */
  readonly memorySize?: number;
  /** A WAF web ACL (scope CLOUDFRONT) in front of the distribution, by ARN. @default none */
  readonly webAclArn?: string;
}

/** CloudFront's name for a referrer policy the contract writes. */
const referrerPolicy = (policy: string): cloudfront.HeadersReferrerPolicy => {
  const known = Object.values(cloudfront.HeadersReferrerPolicy).find((value) => value === policy);
  if (!known) throw new Error(`CloudFront has no referrer policy ${policy}`);
  return known;
};

/**
 * Next.js builds redirects and absolute URLs from the host it is asked for; behind
 * CloudFront that would be the function URL's, so the viewer's host travels on in
 * x-forwarded-host, which OpenNext's server reads. The viewer's address travels in
 * VIEWER_ADDRESS_HEADER, always set here (whatever the viewer sent under that name), for a
 * share's log and its limit per address.
 */
const FORWARD_HOST = `function handler(event) {
  var request = event.request;
  request.headers['x-forwarded-host'] = { value: request.headers.host.value };
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * The web app on AWS, as OpenNext builds it: the server function (Node.js 24 on arm64,
 * response streaming, behind a function URL only CloudFront may call, through Origin
 * Access Control), the static files in a private bucket (Origin Access Control, hashed
 * files cached as immutable), and one CloudFront distribution in front: HTTPS only, the
 * security headers on every answer, pages never cached, access logs kept.
 *
 * The server reads the web config at run time from its environment: call
 * `setWebConfig` once the backend's values exist.
 */
export class WebHosting extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly server: VaultFunction;
  readonly assetsBucket: s3.Bucket;
  readonly logBucket: s3.Bucket;
  /** The Lambda@Edge function on the server's origin requests. */
  readonly payloadHash: OriginPayloadHash;
  /** The one origin the backend trusts (CORS): `https://` and the domain people use. */
  readonly webOrigin: string;
  private configured = false;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    const { artifact } = props;

    this.logBucket = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logs are written with an ACL: the bucket must accept them.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.RETAIN,
      autoDeleteObjects: props.logRemovalPolicy === RemovalPolicy.DESTROY,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: props.accessLogRetention ?? Duration.days(365) }],
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "This is the web hosting's log bucket itself; logging it to itself would loop and logging it elsewhere would need a third bucket.",
    });

    // Static files are rebuilt by every deploy: the bucket goes with the stack, in every stage.
    this.assetsBucket = new s3.Bucket(this, 'Assets', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'assets/',
    });

    // Asset hashes from the sources the build was made from (when it recorded them), so a
    // build of the same commit deploys nothing new; each asset's own, as both are in one bucket.
    const assetHash = (asset: string) => artifact.sourceFingerprint && `${artifact.sourceFingerprint}:${asset}`;
    this.server = new VaultFunction(this, 'Server', {
      code: { bundleDir: artifact.server.bundleDir, handler: artifact.server.handler, assetHash: assetHash('server') },
      description: 'web: the Next.js server (OpenNext), rendering every page per request',
      memorySize: props.memorySize ?? 1024,
      timeout: Duration.seconds(30),
      environment: { [PAGE_BROTLI.env]: String(PAGE_BROTLI.quality) },
    });
    const serverUrl = this.server.function.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.AWS_IAM,
      invokeMode: lambda.InvokeMode.RESPONSE_STREAM,
    });

    const headers = WEB_SECURITY_HEADERS;
    /** The security headers every answer carries, with a referrer policy and any further headers. */
    const securityHeaders = (
      id: string,
      comment: string,
      referrerPolicy: cloudfront.HeadersReferrerPolicy,
      extra: readonly { key: string; value: string }[] = [],
    ) =>
      new cloudfront.ResponseHeadersPolicy(this, id, {
        comment,
        securityHeadersBehavior: {
          strictTransportSecurity: {
            accessControlMaxAge: Duration.seconds(headers.strictTransportSecurity.maxAgeSeconds),
            includeSubdomains: headers.strictTransportSecurity.includeSubDomains,
            override: true,
          },
          contentTypeOptions: { override: true },
          frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
          referrerPolicy: { referrerPolicy, override: true },
        },
        customHeadersBehavior: {
          customHeaders: [
            ...extra.map(({ key, value }): cloudfront.ResponseCustomHeader => ({ header: key, value, override: true })),
            { header: 'Permissions-Policy', value: headers.permissionsPolicy, override: true },
          ],
        },
      });
    const responseHeadersPolicy = securityHeaders(
      'SecurityHeaders',
      'Statement Vault: HSTS, no framing, no sniffing, referrer and permissions policies',
      cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
    );
    // What lies under the share page (the file route, the old links): no referrer at all,
    // never indexed, never kept by a cache; the other security headers as everywhere.
    const shareHeadersPolicy = securityHeaders(
      'ShareHeaders',
      'Statement Vault: under the share page: the security headers, no referrer, not indexed, not cached',
      referrerPolicy(SHARE_PAGE_REFERRER_POLICY),
      SHARE_PAGE_HEADERS,
    );
    // The share page itself: the same, but a referrer to its own origin (SHARE_PAGE_OWN_REFERRER_POLICY),
    // so its forms and server action reach the server with an Origin.
    const sharePageHeadersPolicy = securityHeaders(
      'SharePageHeaders',
      'Statement Vault: the share page: the security headers, referrer to its own origin only, not indexed, not cached',
      referrerPolicy(SHARE_PAGE_OWN_REFERRER_POLICY),
      SHARE_PAGE_HEADERS,
    );

    const assetsOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.assetsBucket, {
      originPath: `/${artifact.assetsKeyPrefix}`,
    });
    const staticBehavior: cloudfront.BehaviorOptions = {
      origin: assetsOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      // Honours each file's Cache-Control (immutable or revalidate), set when it is uploaded.
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy,
      compress: true,
    };

    this.payloadHash = new OriginPayloadHash(this, 'PayloadHash');
    const serverBehavior: cloudfront.BehaviorOptions = {
      origin: origins.FunctionUrlOrigin.withOriginAccessControl(serverUrl),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // Pages, and the forms and server actions that post to them: through Origin Access
      // Control, Lambda takes a POST only with its body's SHA-256 in x-amz-content-sha256,
      // which the edge function below adds (browsers never send it).
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      edgeLambdas: [
        {
          functionVersion: this.payloadHash.version,
          eventType: cloudfront.LambdaEdgeEventType.ORIGIN_REQUEST,
          includeBody: true,
        },
      ],
      // Pages are rendered per person: never cached, every header and cookie forwarded.
      // The server compresses its own stream (CloudFront compresses only what it caches).
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy,
      functionAssociations: [
        {
          eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
          function: new cloudfront.Function(this, 'ForwardHost', {
            code: cloudfront.FunctionCode.fromInline(FORWARD_HOST),
            runtime: cloudfront.FunctionRuntime.JS_2_0,
            comment: "Passes the viewer's host and address to the Next.js server",
          }),
        },
      ],
    };
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${Stack.of(this).stackName} web app`,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      defaultBehavior: serverBehavior,
      additionalBehaviors: {
        ...Object.fromEntries(artifact.staticPatterns.map((pattern) => [pattern, staticBehavior])),
        // The page alone (`s`, matched exactly: `s*` would take `/sign-in` and `/shares` too), and what lies under it.
        [SHARE_PAGE.slice(1)]: { ...serverBehavior, responseHeadersPolicy: sharePageHeadersPolicy },
        [`${SHARE_PAGE_PREFIX.slice(1)}*`]: { ...serverBehavior, responseHeadersPolicy: shareHeadersPolicy },
      },
      priceClass: props.priceClass ?? cloudfront.PriceClass.PRICE_CLASS_100,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: props.domain.certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
    });
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without webDomain the distribution answers on its *.cloudfront.net name, whose certificate CloudFront manages and whose minimum TLS version cannot be raised; with webDomain it requires TLSv1.2_2021.',
      });
    }
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Statement Vault serves people wherever they are; no country is refused.',
    });

    this.webOrigin = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;

    // Hashed files are kept from earlier deploys (pages already open may still ask for
    // them); the rest is replaced. Each deployment leaves the other's files alone.
    const staticHash = assetHash('static');
    const source = s3deploy.Source.asset(
      artifact.assetsDir,
      staticHash ? { assetHash: staticHash, assetHashType: AssetHashType.CUSTOM } : {},
    );
    const hashed = `${HASHED_ASSETS_PATH}/*`;
    const hashedAssets = new s3deploy.BucketDeployment(this, 'HashedAssets', {
      sources: [source],
      destinationBucket: this.assetsBucket,
      destinationKeyPrefix: artifact.assetsKeyPrefix,
      exclude: ['*'],
      include: [hashed],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(STATIC_CACHE_CONTROL.hashed)],
    });
    // A new server's pages name the new hashed files: they are in the bucket before it runs.
    this.server.function.node.addDependency(hashedAssets);
    new s3deploy.BucketDeployment(this, 'OtherAssets', {
      sources: [source],
      destinationBucket: this.assetsBucket,
      destinationKeyPrefix: artifact.assetsKeyPrefix,
      exclude: [hashed],
      prune: true,
      cacheControl: [s3deploy.CacheControl.fromString(STATIC_CACHE_CONTROL.other)],
      // Pages name the files of this deploy: drop what CloudFront kept of the others.
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });

    this.acknowledgeDeploymentHandler();

    this.node.addValidation({
      validate: () => (this.configured ? [] : ['WebHosting: call setWebConfig(): the server has no web config']),
    });
  }

  /**
   * CDK's BucketDeployment handler (one per stack) copies the static files and
   * invalidates the distribution, with grants CDK writes; its findings, one by one.
   */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) return;
    const assetsBucket = stack.getLogicalId(this.assetsBucket.node.defaultChild as CfnElement);
    const cdkAssets = `arn:aws:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-${stack.region}/*`;
    const findings = [
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map((action) => `IAM5[Action::${action}]`),
      `IAM5[Resource::${cdkAssets}]`,
      `IAM5[Resource::<${assetsBucket}.Arn>/*]`,
      'IAM5[Resource::*]',
      'L1',
    ];
    Validations.of(handler).acknowledge(
      ...findings.map((finding) => ({
        id: `AwsSolutions-${finding}`,
        reason:
          "CDK's own BucketDeployment handler, which runs only during deployment: CDK gives it the basic execution role, object rights on the CDK assets bucket and the web assets bucket (it copies the static files), CloudFront invalidation (which IAM scopes to no narrower resource here), and the Python runtime its AWS CLI layer needs.",
      })),
    );
  }

  /**
   * Hands the server the web config document (Amplify outputs shape; CloudFormation
   * resolves its values at deploy time), which it renders into every page.
   */
  setWebConfig(document: object): void {
    this.server.function.addEnvironment(WEB_CONFIG_ENV.json, Stack.of(this).toJsonString(document));
    this.configured = true;
  }
}
