import { PERIOD_PATTERN, TABLE_KEYS } from '../../contract';
import { ACCOUNT_DETAIL_FIELDS, ACCOUNT_DETAIL_LIMITS, ACCOUNT_KINDS, CURRENCY_PATTERN } from '../../contract/accounts/details';
import { PDF_PASSWORD, PDF_PASSWORD_ATTRIBUTES, PDF_PASSWORD_PATTERN } from '../../contract/accounts/pdf-password';
import { LATE_GRACE_DAYS, SCHEDULE_FIELDS } from '../../contract/accounts/schedule';
import { COVERAGE_PAGE_CELLS } from '../../contract/keys';
import type { ResolverSpec } from './spec';
import {
  LAMBDA_ANSWER,
  PK,
  SK,
  RAISE_ERROR,
  STATEMENT,
  SUB,
  UNSAFE_TEXT_REGEX,
  USER,
  accountKeyCheck,
  invokeWithInput,
  keyCondition,
  ownerKey,
  summariesQuery,
} from './vtl';

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

/** The key of the caller's kept PDF password for an account (a VTL expression): its own item in their passwords partition. */
const PDF_PASSWORD_KEY = (accountKeyExpression: string) => `{
    "${PK}": $util.dynamodb.toDynamoDBJson("${TABLE_KEYS.pdfPasswordPartition(SUB)}"),
    "${SK}": $util.dynamodb.toDynamoDBJson("${TABLE_KEYS.accountSortPrefix}${accountKeyExpression}")
  }`;

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

/** Accounts: their summaries, periods, coverage and chain; what a person says of one (schedule, details, a kept PDF password, a new name). */
export const ACCOUNT_RESOLVERS: readonly ResolverSpec[] = [
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
#if(!$util.isNull($input.graceDays) && ($input.graceDays < ${LATE_GRACE_DAYS.min} || $input.graceDays > ${LATE_GRACE_DAYS.max}))
  $util.error("graceDays must be from ${LATE_GRACE_DAYS.min} to ${LATE_GRACE_DAYS.max}", "BadRequest")
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
#if($util.isNull($input.graceDays))
  #set($removes = "$removes, graceDays")
#else
  #set($sets = "$sets, graceDays = :graceDays")
  $util.qr($values.put(":graceDays", $util.dynamodb.toDynamoDB($input.graceDays)))
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
    fieldName: 'renameAccount',
    dataSource: 'statementEdits',
    // The same Lambda (it owns what files under which account); the owner is the token's sub.
    requestTemplate: invokeWithInput('renameAccount'),
    responseTemplate: LAMBDA_ANSWER,
  },
];
