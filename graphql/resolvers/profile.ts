import { TABLE_KEYS, TEXT_LIMITS } from '../../contract';
import type { ResolverSpec } from './spec';
import { RAISE_ERROR, UNSAFE_TEXT_REGEX, ownerKey } from './vtl';

/** The caller's profile: read with the token's e-mail address, and its display name set. */
export const PROFILE_RESOLVERS: readonly ResolverSpec[] = [
  {
    typeName: 'Query',
    fieldName: 'me',
    dataSource: 'table',
    requestTemplate: `{
  "version": "2018-05-29",
  "operation": "GetItem",
  "key": ${ownerKey(`"${TABLE_KEYS.profileSort}"`)},
  "consistentRead": true
}`,
    responseTemplate: `${RAISE_ERROR}
#set($profile = $util.defaultIfNull($ctx.result, {}))
$util.qr($profile.put("userId", $ctx.identity.sub))
## The token is the authority on the e-mail address; the table may never have seen it.
$util.qr($profile.put("email", $ctx.identity.claims.email))
$util.toJson($profile)`,
  },
  {
    typeName: 'Mutation',
    fieldName: 'updateProfile',
    dataSource: 'table',
    requestTemplate: `#set($displayName = $ctx.args.input.displayName.trim())
#if($displayName.length() < 1 || $displayName.length() > ${TEXT_LIMITS.displayNameMaxChars})
  $util.error("displayName must have 1 to ${TEXT_LIMITS.displayNameMaxChars} characters", "BadRequest")
#end
#if($util.matches("${UNSAFE_TEXT_REGEX}", $displayName))
  $util.error("displayName must not contain control or direction-override characters", "BadRequest")
#end
{
  "version": "2018-05-29",
  "operation": "UpdateItem",
  "key": ${ownerKey(`"${TABLE_KEYS.profileSort}"`)},
  "update": {
    "expression": "SET userId = :userId, email = :email, displayName = :displayName, updatedAt = :now",
    "expressionValues": {
      ":userId": $util.dynamodb.toDynamoDBJson($ctx.identity.sub),
      ":email": $util.dynamodb.toDynamoDBJson($ctx.identity.claims.email),
      ":displayName": $util.dynamodb.toDynamoDBJson($displayName),
      ":now": $util.dynamodb.toDynamoDBJson($util.time.nowISO8601())
    }
  }
}`,
    responseTemplate: `${RAISE_ERROR}
$util.toJson($ctx.result)`,
  },
];
