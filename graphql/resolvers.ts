import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  COMPOSITE_SHA256_PATTERN,
  LIST_LAYOUT,
  PERIOD_PATTERN,
  SHA256_BASE64_PATTERN,
  PROFILE_IMAGE_LIMITS,
  PROFILE_IMAGE_TYPES,
  REGION,
  STATEMENT_LIMITS,
  STATEMENT_PAGE_SIZE,
  STATEMENT_SORT,
  STATEMENT_QUOTA,
  STATEMENT_TYPES,
  TABLE_KEYS,
  TEXT_LIMITS,
  UNSAFE_TEXT_CHARACTERS,
} from '../contract';
import { SCHEDULE_FIELDS } from '../contract/accounts/schedule';
import { ACCOUNT_DETAIL_FIELDS, ACCOUNT_DETAIL_LIMITS, ACCOUNT_KINDS, CURRENCY_PATTERN } from '../contract/accounts/details';
import { PDF_PASSWORD, PDF_PASSWORD_ATTRIBUTES, PDF_PASSWORD_PATTERN } from '../contract/accounts/pdf-password';
import { COVERAGE_PAGE_CELLS } from '../contract/keys';
import { ACCOUNT_KEY_MAX_CHARS } from '../contract/api';

/**
 * The GraphQL API's resolvers as VTL (the local AppSync simulator runs VTL only). The CDK
 * app deploys exactly these, and the local stack loads exactly these. Templates are built
 * here from the contract, so key layout and limits are never written twice. Every private
 * template reads the owner from `$ctx.identity.sub`.
 */
export const SCHEMA_PATH = path.join(__dirname, 'schema.graphql');
export const readSchema = (): string => fs.readFileSync(SCHEMA_PATH, 'utf8');

/**
 * `table`: DynamoDB (VTL), every partition but the kept PDF passwords'; `pdfPasswords`:
 * DynamoDB (VTL), those partitions only; `none`: local values; `statementEdits`,
 * `statementSearch`: those Lambdas.
 */
export type DataSourceName = 'table' | 'pdfPasswords' | 'none' | 'statementEdits' | 'statementSearch';

/** The data sources that are the table, each with a role of its own. */
export const TABLE_DATA_SOURCES = ['table', 'pdfPasswords'] as const satisfies readonly DataSourceName[];

export interface ResolverSpec {
  typeName: 'Query' | 'Mutation';
  fieldName: string;
  dataSource: DataSourceName;
  /** The request, or with `steps` the template run before them (validation, the stash). */
  requestTemplate: string;
  /** The response, or with `steps` the template run after them. */
  responseTemplate: string;
  /**
   * A pipeline: each step is a function on the resolver's data source (or its own), run in
   * order with one stash (on AWS an AppSync function, in the simulator the same).
   */
  steps?: readonly ResolverStep[];
}

export interface ResolverStep {
  /** The function's name (AppSync's pattern: a letter or _, then letters, digits, _). */
  name: string;
  /** @default the resolver's */
  dataSource?: DataSourceName;
  requestTemplate: string;
  responseTemplate: string;
}

/** Every request the resolver sends to its data sources (its own, or each step's). */
export const requestTemplatesOf = (resolver: ResolverSpec): string[] =>
  resolver.steps ? resolver.steps.map((step) => step.requestTemplate) : [resolver.requestTemplate];

/** Each request the resolver sends, with the data source it goes to. */
const requestsOf = (resolver: ResolverSpec): { dataSource: DataSourceName; template: string }[] =>
  resolver.steps
    ? resolver.steps.map((step) => ({ dataSource: step.dataSource ?? resolver.dataSource, template: step.requestTemplate }))
    : [{ dataSource: resolver.dataSource, template: resolver.requestTemplate }];

const { partitionKey: PK, sortKey: SK } = TABLE_KEYS;
const USER = TABLE_KEYS.userPartition('');
const STATEMENT = TABLE_KEYS.statementSortPrefix;

/** The caller, as VTL names them. */
const SUB = '$ctx.identity.sub';

/** The key condition of a Query: one partition (a VTL expression), sort keys under a prefix. */
const keyCondition = (partition: string, prefix: string, prefixIsExpression = false) => `"query": {
    "expression": "#pk = :pk AND begins_with(#sk, :prefix)",
    "expressionNames": { "#pk": "${PK}", "#sk": "${SK}" },
    "expressionValues": {
      ":pk": $util.dynamodb.toDynamoDBJson(${partition}),
      ":prefix": $util.dynamodb.toDynamoDBJson(${prefixIsExpression ? prefix : `"${prefix}"`})
    }
  }`;

/** A Query of the caller's summaries of one kind (accounts or periods); empty ones left out. */
const summariesQuery = (prefix: string, newestFirst: boolean) => `{
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

const ownerKey = (sortKeyExpression: string) => `{
    "${PK}": $util.dynamodb.toDynamoDBJson("${USER}${SUB}"),
    "${SK}": $util.dynamodb.toDynamoDBJson(${sortKeyExpression})
  }`;

/** The key of the caller's kept PDF password for an account (a VTL expression): its own item in their passwords partition. */
const PDF_PASSWORD_KEY = (accountKeyExpression: string) => `{
    "${PK}": $util.dynamodb.toDynamoDBJson("${TABLE_KEYS.pdfPasswordPartition(SUB)}"),
    "${SK}": $util.dynamodb.toDynamoDBJson("${TABLE_KEYS.accountSortPrefix}${accountKeyExpression}")
  }`;

/** The caller's QUOTA item, read consistently: their usage, and whether their lists read in statement order. */
const QUOTA_READ = `{
  "version": "2018-05-29",
  "operation": "GetItem",
  "key": ${ownerKey(`"${TABLE_KEYS.quotaSort}"`)},
  "consistentRead": true
}`;

/** A VTL check that an account key (a VTL expression) has the length keys have, else BadRequest in words. */
const accountKeyCheck = (expression: string) => `#if(${expression}.length() < 1 || ${expression}.length() > ${ACCOUNT_KEY_MAX_CHARS})
  $util.error("accountKey must have 1 to ${ACCOUNT_KEY_MAX_CHARS} characters", "BadRequest")
#end`;

/** Data-source errors surface as GraphQL errors instead of a silent null. */
const RAISE_ERROR = '#if($ctx.error)\n  $util.error($ctx.error.message, $ctx.error.type)\n#end';

/**
 * The end of a mutation of what a person says of one of their accounts: `$sets` and
 * `$removes` (", name = :name" and ", name" lists) on its summary in their own partition,
 * there only while it holds a statement.
 */
const ACCOUNT_SUMMARY_UPDATE = `#set($expression = "")
#if($sets != "")
  #set($expression = "SET $sets.substring(2)")
#end
#if($removes != "")
  #set($expression = "$expression REMOVE $removes.substring(2)")
#end
{
  "version": "2018-05-29",
  "operation": "UpdateItem",
  "key": ${ownerKey(`"${TABLE_KEYS.accountSortPrefix}$input.accountKey"`)},
  "update": {
    "expression": $util.toJson($expression.trim()),
    "expressionValues": $util.toJson($values)
  },
  "condition": {
    "expression": "attribute_exists(#pk) AND #count > :zero",
    "expressionNames": { "#pk": "${PK}", "#count": "count" }
  }
}`;

/** Its answer: no such account of the caller's is null, as for an id the caller does not own. */
const ACCOUNT_SUMMARY_ANSWER = `#if($ctx.error && $util.matches("^(DynamoDB:)?ConditionalCheckFailedException$", $ctx.error.type))
null
#else
${RAISE_ERROR}
$util.toJson($ctx.result)
#end`;

/**
 * VTL string literals take backslashes literally, so regular expressions go in raw. They
 * are anchored and use [\s\S] rather than flags, so Java's full-match `matches` (AppSync)
 * and a JavaScript RegExp test (the simulator) agree.
 */
const UNSAFE_TEXT_REGEX = `^[\\s\\S]*[${UNSAFE_TEXT_CHARACTERS}][\\s\\S]*$`;

const uploadLimitsPayload = {
  profileImage: {
    contentTypes: PROFILE_IMAGE_TYPES,
    maxBytes: PROFILE_IMAGE_LIMITS.maxBytes,
    maxSingleUploadBytes: PROFILE_IMAGE_LIMITS.maxBytes,
    partBytes: null,
    uploadUrlSeconds: PROFILE_IMAGE_LIMITS.uploadUrlSeconds,
    downloadUrlSeconds: PROFILE_IMAGE_LIMITS.downloadUrlSeconds,
  },
  statement: {
    contentTypes: STATEMENT_TYPES,
    maxBytes: STATEMENT_LIMITS.maxBytes,
    maxSingleUploadBytes: STATEMENT_LIMITS.maxSingleUploadBytes,
    partBytes: STATEMENT_LIMITS.partBytes,
    uploadUrlSeconds: STATEMENT_LIMITS.uploadUrlSeconds,
    downloadUrlSeconds: STATEMENT_LIMITS.downloadUrlSeconds,
  },
};

/** Accounts or periods read in one Query: far more than anyone keeps. */
const MAX_SUMMARIES = 1000;

/** A Lambda resolver's request: the field, the caller's sub from the token (never an argument) and the input as sent. */
const invokeWithInput = (field: string) => `{
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
 * Statements one read of an account's chain answers at most. A Query stops at 1 MB of items
 * read (before any projection), and a list copy is about 1.1 KB, so the resolver makes up to
 * CHAIN_QUERIES_PER_PAGE Queries in one call. The page is larger than the 1,000 statements an
 * account is read flat to, so such an account comes whole in one call, its end said (no
 * token) rather than found by one more call.
 */
export const CHAIN_PAGE_STATEMENTS = 1500;

/** Queries one accountChain call makes at most: two read 2 MB, 1,000 copies of up to 2 KB each. */
export const CHAIN_QUERIES_PER_PAGE = 2;

/** One Query of an account's copies by id, for what the page still lacks, from where the last one stopped. */
const chainQuery = `#set($partition = "${TABLE_KEYS.accountList(SUB, '$ctx.args.accountKey')}")
#set($limit = ${CHAIN_PAGE_STATEMENTS} - $ctx.stash.items.size())
{
  "version": "2018-05-29",
  "operation": "Query",
  ${keyCondition('$partition', STATEMENT)},
  "consistentRead": true,
  "limit": $limit,
  "nextToken": $util.toJson($ctx.stash.next)
}`;

/** Copies of one file the duplicate check shows: enough to say where it already is. */
const MAX_SAME_FILE = 10;

/**
 * A Lambda resolver's answer: bad input comes back as an answer (not a Lambda failure), and
 * is raised here as GraphQL's error.
 */
const LAMBDA_ANSWER = `${RAISE_ERROR}
#if($ctx.result.error)
  $util.error($ctx.result.error.message, $ctx.result.error.type)
#end
$util.toJson($ctx.result)`;

export const RESOLVERS: readonly ResolverSpec[] = [
  {
    typeName: 'Query',
    fieldName: 'uploadLimits',
    dataSource: 'none',
    requestTemplate: `{
  "version": "2018-05-29",
  "payload": ${JSON.stringify(uploadLimitsPayload)}
}`,
    responseTemplate: '$util.toJson($ctx.result)',
  },
  {
    typeName: 'Query',
    fieldName: 'serviceStatus',
    dataSource: 'none',
    requestTemplate: `{
  "version": "2018-05-29",
  "payload": { "status": "OK", "region": "${REGION}", "time": "$util.time.nowISO8601()" }
}`,
    responseTemplate: '$util.toJson($ctx.result)',
  },
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
    fieldName: 'accountChain',
    dataSource: 'table',
    // The account's copies by id (every release writes them, ordered lists or not): Queries of
    // its list partition, one after the other in one call, until the page holds
    // CHAIN_PAGE_STATEMENTS or the partition ends, whatever else the caller keeps.
    requestTemplate: `${accountKeyCheck('$ctx.args.accountKey')}
$util.qr($ctx.stash.put("items", []))
$util.qr($ctx.stash.put("next", $util.defaultIfNullOrBlank($ctx.args.nextToken, null)))
{}`,
    responseTemplate: `{
  "items": $util.toJson($ctx.stash.items),
  "nextToken": $util.toJson($ctx.stash.next)
}`,
    steps: Array.from({ length: CHAIN_QUERIES_PER_PAGE }, (_, index) => ({
      name: `accountChainQuery${index + 1}`,
      // A later Query only where the one before stopped short of the page at the 1 MB line.
      requestTemplate: `${
        index === 0
          ? ''
          : `#if($util.isNull($ctx.stash.next) || $ctx.stash.items.size() >= ${CHAIN_PAGE_STATEMENTS})
  #return({})
#end
`
      }${chainQuery}`,
      responseTemplate: `${RAISE_ERROR}
$util.qr($ctx.stash.items.addAll($ctx.result.items))
$util.qr($ctx.stash.put("next", $util.defaultIfNullOrBlank($ctx.result.nextToken, null)))
{}`,
    })),
  },
  {
    typeName: 'Query',
    fieldName: 'accounts',
    dataSource: 'table',
    requestTemplate: summariesQuery(TABLE_KEYS.accountSortPrefix, false),
    responseTemplate: `${RAISE_ERROR}
$util.toJson($ctx.result.items)`,
  },
  {
    typeName: 'Query',
    fieldName: 'periods',
    dataSource: 'table',
    requestTemplate: summariesQuery(TABLE_KEYS.periodSortPrefix, true),
    responseTemplate: `${RAISE_ERROR}
$util.toJson($ctx.result.items)`,
  },
  {
    typeName: 'Query',
    fieldName: 'coverage',
    dataSource: 'table',
    requestTemplate: `{
  "version": "2018-05-29",
  "operation": "Query",
  ${keyCondition(`"${USER}${SUB}"`, TABLE_KEYS.coverageSortPrefix)},
  "filter": {
    "expression": "#count > :zero",
    "expressionNames": { "#count": "count" },
    "expressionValues": { ":zero": $util.dynamodb.toDynamoDBJson(0) }
  },
  "consistentRead": true,
  "limit": ${COVERAGE_PAGE_CELLS},
  "nextToken": $util.toJson($util.defaultIfNullOrBlank($ctx.args.nextToken, null))
}`,
    // The ids are a string set in the table (added and deleted in the statement's own transactions).
    responseTemplate: `${RAISE_ERROR}
#set($cells = [])
#foreach($item in $ctx.result.items)
  $util.qr($cells.add({ "accountKey": $item.accountKey, "period": $item.period, "count": $item.count, "bytes": $item.bytes, "statementIds": $util.defaultIfNull($item.ids, []) }))
#end
{
  "cells": $util.toJson($cells),
  "nextToken": $util.toJson($util.defaultIfNullOrBlank($ctx.result.nextToken, null))
}`,
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
  {
    typeName: 'Mutation',
    fieldName: 'updateAccountSchedule',
    dataSource: 'table',
    // The account is one of the caller's: its summary in their own partition, there only
    // while it holds a statement. Each part given is set, each left out removed.
    requestTemplate: `#set($input = $ctx.args.input)
${accountKeyCheck('$input.accountKey')}
#foreach($name in ["statementsFrom", "closedAfter"])
  #if(!$util.isNullOrEmpty($input.get($name)) && !$util.matches("${PERIOD_PATTERN.source}", $input.get($name)))
    $util.error("$name must look like 2024-01 (YYYY-MM)", "BadRequest")
  #end
#end
#if(!$util.isNullOrEmpty($input.statementsFrom) && !$util.isNullOrEmpty($input.closedAfter))
  #if($util.parseJson($input.statementsFrom.replace("-", "")) > $util.parseJson($input.closedAfter.replace("-", "")))
    $util.error("closedAfter must not be before statementsFrom", "BadRequest")
  #end
#end
#set($sets = "")
#set($removes = "")
#set($values = { ":zero": $util.dynamodb.toDynamoDB(0) })
#foreach($name in ${JSON.stringify(SCHEDULE_FIELDS)})
  #if($util.isNullOrEmpty($input.get($name)))
    #set($removes = "$removes, $name")
  #else
    #set($sets = "$sets, $name = :$name")
    $util.qr($values.put(":$name", $util.dynamodb.toDynamoDB($input.get($name))))
  #end
#end
${ACCOUNT_SUMMARY_UPDATE}`,
    responseTemplate: ACCOUNT_SUMMARY_ANSWER,
  },
  {
    typeName: 'Mutation',
    fieldName: 'updateAccountDetails',
    dataSource: 'table',
    // The account is one of the caller's, as for its schedule. Each detail given is the
    // person's (marked so: a file never changes it), an empty one is cleared, one left out stays.
    requestTemplate: `#set($input = $ctx.args.input)
${accountKeyCheck('$input.accountKey')}
#if(!$util.isNull($input.institution) && ($input.institution.trim().length() > ${ACCOUNT_DETAIL_LIMITS.institutionMaxChars} || $util.matches("${UNSAFE_TEXT_REGEX}", $input.institution)))
  $util.error("institution must be at most ${ACCOUNT_DETAIL_LIMITS.institutionMaxChars} characters of text", "BadRequest")
#end
#if(!$util.isNullOrBlank($input.kind) && !$util.matches("^(${ACCOUNT_KINDS.join('|')})$", $input.kind))
  $util.error("kind must be one of ${ACCOUNT_KINDS.join(', ')}", "BadRequest")
#end
#if(!$util.isNullOrBlank($input.currency) && !$util.matches("${CURRENCY_PATTERN.source}", $input.currency))
  $util.error("currency must be an ISO 4217 code (USD)", "BadRequest")
#end
#set($sets = "")
#set($removes = "")
#set($values = { ":zero": $util.dynamodb.toDynamoDB(0) })
## Read through the input each time: a #set to null keeps the variable's last value in VTL.
#foreach($name in ${JSON.stringify(ACCOUNT_DETAIL_FIELDS)})
  #if(!$util.isNull($input.get($name)))
    #if($input.get($name).trim() == "")
      #set($removes = "$removes, $name, \${name}Said")
    #else
      #set($sets = "$sets, $name = :$name, \${name}Said = :said")
      $util.qr($values.put(":$name", $util.dynamodb.toDynamoDB($input.get($name).trim())))
      $util.qr($values.put(":said", $util.dynamodb.toDynamoDB(true)))
    #end
  #end
#end
#if($sets == "" && $removes == "")
  $util.error("Say at least one of institution, kind and currency", "BadRequest")
#end
${ACCOUNT_SUMMARY_UPDATE}`,
    responseTemplate: ACCOUNT_SUMMARY_ANSWER,
  },
  {
    typeName: 'Query',
    fieldName: 'pdfPassword',
    dataSource: 'table',
    // The caller's own account summary says whether a password is kept (an account with no
    // statement keeps none); the password is on its own item in the caller's passwords
    // partition, which only the second step's data source reaches.
    requestTemplate: `${accountKeyCheck('$ctx.args.accountKey')}
{}`,
    responseTemplate: `#if($ctx.stash.kept)
$util.toJson($util.defaultIfNull($ctx.stash.password, $ctx.stash.legacy))
#else
null
#end`,
    steps: [
      {
        name: 'pdfPasswordAccount',
        requestTemplate: `{
  "version": "2018-05-29",
  "operation": "GetItem",
  "key": ${ownerKey(`"${TABLE_KEYS.accountSortPrefix}$ctx.args.accountKey"`)},
  "consistentRead": true
}`,
        // A summary of an earlier release holds the password itself, until the sweep moves it.
        responseTemplate: `${RAISE_ERROR}
#if(!$util.isNull($ctx.result) && !$util.isNull($ctx.result.count) && $ctx.result.count > 0)
  #if(!$util.isNull($ctx.result.${PDF_PASSWORD_ATTRIBUTES.password}))
    $util.qr($ctx.stash.put("legacy", $ctx.result.${PDF_PASSWORD_ATTRIBUTES.password}))
    $util.qr($ctx.stash.put("kept", true))
  #elseif($ctx.result.${PDF_PASSWORD_ATTRIBUTES.kept} == true)
    $util.qr($ctx.stash.put("kept", true))
  #end
#end
{}`,
      },
      {
        name: 'pdfPasswordRead',
        dataSource: 'pdfPasswords',
        requestTemplate: `#if(!$ctx.stash.kept)
  #return({})
#end
{
  "version": "2018-05-29",
  "operation": "GetItem",
  "key": ${PDF_PASSWORD_KEY('$ctx.args.accountKey')},
  "consistentRead": true
}`,
        responseTemplate: `${RAISE_ERROR}
#if(!$util.isNull($ctx.result) && !$util.isNull($ctx.result.${PDF_PASSWORD_ATTRIBUTES.password}))
  $util.qr($ctx.stash.put("password", $ctx.result.${PDF_PASSWORD_ATTRIBUTES.password}))
#end
{}`,
      },
    ],
  },
  {
    typeName: 'Mutation',
    fieldName: 'keepPdfPassword',
    dataSource: 'table',
    // The account is one of the caller's, as for its schedule: its summary says a password is
    // kept (pdfPasswordKept, what AccountSummary answers; it has no field for the password).
    // Then the password is kept on its own item in the caller's passwords partition, or that
    // item goes. A password an earlier release kept on the summary goes from there either way.
    requestTemplate: '{}',
    responseTemplate: `$util.toJson($ctx.stash.summary)`,
    steps: [
      {
        name: 'keepPdfPasswordAccount',
        requestTemplate: `#set($input = $ctx.args.input)
${accountKeyCheck('$input.accountKey')}
#set($sets = "")
#set($removes = ", ${PDF_PASSWORD_ATTRIBUTES.password}")
#set($values = { ":zero": $util.dynamodb.toDynamoDB(0) })
#if($util.isNullOrEmpty($input.password))
  #set($removes = "$removes, ${PDF_PASSWORD_ATTRIBUTES.kept}")
#else
  #if($input.password.length() > ${PDF_PASSWORD.maxChars} || !$util.matches("${PDF_PASSWORD_PATTERN.source}", $input.password))
    $util.error("password must be 1 to ${PDF_PASSWORD.maxChars} characters, none of them control characters", "BadRequest")
  #end
  #set($sets = ", ${PDF_PASSWORD_ATTRIBUTES.kept} = :kept")
  $util.qr($values.put(":kept", $util.dynamodb.toDynamoDB(true)))
#end
${ACCOUNT_SUMMARY_UPDATE}`,
        // Not one of the caller's accounts: null, and nothing kept.
        responseTemplate: `#if(!($ctx.error && $util.matches("^(DynamoDB:)?ConditionalCheckFailedException$", $ctx.error.type)))
${RAISE_ERROR}
$util.qr($ctx.stash.put("summary", $ctx.result))
#end
{}`,
      },
      {
        name: 'keepPdfPasswordItem',
        dataSource: 'pdfPasswords',
        requestTemplate: `#if($util.isNull($ctx.stash.summary))
  #return({})
#end
#if($util.isNullOrEmpty($ctx.args.input.password))
{
  "version": "2018-05-29",
  "operation": "DeleteItem",
  "key": ${PDF_PASSWORD_KEY('$ctx.args.input.accountKey')}
}
#else
{
  "version": "2018-05-29",
  "operation": "PutItem",
  "key": ${PDF_PASSWORD_KEY('$ctx.args.input.accountKey')},
  "attributeValues": {
    "${PDF_PASSWORD_ATTRIBUTES.password}": $util.dynamodb.toDynamoDBJson($ctx.args.input.password),
    "${PDF_PASSWORD_ATTRIBUTES.keptAt}": $util.dynamodb.toDynamoDBJson($util.time.nowISO8601())
  }
}
#end`,
        responseTemplate: `${RAISE_ERROR}
{}`,
      },
    ],
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
    fieldName: 'renameAccount',
    dataSource: 'statementEdits',
    // The same Lambda (it owns what files under which account); the owner is the token's sub.
    requestTemplate: invokeWithInput('renameAccount'),
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

/**
 * The DynamoDB actions the resolvers perform on one of the table's data sources, read from
 * their own templates, so its role allows exactly what they do there and nothing else.
 */
export const tableActions = (
  dataSource: (typeof TABLE_DATA_SOURCES)[number] = 'table',
  resolvers: readonly ResolverSpec[] = RESOLVERS,
): string[] =>
  [
    ...new Set(
      resolvers
        .flatMap(requestsOf)
        .filter((request) => request.dataSource === dataSource)
        .flatMap(({ template }) => [...template.matchAll(/"operation":\s*"(\w+)"/g)].map((match) => `dynamodb:${match[1]}`)),
    ),
  ].sort();
