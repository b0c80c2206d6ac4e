/**
 * Key layout of the one bucket (PRODUCT.md). Every key starts with the owner's Cognito
 * `sub`, so "the caller's prefix" is a string prefix check. The user's file name never
 * appears in a key: it travels as object metadata.
 */
export const PROFILE_IMAGE_PREFIX = 'profile-images/';
export const STATEMENT_PREFIX = 'statements/';

/** The last path segment of every statement object. */
const STATEMENT_LEAF = 'file';
const AVATAR_LEAF = 'avatar';

/** Cognito subs are UUIDs; anything else is not a caller we sign for. */
export const SUB_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Statement ids are ULIDs minted by the server: sortable by upload time. */
export const STATEMENT_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const profileImagePrefix = (sub: string): string => `${PROFILE_IMAGE_PREFIX}${sub}/`;
export const profileImageKey = (sub: string): string => `${profileImagePrefix(sub)}${AVATAR_LEAF}`;

export const statementPrefix = (sub: string): string => `${STATEMENT_PREFIX}${sub}/`;
export const statementKey = (sub: string, statementId: string): string =>
  `${statementPrefix(sub)}${statementId}/${STATEMENT_LEAF}`;

export type ParsedKey =
  | { kind: 'statement'; owner: string; statementId: string }
  | { kind: 'profileImage'; owner: string };

/** Inverse of the builders above; `undefined` for any key this product did not make. */
export const parseKey = (key: string): ParsedKey | undefined => {
  const parts = key.split('/');
  if (parts.length === 4 && `${parts[0]}/` === STATEMENT_PREFIX && parts[3] === STATEMENT_LEAF) {
    const [, owner, statementId] = parts;
    if (SUB_PATTERN.test(owner) && STATEMENT_ID_PATTERN.test(statementId)) {
      return { kind: 'statement', owner, statementId };
    }
  }
  if (parts.length === 3 && `${parts[0]}/` === PROFILE_IMAGE_PREFIX && parts[2] === AVATAR_LEAF) {
    if (SUB_PATTERN.test(parts[1])) return { kind: 'profileImage', owner: parts[1] };
  }
  return undefined;
};

/**
 * User metadata stored on each statement object (sent as signed `x-amz-meta-*` headers).
 * Values are URI-encoded because S3 metadata travels in HTTP headers.
 */
export const STATEMENT_METADATA = {
  fileName: 'file-name',
  accountLabel: 'account-label',
  period: 'period',
  sha256: 'sha256',
} as const;

/** DynamoDB single-table layout, shared by the VTL resolvers, the Lambdas and the local stack. */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  userPartition: (sub: string): string => `USER#${sub}`,
  profileSort: 'PROFILE',
  statementSortPrefix: 'STATEMENT#',
  statementSort: (statementId: string): string => `STATEMENT#${statementId}`,
} as const;
