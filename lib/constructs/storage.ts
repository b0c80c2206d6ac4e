import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledgeKeyPrefixWildcard } from './acknowledgements';
import { BUCKET_CORS } from '../../contract';

export interface VaultStorageProps {
  /** Web origins allowed to PUT and GET through presigned URLs (CORS). */
  readonly webOrigins: string[];
  /** How long an overwritten or deleted version stays recoverable. @default 30 days */
  readonly noncurrentVersionRetention?: Duration;
  /** How long the access logs are kept. @default 365 days */
  readonly accessLogRetention?: Duration;
  /**
   * @default RETAIN: statements are people's records. DESTROY (a development deploy) also
   * empties the buckets when the stack is deleted, every version included.
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The one bucket of PRODUCT.md, private by every switch S3 has: all public access
 * blocked, TLS only, encrypted, objects owned by the bucket (no ACLs), versioned so an
 * overwrite or delete never loses a file, and incomplete multipart uploads aborted so an
 * abandoned upload is not billed for long. Browsers reach it only through presigned URLs,
 * from the configured web origins.
 */
export class VaultStorage extends Construct {
  readonly bucket: s3.Bucket;
  readonly accessLogBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: VaultStorageProps) {
    super(scope, id);
    if (props.webOrigins.length === 0) throw new Error('VaultStorage needs at least one web origin for CORS');
    // What both buckets share: private, TLS only, encrypted, no ACLs, versioned.
    const secure: s3.BucketProps = {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
      autoDeleteObjects: props.removalPolicy === RemovalPolicy.DESTROY,
    };

    this.accessLogBucket = new s3.Bucket(this, 'AccessLogs', {
      ...secure,
      lifecycleRules: [
        {
          id: 'expire-access-logs',
          expiration: props.accessLogRetention ?? Duration.days(365),
          noncurrentVersionExpiration: Duration.days(30),
        },
      ],
    });
    Validations.of(this.accessLogBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it to itself would loop and logging it elsewhere would need a third bucket.',
    });

    this.bucket = new s3.Bucket(this, 'Files', {
      ...secure,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: 'files/',
      lifecycleRules: [
        { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        {
          id: 'expire-old-versions',
          noncurrentVersionExpiration: props.noncurrentVersionRetention ?? Duration.days(30),
          expiredObjectDeleteMarker: true,
        },
      ],
      cors: [
        {
          allowedOrigins: props.webOrigins,
          allowedMethods: BUCKET_CORS.allowedMethods.map((method) => method as s3.HttpMethods),
          allowedHeaders: [...BUCKET_CORS.allowedHeaders],
          exposedHeaders: [...BUCKET_CORS.exposedHeaders],
          maxAge: BUCKET_CORS.maxAgeSeconds,
        },
      ],
    });
  }

  /** PUT objects under `keyPrefix`: presigned single uploads, and multipart create, part upload and complete. */
  grantPut(grantee: iam.IGrantable, keyPrefix: string): iam.Grant {
    return this.grantOnObjects(grantee, keyPrefix, 's3:PutObject');
  }

  /** GET and HEAD objects under `keyPrefix` (presigned downloads, reading metadata). */
  grantRead(grantee: iam.IGrantable, keyPrefix: string): iam.Grant {
    return this.grantOnObjects(grantee, keyPrefix, 's3:GetObject');
  }

  /** Delete objects under `keyPrefix` (versioning keeps the bytes for the retention period). */
  grantDelete(grantee: iam.IGrantable, keyPrefix: string): iam.Grant {
    return this.grantOnObjects(grantee, keyPrefix, 's3:DeleteObject');
  }

  /** Abort multipart uploads under `keyPrefix`. */
  grantAbortMultipartUpload(grantee: iam.IGrantable, keyPrefix: string): iam.Grant {
    return this.grantOnObjects(grantee, keyPrefix, 's3:AbortMultipartUpload');
  }

  /**
   * List the bucket. Without this right S3 answers a HEAD or GET of a missing key with 403
   * instead of 404, so a function that must tell "gone" from "refused" needs it. With
   * `prefixes`, only listings of exactly those prefixes are allowed; S3 applies no
   * prefix to the existence check of a HEAD, so such a grant does not give 404s.
   */
  grantList(grantee: iam.IGrantable, options: { prefixes?: string[] } = {}): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: ['s3:ListBucket'],
      resourceArns: [this.bucket.bucketArn],
      ...(options.prefixes ? { conditions: { StringLike: { 's3:prefix': options.prefixes } } } : {}),
    });
  }

  private grantOnObjects(grantee: iam.IGrantable, keyPrefix: string, action: string): iam.Grant {
    const grant = iam.Grant.addToPrincipal({ grantee, actions: [action], resourceArns: [this.bucket.arnForObjects(`${keyPrefix}*`)] });
    if (Construct.isConstruct(grantee)) {
      acknowledgeKeyPrefixWildcard(
        grantee,
        this.bucket,
        keyPrefix,
        `Objects live under ${keyPrefix}{sub}/, one folder per user, and which user is known only when a request or an S3 event arrives; the grant is limited to this one product prefix of the bucket.`,
      );
    }
    return grant;
  }
}
