import * as z from './zod';
import { MFA, PASSWORD_POLICY, USERNAME_ATTRIBUTE, VERIFICATION_CHANNEL } from './auth';

/**
 * The web app's config: Amplify Gen2's `amplify_outputs.json` (version 1.4),
 * so `Amplify.configure(config)` takes it unchanged. Amplify's sections are closed, so
 * everything of ours lives under `custom`. Written by `npm run web:config` from a
 * deploy's outputs and by the local stack for local endpoints.
 */
export const WEB_CONFIG_VERSION = '1.4';

/** Default file name, as Amplify names it. */
export const WEB_CONFIG_FILE = 'amplify_outputs.json';

/**
 * Where the web server reads its config at run time, so one build serves every stage:
 * the deployed server function gets the whole document in an environment variable; the
 * local stack and `next dev` point at a file.
 */
export const WEB_CONFIG_ENV = {
  /** The config document as JSON. Wins when set. */
  json: 'VAULT_WEB_CONFIG',
  /** A config file, relative to the web server's working directory. @default amplify_outputs.json */
  file: 'WEB_CONFIG_FILE',
} as const;

const url = z.url({ protocol: /^https?$/ });

const customSchema = z
  .object({
    profileImageApiUrl: url,
    statementsApiUrl: url,
    /** The deployment's VAPID public key (base64url): what browsers subscribe to web push with. */
    pushPublicKey: z.string().regex(/^[A-Za-z0-9_-]{86,87}$/, 'pushPublicKey must be a P-256 public key in base64url'),
    /** Only on the local stack: where the emulated Cognito and identity pool answer. */
    userPoolEndpoint: url.optional(),
    identityPoolEndpoint: url.optional(),
    /** Only on the local stack: the S3 endpoint presigned URLs point at (on AWS, the bucket's own host). */
    storageEndpoint: url.optional(),
    /** Only on the local stack: where it prints confirmation codes for tests and people. */
    local: z.boolean().optional(),
  })
  .strict();

export const webConfigSchema = z
  .object({
    $schema: z.string().optional(),
    version: z.literal(WEB_CONFIG_VERSION),
    auth: z
      .object({
        aws_region: z.string().min(1),
        user_pool_id: z.string().min(1),
        user_pool_client_id: z.string().min(1),
        identity_pool_id: z.string().min(1),
        password_policy: z
          .object({
            min_length: z.number().int(),
            require_numbers: z.boolean(),
            require_lowercase: z.boolean(),
            require_uppercase: z.boolean(),
            require_symbols: z.boolean(),
          })
          .strict(),
        standard_required_attributes: z.array(z.literal('email')),
        username_attributes: z.array(z.literal('email')).min(1),
        user_verification_types: z.array(z.literal('email')),
        unauthenticated_identities_enabled: z.literal(false),
        mfa_configuration: z.literal('NONE'),
        mfa_methods: z.array(z.literal('SMS')),
      })
      .strict(),
    data: z
      .object({
        aws_region: z.string().min(1),
        url,
        api_key: z.string().min(1),
        default_authorization_type: z.literal('API_KEY'),
        authorization_types: z.array(z.literal('AMAZON_COGNITO_USER_POOLS')),
      })
      .strict(),
    storage: z
      .object({
        aws_region: z.string().min(1),
        bucket_name: z.string().min(1),
      })
      .strict(),
    custom: customSchema,
  })
  .strict();

export type WebConfig = z.infer<typeof webConfigSchema>;

/** The endpoints and ids that differ between deployments; everything else follows from the contract. */
export interface WebConfigValues {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId: string;
  graphqlUrl: string;
  graphqlApiKey: string;
  bucketName: string;
  profileImageApiUrl: string;
  statementsApiUrl: string;
  pushPublicKey: string;
  userPoolEndpoint?: string;
  identityPoolEndpoint?: string;
  storageEndpoint?: string;
  local?: boolean;
}

/**
 * The config document for the given values, unvalidated: the CDK app fills it with
 * deploy-time tokens, which only become URLs and ids when CloudFormation resolves them.
 */
export const webConfigDocument = (values: WebConfigValues) => ({
  version: WEB_CONFIG_VERSION,
  auth: {
    aws_region: values.region,
    user_pool_id: values.userPoolId,
    user_pool_client_id: values.userPoolClientId,
    identity_pool_id: values.identityPoolId,
    password_policy: {
      min_length: PASSWORD_POLICY.minLength,
      require_numbers: PASSWORD_POLICY.requireDigits,
      require_lowercase: PASSWORD_POLICY.requireLowercase,
      require_uppercase: PASSWORD_POLICY.requireUppercase,
      require_symbols: PASSWORD_POLICY.requireSymbols,
    },
    standard_required_attributes: [USERNAME_ATTRIBUTE],
    username_attributes: [USERNAME_ATTRIBUTE],
    user_verification_types: [VERIFICATION_CHANNEL],
    unauthenticated_identities_enabled: false,
    mfa_configuration: MFA.mode === 'OFF' ? 'NONE' : MFA.mode,
    // Amplify lists the methods a user could enrol in; with MFA off there are none.
    mfa_methods: [],
  },
  data: {
    aws_region: values.region,
    url: values.graphqlUrl,
    api_key: values.graphqlApiKey,
    default_authorization_type: 'API_KEY',
    authorization_types: ['AMAZON_COGNITO_USER_POOLS'],
  },
  storage: { aws_region: values.region, bucket_name: values.bucketName },
  custom: {
    profileImageApiUrl: values.profileImageApiUrl,
    statementsApiUrl: values.statementsApiUrl,
    pushPublicKey: values.pushPublicKey,
    ...(values.userPoolEndpoint ? { userPoolEndpoint: values.userPoolEndpoint } : {}),
    ...(values.identityPoolEndpoint ? { identityPoolEndpoint: values.identityPoolEndpoint } : {}),
    ...(values.storageEndpoint ? { storageEndpoint: values.storageEndpoint } : {}),
    ...(values.local ? { local: true } : {}),
  },
});

export const buildWebConfig = (values: WebConfigValues): WebConfig => webConfigSchema.parse(webConfigDocument(values));

/**
 * Parses a config file's content; the error names each missing or malformed key, so a
 * build that stops on it tells the developer what to fix.
 */
export const parseWebConfig = (raw: unknown): { ok: true; config: WebConfig } | { ok: false; problems: string[] } => {
  const result = webConfigSchema.safeParse(raw);
  if (result.success) return { ok: true, config: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  };
};
