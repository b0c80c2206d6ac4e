import { fullDiff, ResourceImpact, type ResourceDifference, type TemplateDiff } from '@aws-cdk/cloudformation-diff';
import * as path from 'node:path';

/**
 * Whether deploying a new `prod` template over the last released one would replace or remove
 * what holds people's data: the user pool, the identity pool, the table and the files
 * bucket. CloudFormation replaces a resource by creating a new, empty one and deleting the
 * old; a removed resource is deleted, or, under a Retain policy, left in the account with
 * nothing in the stack using it. Both lose the data from the product's view, and a changed
 * logical id is both at once: a removal and a new, empty resource.
 */

/** A CloudFormation template, as synthesized or as read from its JSON. */
export type CfnTemplate = Record<string, unknown>;

/** The `prod` template of the last release, which `npm run release:template` writes. */
export const RELEASED_TEMPLATE = path.join(__dirname, '..', 'release', 'prod-template.json');

/** A protected resource of the released template, and what it holds. */
export interface ProtectedResource {
  logicalId: string;
  type: string;
  holds: string;
}

/** One way an upgrade would lose a protected resource, in plain words. */
export interface UpgradeProblem extends ProtectedResource {
  /** What the deploy would do to it. */
  happens: 'replaced' | 'may be replaced' | 'deleted' | 'removed from the stack';
  /** The property whose change causes it, when a property does. */
  property?: string;
  /** The whole finding as one sentence. */
  words: string;
}

/** Protected by type: each of these holds people's data, whatever its construct is called. */
const HOLDS_BY_TYPE: Record<string, string> = {
  'AWS::Cognito::UserPool': "people's accounts and sign-in",
  'AWS::Cognito::IdentityPool': "each signed-in person's identity id",
  'AWS::DynamoDB::Table': "people's records",
  'AWS::DynamoDB::GlobalTable': "people's records",
};

/**
 * The files bucket is the one S3 bucket protected: the others hold the web app's static
 * files (rebuilt by every deploy) and access logs, not people's data. It is recognised by
 * its name, `statement-vault-files-<stage>-…`, which the stack sets on purpose (the web
 * app's config and the bucket's CORS name each other through it), rather than by its
 * logical id: a logical id is what this check watches change, and the access-log bucket
 * of the same Storage construct shares its id's prefix. Protected resources are read
 * from the released template, so a renamed or re-identified files bucket still counts.
 */
const FILES_BUCKET_NAME_PREFIX = 'statement-vault-files-';
const FILES_BUCKET_HOLDS = "people's statement files and avatars";

/** A Fn::Join's output begins with its first part when that part is a literal. */
const literalPrefix = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [unknown, unknown[]] } | undefined)?.['Fn::Join'];
  return Array.isArray(join?.[1]) ? literalPrefix(join[1][0]) : undefined;
};

type TemplateResource = { Type?: string; Properties?: Record<string, unknown> };

const resourcesOf = (template: CfnTemplate): Record<string, TemplateResource> =>
  (template.Resources ?? {}) as Record<string, TemplateResource>;

/** The resources of a template that hold people's data. */
export const protectedResources = (template: CfnTemplate): ProtectedResource[] =>
  Object.entries(resourcesOf(template)).flatMap(([logicalId, resource]) => {
    const type = resource.Type ?? '';
    if (HOLDS_BY_TYPE[type]) return [{ logicalId, type, holds: HOLDS_BY_TYPE[type] }];
    const isFilesBucket =
      type === 'AWS::S3::Bucket' && literalPrefix(resource.Properties?.BucketName)?.startsWith(FILES_BUCKET_NAME_PREFIX);
    return isFilesBucket ? [{ logicalId, type, holds: FILES_BUCKET_HOLDS }] : [];
  });

/**
 * Lambda code's asset hashes (in S3 keys) change with the code and, when bundling is
 * skipped, with the checkout's path; masked as the template snapshot masks them, they keep
 * the released template the same on every machine. No protected resource refers to one.
 */
const ASSET_HASH = /[0-9a-f]{64}/g;
/** A Lambda version's logical id ends in a hash of its function, code included: masked with it, keys and references alike. */
const VERSION_HASH = /(CurrentVersion[0-9A-F]{8})[0-9a-f]{32}/g;
export const releasedForm = (template: CfnTemplate): CfnTemplate =>
  JSON.parse(
    JSON.stringify(template, (_key, value: unknown) =>
      typeof value === 'string' ? value.replace(ASSET_HASH, '[ASSET-HASH]') : value,
    ).replace(VERSION_HASH, '$1[VERSION-HASH]'),
  );

/**
 * Properties Cognito fixes when a user pool is created (how people sign in: the username
 * attributes, the aliases and the username's case sensitivity): CloudFormation can change
 * them only by replacing the pool. The spec the diff library ships marks no user pool
 * property as replacing, so these are named here.
 */
const FIXED_AT_CREATION: Record<string, readonly string[]> = {
  'AWS::Cognito::UserPool': ['UsernameAttributes', 'AliasAttributes', 'UsernameConfiguration'],
};

/**
 * The diff library reads from the CloudFormation spec which property changes replace a
 * resource (`yes`: WILL_REPLACE, `maybe`: MAY_REPLACE). A property the spec does not
 * describe gets no impact at all; on a protected resource such a change is reported, since
 * what it does cannot be told. For the user pool the spec is completed by FIXED_AT_CREATION;
 * for the identity pool the check comes down to removal, a changed type and a changed
 * logical id.
 */
const propertyProblems = (found: ProtectedResource, change: ResourceDifference): UpgradeProblem[] =>
  Object.entries(change.propertyUpdates).flatMap(([property, update]): UpgradeProblem[] => {
    const about = `${found.logicalId} (${found.type}: ${found.holds})`;
    const impact = FIXED_AT_CREATION[found.type]?.includes(property) ? ResourceImpact.WILL_REPLACE : update.changeImpact;
    switch (impact) {
      case ResourceImpact.WILL_REPLACE:
        return [
          {
            ...found,
            happens: 'replaced',
            property,
            words: `${about} would be replaced: a change to ${property} makes CloudFormation create a new, empty one and delete this one`,
          },
        ];
      case ResourceImpact.MAY_REPLACE:
        return [
          {
            ...found,
            happens: 'may be replaced',
            property,
            words: `${about} may be replaced: CloudFormation replaces it for some changes to ${property}`,
          },
        ];
      case ResourceImpact.NO_CHANGE:
        return [
          {
            ...found,
            happens: 'may be replaced',
            property,
            words: `${about} changes ${property}, which the CloudFormation spec does not describe: whether that replaces it cannot be told`,
          },
        ];
      default:
        return [];
    }
  });

const removalProblem = (found: ProtectedResource, change: ResourceDifference, released: CfnTemplate, next: CfnTemplate): UpgradeProblem => {
  const about = `${found.logicalId} (${found.type}: ${found.holds})`;
  const added = Object.entries(resourcesOf(next))
    .filter(([logicalId, resource]) => resource.Type === found.type && !(logicalId in resourcesOf(released)))
    .map(([logicalId]) => logicalId);
  const orphaned = change.changeImpact === ResourceImpact.WILL_ORPHAN;
  const what = orphaned
    ? 'would be removed from the stack: its Retain policy keeps it in the account, but nothing in the new stack manages or uses it'
    : 'would be deleted: it is no longer in the template';
  const newcomers = added.length
    ? `; the new template has ${added.join(', ')} of the same type (a changed logical id is a removal plus a new, empty resource)`
    : '';
  return { ...found, happens: orphaned ? 'removed from the stack' : 'deleted', words: `${about} ${what}${newcomers}` };
};

/**
 * What deploying `next` over `released` would do to the released template's protected
 * resources, one problem per replacing property or per removal; empty when they all stay.
 * Both templates in the same form (see `releasedForm`).
 */
export const upgradeProblems = (
  released: CfnTemplate,
  next: CfnTemplate,
  diff: TemplateDiff = fullDiff(released, next),
): UpgradeProblem[] =>
  protectedResources(released).flatMap((found): UpgradeProblem[] => {
    const change = diff.resources.changes[found.logicalId] as ResourceDifference | undefined;
    if (!change) return [];
    if (change.isRemoval) return [removalProblem(found, change, released, next)];
    if (change.resourceTypeChanged) {
      return [
        {
          ...found,
          happens: 'replaced',
          words: `${found.logicalId} (${found.type}: ${found.holds}) would be replaced: its type changes to ${change.newResourceType}`,
        },
      ];
    }
    return propertyProblems(found, change);
  });

/** Deletion policies under which CloudFormation leaves a resource, or a snapshot of it, behind. */
const KEEPS_STATE = new Set(['Retain', 'RetainExceptOnCreate', 'Snapshot']);

/** The resources of a template that hold state: those holding people's data, and every one the stack keeps when deleted. */
export const statefulResourceIds = (template: CfnTemplate): string[] => {
  const resources = resourcesOf(template) as Record<string, TemplateResource & { DeletionPolicy?: string }>;
  const protectedIds = new Set(protectedResources(template).map((found) => found.logicalId));
  return Object.keys(resources).filter((id) => protectedIds.has(id) || KEEPS_STATE.has(resources[id].DeletionPolicy ?? ''));
};

/**
 * How the code's stateful resources differ from the released template's, one line each
 * (added, removed or changed; a resource's metadata aside): empty when the released template
 * is as current as the code in what holds state. A release whose template lags behind the
 * code compares every later change with an old one, and its report grows with every change
 * since; `npm test` fails until `npm run release:template` cuts it again.
 */
export const statefulChanges = (released: CfnTemplate, current: CfnTemplate): string[] => {
  const before = resourcesOf(released) as Record<string, Record<string, unknown>>;
  const after = resourcesOf(current) as Record<string, Record<string, unknown>>;
  const comparable = (resource: Record<string, unknown> | undefined) => {
    if (!resource) return undefined;
    const { Metadata: _metadata, ...rest } = resource;
    return JSON.stringify(rest);
  };
  return [...new Set([...statefulResourceIds(released), ...statefulResourceIds(current)])].sort().flatMap((id) => {
    const type = String((after[id] ?? before[id]).Type);
    if (!before[id]) return [`${id} (${type}): added`];
    if (!after[id]) return [`${id} (${type}): removed`];
    return comparable(before[id]) === comparable(after[id]) ? [] : [`${id} (${type}): changed`];
  });
};
