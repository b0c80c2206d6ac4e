import {
  COMPOSITE_SHA256_PATTERN,
  LIST_LAYOUT,
  PERIOD_PATTERN,
  SHA256_BASE64_PATTERN,
  STATEMENT_PAGE_SIZE,
  STATEMENT_QUOTA,
  STATEMENT_SORT,
  TABLE_KEYS,
} from '../../contract';
import { ACCOUNT_KEY_MAX_CHARS } from '../../contract/api';
import type { ResolverSpec } from './spec';
import {
  LAMBDA_ANSWER,
  MAX_SUMMARIES,
  QUOTA_READ,
  RAISE_ERROR,
  STATEMENT,
  SUB,
  USER,
  invokeWithInput,
  keyCondition,
  ownerKey,
} from './vtl';

/** Copies of one file the duplicate check shows: enough to say where it already is. */
const MAX_SAME_FILE = 10;

/** Statements: one, by checksum, a refusal, the list, Recently deleted, the usage; edits, balances and search through their Lambdas. */
export const STATEMENT_RESOLVERS: readonly ResolverSpec[] = [
  {
    typeName: 'Query',
    fieldName: 'statement',
    dataSource: 'table',
    requestTemplate: `{
  "version": "2018-05-29",
  "operation": "GetItem",
  "key": ${ownerKey(`"${STATEMENT}$ctx.args.id"`)},
  "consistentRead": true
}`,
    responseTemplate: `${RAISE_ERROR}
$util.toJson($ctx.result)`,
  },
  {
    typeName: 'Query',
    fieldName: 'statementsByChecksum',
    dataSource: 'table',
    // The checksum copy of each statement (see TABLE_KEYS.checksumList): one Query.
    requestTemplate: `#if(!$util.matches("${SHA256_BASE64_PATTERN.source}", $ctx.args.checksum) && !$util.matches("${COMPOSITE_SHA256_PATTERN.source}", $ctx.args.checksum))
  $util.error("checksum must be a base64 SHA-256 (or S3's composite of one, ending in -N)", "BadRequest")
#end
#set($partition = "${TABLE_KEYS.checksumList(SUB, '$ctx.args.checksum')}")
{
  "version": "2018-05-29",
  "operation": "Query",
  ${keyCondition('$partition', STATEMENT)},
  "scanIndexForward": false,
  "consistentRead": true,
  "limit": ${MAX_SAME_FILE}
}`,
    responseTemplate: `${RAISE_ERROR}
$util.toJson($ctx.result.items)`,
  },
  {
    typeName: 'Query',
    fieldName: 'uploadRefusal',
    dataSource: 'table',
    requestTemplate: `{
  "version": "2018-05-29",
  "operation": "GetItem",
  "key": ${ownerKey(`"${TABLE_KEYS.refusalSortPrefix}$ctx.args.id"`)},
  "consistentRead": true
}`,
    responseTemplate: `${RAISE_ERROR}
$util.toJson($ctx.result)`,
  },
  {
    typeName: 'Query',
    fieldName: 'statements',
    dataSource: 'table',
    // Each filter reads its own list partition (see TABLE_KEYS): one Query of exactly the
    // matches, after one read of the owner's QUOTA item says which copies are complete.
    requestTemplate: `#set($limit = $util.defaultIfNull($ctx.args.limit, ${STATEMENT_PAGE_SIZE.default}))
#if($limit < 1 || $limit > ${STATEMENT_PAGE_SIZE.max})
  $util.error("limit must be between 1 and ${STATEMENT_PAGE_SIZE.max}", "BadRequest")
#end
#set($filter = $util.defaultIfNull($ctx.args.filter, {}))
#set($period = $util.defaultIfNullOrBlank($filter.period, ""))
#if($period != "" && !$util.matches("${PERIOD_PATTERN.source}", $period))
  $util.error("period must look like 2024-01 (YYYY-MM)", "BadRequest")
#end
## An account by its key, or by its label whatever its capitalisation (accountKeyOf in the contract),
## which the next step reads the account of (a renamed account's name files under it).
#set($byLabel = $util.isNullOrBlank($filter.accountKey) && !$util.isNullOrBlank($filter.accountLabel))
#set($account = $util.defaultIfNullOrBlank($filter.accountKey, $util.defaultIfNullOrBlank($filter.accountLabel, "").trim().toLowerCase()))
#if($account.length() > ${ACCOUNT_KEY_MAX_CHARS})
  $util.error("accountKey must have at most ${ACCOUNT_KEY_MAX_CHARS} characters", "BadRequest")
#end
$util.qr($ctx.stash.put("limit", $limit))
$util.qr($ctx.stash.put("period", $period))
$util.qr($ctx.stash.put("account", $account))
$util.qr($ctx.stash.put("byLabel", $byLabel))
{}`,
    responseTemplate: `$util.toJson($ctx.result)`,
    steps: [
      {
        name: 'statementListAccount',
        // The account a name files under: the one a rename gave it (a NAME# item), else the
        // one it is the first name of (its key). Read whatever the filter, used for a label only.
        requestTemplate: `{
  "version": "2018-05-29",
  "operation": "GetItem",
  "key": ${ownerKey(`"${TABLE_KEYS.accountNameSortPrefix}$ctx.stash.account"`)},
  "consistentRead": true
}`,
        responseTemplate: `${RAISE_ERROR}
#if($ctx.stash.byLabel && !$util.isNull($ctx.result) && !$util.isNullOrBlank($ctx.result.accountKey))
  $util.qr($ctx.stash.put("account", $ctx.result.accountKey))
#end
{}`,
      },
      {
        name: 'statementListLayout',
        // The owner's lists read in statement order once the QUOTA item says every record
        // has its ordered copies; an owner without one has no statement yet.
        requestTemplate: QUOTA_READ,
        responseTemplate: `${RAISE_ERROR}
#set($ordered = true)
#if(!$util.isNull($ctx.result) && $ctx.result.${TABLE_KEYS.orderedAttribute} != true)
  #set($ordered = false)
#end
$util.qr($ctx.stash.put("ordered", $ordered))
{}`,
      },
      {
        name: 'statementListPage',
        // The order asked for is the direction of one Query: statement order from the ordered
        // copies, upload order from the copies by id (every release writes both); an owner
        // whose copies are not all ordered yet reads by upload whatever the order asked.
        requestTemplate: `#set($period = $ctx.stash.period)
#set($account = $ctx.stash.account)
#set($sort = $util.defaultIfNull($ctx.args.sort, "${STATEMENT_SORT.default}"))
#set($byUpload = false)
#if($sort == "${STATEMENT_SORT.uploadedNewest}" || $sort == "${STATEMENT_SORT.uploadedOldest}")
  #set($byUpload = true)
#end
#if($ctx.stash.ordered && !$byUpload)
  #set($prefix = "${LIST_LAYOUT.ordered.prefix}")
  #set($forwards = ${LIST_LAYOUT.ordered.forwards})
  #if($sort == "${STATEMENT_SORT.periodOldest}")
    #set($forwards = ${!LIST_LAYOUT.ordered.forwards})
  #end
  #set($all = "${LIST_LAYOUT.ordered.allPartition(SUB)}")
#else
  #set($prefix = "${LIST_LAYOUT.legacy.prefix}")
  #set($forwards = ${LIST_LAYOUT.legacy.forwards})
  #if($sort == "${STATEMENT_SORT.uploadedOldest}")
    #set($forwards = ${!LIST_LAYOUT.legacy.forwards})
  #end
  #set($all = "${LIST_LAYOUT.legacy.allPartition(SUB)}")
#end
#if($period != "" && $account != "")
  #set($partition = "${TABLE_KEYS.accountPeriodList(SUB, '$account', '$period')}")
#elseif($period != "")
  #set($partition = "${TABLE_KEYS.periodList(SUB, '$period')}")
#elseif($account != "")
  #set($partition = "${TABLE_KEYS.accountList(SUB, '$account')}")
#else
  #set($partition = $all)
#end
{
  "version": "2018-05-29",
  "operation": "Query",
  ${keyCondition('$partition', '$prefix', true)},
  "scanIndexForward": $forwards,
  "consistentRead": true,
  "limit": $ctx.stash.limit,
  "nextToken": $util.toJson($util.defaultIfNullOrBlank($ctx.args.nextToken, null))
}`,
        responseTemplate: `${RAISE_ERROR}
{
  "items": $util.toJson($ctx.result.items),
  "nextToken": $util.toJson($util.defaultIfNullOrBlank($ctx.result.nextToken, null))
}`,
      },
    ],
  },
  {
    typeName: 'Query',
    fieldName: 'deletedStatements',
    dataSource: 'table',
    // Recently deleted is the caller's TRASH# records (see TABLE_KEYS.trashSort): one Query a page.
    requestTemplate: `{
  "version": "2018-05-29",
  "operation": "Query",
  ${keyCondition(`"${USER}${SUB}"`, TABLE_KEYS.trashSortPrefix)},
  "consistentRead": true,
  "limit": ${MAX_SUMMARIES},
  "nextToken": $util.toJson($util.defaultIfNullOrBlank($ctx.args.nextToken, null))
}`,
    responseTemplate: `${RAISE_ERROR}
#foreach($item in $ctx.result.items)
  $util.qr($item.put("${TABLE_KEYS.purgingAttribute}", $util.defaultIfNull($item.${TABLE_KEYS.purgingAttribute}, false)))
#end
{
  "items": $util.toJson($ctx.result.items),
  "nextToken": $util.toJson($util.defaultIfNullOrBlank($ctx.result.nextToken, null))
}`,
  },
  {
    typeName: 'Query',
    fieldName: 'usage',
    dataSource: 'table',
    requestTemplate: QUOTA_READ,
    responseTemplate: `${RAISE_ERROR}
#set($usage = $util.defaultIfNull($ctx.result, {}))
{
  "statements": $util.defaultIfNull($usage.statements, 0),
  "bytes": $util.defaultIfNull($usage.bytes, 0),
  "deletedStatements": $util.defaultIfNull($usage.deletedStatements, 0),
  "deletedBytes": $util.defaultIfNull($usage.deletedBytes, 0),
  "maxStatements": ${STATEMENT_QUOTA.maxStatements},
  "maxBytes": ${STATEMENT_QUOTA.maxBytes}
}`,
  },
  {
    typeName: 'Mutation',
    fieldName: 'editStatements',
    dataSource: 'statementEdits',
    // The owner is the token's sub; the Lambda validates the input with the contract's schema.
    requestTemplate: `{
  "version": "2018-05-29",
  "operation": "Invoke",
  "payload": {
    "owner": $util.toJson(${SUB}),
    "input": $util.toJson($ctx.args.input),
    "requestId": $util.toJson($util.autoId())
  }
}`,
    responseTemplate: LAMBDA_ANSWER,
  },
  {
    typeName: 'Mutation',
    fieldName: 'enterBalances',
    dataSource: 'statementEdits',
    // The same Lambda (it writes a statement's record and copies together); the owner is the token's sub.
    requestTemplate: invokeWithInput('enterBalances'),
    responseTemplate: LAMBDA_ANSWER,
  },
  ...(['search', 'statementNeighbours'] as const).map((fieldName): ResolverSpec => ({
    typeName: 'Query',
    fieldName,
    dataSource: 'statementSearch',
    // The owner is the token's sub; the Lambda validates the arguments and reads only that owner's partitions.
    requestTemplate: `{
  "version": "2018-05-29",
  "operation": "Invoke",
  "payload": {
    "field": "${fieldName}",
    "owner": $util.toJson(${SUB}),
    "arguments": $util.toJson($ctx.args),
    "requestId": $util.toJson($util.autoId())
  }
}`,
    responseTemplate: LAMBDA_ANSWER,
  })),
];
