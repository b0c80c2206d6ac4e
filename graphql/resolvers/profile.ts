import { TABLE_KEYS, TEXT_LIMITS } from '../../contract';
import type { DeletionState } from '../../contract/account';
import type { ResolverSpec } from './spec';
import { PK, RAISE_ERROR, SK, SUB, UNSAFE_TEXT_REGEX, ownerKey } from './vtl';

const DONE: DeletionState = 'DONE';

/** The caller's profile: read with the token's e-mail address, and its display name set. */
export const PROFILE_RESOLVERS: readonly ResolverSpec[] = [
  {
    typeName: 'Query',
    fieldName: 'me',
    dataSource: 'table',
    // The profile, then the account's deletion job (kept a day after it is done, longer than
    // any ID token lives): a token that outlives its closed account is told so.
    requestTemplate: '{}',
    responseTemplate: `#set($profile = $util.defaultIfNull($ctx.stash.profile, {}))
$util.qr($profile.put("userId", $ctx.identity.sub))
## The token is the authority on the e-mail address; the table may never have seen it.
$util.qr($profile.put("email", $ctx.identity.claims.email))
$util.qr($profile.put("closed", $util.defaultIfNull($ctx.stash.closed, false)))
$util.toJson($profile)`,
    steps: [
      {
        name: 'meProfile',
        requestTemplate: `{
  "version": "2018-05-29",
  "operation": "GetItem",
  "key": ${ownerKey(`"${TABLE_KEYS.profileSort}"`)},
  "consistentRead": true
}`,
        responseTemplate: `${RAISE_ERROR}
#if(!$util.isNull($ctx.result))
  $util.qr($ctx.stash.put("profile", $ctx.result))
#end
{}`,
      },
      {
        name: 'meClosed',
        requestTemplate: `{
  "version": "2018-05-29",
  "operation": "GetItem",
  "key": {
    "${PK}": $util.dynamodb.toDynamoDBJson("${TABLE_KEYS.deletionsPartition}"),
    "${SK}": $util.dynamodb.toDynamoDBJson(${TABLE_KEYS.deletionSort(SUB)})
  },
  "consistentRead": true
}`,
        responseTemplate: `${RAISE_ERROR}
#if(!$util.isNull($ctx.result) && $ctx.result.state == "${DONE}")
  $util.qr($ctx.stash.put("closed", true))
#end
{}`,
      },
    ],
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
