import { TABLE_KEYS, UNSAFE_TEXT_CHARACTERS } from '../../contract';
import { ACCOUNT_KEY_MAX_CHARS } from '../../contract/api';

/**
 * The pieces every resolver's VTL is built from: the table's keys as VTL names them, the
 * caller (always `$ctx.identity.sub`, never an argument), key conditions, the QUOTA read,
 * the error raising, the text rules and a Lambda resolver's request and answer.
 */
export const { partitionKey: PK, sortKey: SK } = TABLE_KEYS;
export const USER = TABLE_KEYS.userPartition('');
export const STATEMENT = TABLE_KEYS.statementSortPrefix;

/** The caller, as VTL names them. */
export const SUB = '$ctx.identity.sub';

/** The key condition of a Query: one partition (a VTL expression), sort keys under a prefix. */
export const keyCondition = (partition: string, prefix: string, prefixIsExpression = false) => `"query": {
    "expression": "#pk = :pk AND begins_with(#sk, :prefix)",
    "expressionNames": { "#pk": "${PK}", "#sk": "${SK}" },
    "expressionValues": {
      ":pk": $util.dynamodb.toDynamoDBJson(${partition}),
      ":prefix": $util.dynamodb.toDynamoDBJson(${prefixIsExpression ? prefix : `"${prefix}"`})
    }
  }`;

/** A Query of the caller's summaries of one kind (accounts or periods); empty ones left out. */
export const summariesQuery = (prefix: string, newestFirst: boolean) => `{
  "version": "2018-05-29",
  "operation": "Query",
  ${keyCondition(`"${USER}${SUB}"`, prefix)},
  "filter": {
    "expression": "#count > :zero",
    "expressionNames": { "#count": "count" },
    "expressionValues": { ":zero": $util.dynamodb.toDynamoDBJson(0) }
  },
  "scanIndexForward": ${!newestFirst},
  "consistentRead": true,
  "limit": ${MAX_SUMMARIES}
}`;

export const ownerKey = (sortKeyExpression: string) => `{
    "${PK}": $util.dynamodb.toDynamoDBJson("${USER}${SUB}"),
    "${SK}": $util.dynamodb.toDynamoDBJson(${sortKeyExpression})
  }`;

/** The caller's QUOTA item, read consistently: their usage, and whether their lists read in statement order. */
export const QUOTA_READ = `{
  "version": "2018-05-29",
  "operation": "GetItem",
  "key": ${ownerKey(`"${TABLE_KEYS.quotaSort}"`)},
  "consistentRead": true
}`;

/** A VTL check that an account key (a VTL expression) has the length keys have, else BadRequest in words. */
export const accountKeyCheck = (expression: string) => `#if(${expression}.length() < 1 || ${expression}.length() > ${ACCOUNT_KEY_MAX_CHARS})
  $util.error("accountKey must have 1 to ${ACCOUNT_KEY_MAX_CHARS} characters", "BadRequest")
#end`;

/** Data-source errors surface as GraphQL errors instead of a silent null. */
export const RAISE_ERROR = '#if($ctx.error)\n  $util.error($ctx.error.message, $ctx.error.type)\n#end';

/**
 * VTL string literals take backslashes literally, so regular expressions go in raw. They
 * are anchored and use [\s\S] rather than flags, so Java's full-match `matches` (AppSync)
 * and a JavaScript RegExp test (the simulator) agree.
 */
export const UNSAFE_TEXT_REGEX = `^[\\s\\S]*[${UNSAFE_TEXT_CHARACTERS}][\\s\\S]*$`;

/** Accounts or periods read in one Query: far more than anyone keeps. */
export const MAX_SUMMARIES = 1000;

/** A Lambda resolver's request: the field, the caller's sub from the token (never an argument) and the input as sent. */
export const invokeWithInput = (field: string) => `{
  "version": "2018-05-29",
  "operation": "Invoke",
  "payload": {
    "field": "${field}",
    "owner": $util.toJson(${SUB}),
    "input": $util.toJson($ctx.args.input),
    "requestId": $util.toJson($util.autoId())
  }
}`;

/**
 * A Lambda resolver's answer: bad input comes back as an answer (not a Lambda failure), and
 * is raised here as GraphQL's error.
 */
export const LAMBDA_ANSWER = `${RAISE_ERROR}
#if($ctx.result.error)
  $util.error($ctx.result.error.message, $ctx.result.error.type)
#end
$util.toJson($ctx.result)`;
