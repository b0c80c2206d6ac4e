import * as http from 'node:http';
import { createHash } from 'node:crypto';
import { TABLE_KEYS } from '../contract';
import { verifyServiceRequest } from './auth/sigv4';
import { listen, readBody, safeHandler, sendJson, upstreamAgent, type RunningServer } from './http';
import type { Authorizer } from './iam/authorizer';
import type { Identities } from './iam/identities';
import { HOST } from './settings';

/** DynamoDB's JSON errors: HTTP 400 with a `__type` naming the exception. */
const fault = (response: http.ServerResponse, type: string, message: string, status = 400) =>
  sendJson(response, status, { __type: `com.amazon.coral.service#${type}`, Message: message }, {}, 'application/x-amz-json-1.0');

const SIGNATURE_FAULTS: Record<string, string> = {
  InvalidAccessKeyId: 'UnrecognizedClientException',
  SignatureDoesNotMatch: 'InvalidSignatureException',
  RequestTimeTooSkewed: 'InvalidSignatureException',
  AccessDenied: 'MissingAuthenticationTokenException',
};

type Body = Record<string, any>;

type Check = { action: string; resource: string; context?: Record<string, string | string[]> };

/**
 * What a read asks for, as DynamoDB puts it in the request context: the top-level
 * attributes it projects (`dynamodb:Attributes`) and `dynamodb:Select`, which is
 * SPECIFIC_ATTRIBUTES for a projection and ALL_ATTRIBUTES without one (so a policy that
 * allows some attributes only, with `StringEqualsIfExists` on Select, refuses a read of all).
 */
const readContext = (request: Body | undefined): Record<string, string | string[]> => {
  const names: Record<string, string> = request?.ExpressionAttributeNames ?? {};
  const projected: string[] | undefined = request?.ProjectionExpression
    ? String(request.ProjectionExpression)
        .split(',')
        .map((path) => path.trim().split(/[.[]/)[0])
        .map((name) => (name.startsWith('#') ? (names[name] ?? name) : name))
    : request?.AttributesToGet;
  if (projected && projected.length > 0)
    return { 'dynamodb:Attributes': [...new Set(projected)], 'dynamodb:Select': String(request?.Select ?? 'SPECIFIC_ATTRIBUTES') };
  return { 'dynamodb:Select': String(request?.Select ?? 'ALL_ATTRIBUTES') };
};

/** The partition key's value in an item or key (`{ pk: { S: … } }`). */
const partitionOf = (item: unknown): string | undefined => (item as Body | undefined)?.[TABLE_KEYS.partitionKey]?.S;

/** The partition a Query reads: the value its key condition sets the partition key equal to. */
const queryPartition = (body: Body): string | undefined => {
  const names: Record<string, string> = body.ExpressionAttributeNames ?? {};
  for (const [, operand, placeholder] of String(body.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    if ((operand.startsWith('#') ? names[operand] : operand) === TABLE_KEYS.partitionKey) {
      return body.ExpressionAttributeValues?.[placeholder]?.S;
    }
  }
  return undefined;
};

/**
 * The IAM checks one DynamoDB call needs: its action on every table (and index) it
 * touches, with the partition keys it reaches as `dynamodb:LeadingKeys`, as DynamoDB puts
 * them in the request context (a policy may hold a caller to partitions that lead with its
 * own id). A batch or transaction carries the keys of all its items.
 */
export const dynamoDbChecks = (operation: string, body: Body, tableArn: (table: string) => string): Check[] => {
  const on = (action: string, table: unknown, items: unknown[] = [], index?: unknown, read?: Body): Check => {
    const leading = [...new Set(items.map(partitionOf).filter((key): key is string => key !== undefined))];
    const context = {
      ...(leading.length > 0 ? { 'dynamodb:LeadingKeys': leading } : {}),
      ...(['GetItem', 'BatchGetItem', 'Query', 'Scan'].includes(action) ? readContext(read) : {}),
    };
    return {
      action: `dynamodb:${action}`,
      resource: `${tableArn(String(table))}${typeof index === 'string' ? `/index/${index}` : ''}`,
      ...(Object.keys(context).length > 0 ? { context } : {}),
    };
  };
  switch (operation) {
    case 'ListTables':
      return [{ action: 'dynamodb:ListTables', resource: '*' }];
    case 'BatchGetItem':
      return Object.entries(body.RequestItems ?? {}).map(([table, request]) =>
        on(operation, table, (request as Body).Keys ?? [], undefined, request as Body),
      );
    case 'BatchWriteItem':
      return Object.entries(body.RequestItems ?? {}).map(([table, requests]) =>
        on(
          operation,
          table,
          (requests as Body[]).map((request) => request.PutRequest?.Item ?? request.DeleteRequest?.Key),
        ),
      );
    case 'TransactGetItems':
      return (body.TransactItems ?? []).map((item: Body) => on('GetItem', item.Get?.TableName, [item.Get?.Key], undefined, item.Get));
    case 'TransactWriteItems':
      return (body.TransactItems ?? []).map((item: Body) => {
        const [kind, detail] = Object.entries(item)[0] ?? ['', {}];
        const action = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' }[kind] ?? kind;
        return on(action, (detail as Body).TableName, [(detail as Body).Item ?? (detail as Body).Key]);
      });
    case 'Query': {
      // On an index the leading key is the index's own; this table has none.
      const partition = body.IndexName ? undefined : queryPartition(body);
      return [on(operation, body.TableName, partition ? [{ [TABLE_KEYS.partitionKey]: { S: partition } }] : [], body.IndexName, body)];
    }
    case 'Scan':
      return [on(operation, body.TableName, [], body.IndexName, body)];
    default:
      return [on(operation, body.TableName, [body.Item ?? body.Key], undefined, body)];
  }
};

/**
 * DynamoDB for the local stack: AWS's DynamoDB Local keeps the data and answers the API,
 * and this front, where DynamoDB's endpoint would be, does what DynamoDB does first: it
 * verifies the request's SigV4 signature (credential scope included) and asks IAM whether
 * the signer may perform the action on the table, against the policies the CDK app
 * synthesizes. A refusal is DynamoDB's AccessDeniedException, in its words.
 */
export const startDynamoDbFront = async (input: {
  port: number;
  upstreamPort: number;
  identities: Pick<Identities, 'secretFor' | 'signerOf'>;
  authorizer: Authorizer;
  tableArn: (table: string) => string;
}): Promise<RunningServer> => {
  const agent = upstreamAgent();
  const server = http.createServer(
    safeHandler('dynamodb', async (request, response) => {
      const body = await readBody(request, 16 * 1024 * 1024);
      const verdict = verifyServiceRequest(request, input.identities.secretFor, 'dynamodb');
      if (!verdict.ok) return fault(response, SIGNATURE_FAULTS[verdict.code] ?? 'IncompleteSignatureException', verdict.message);
      if (createHash('sha256').update(body).digest('hex') !== verdict.payloadHash) {
        return fault(
          response,
          'InvalidSignatureException',
          'The request signature we calculated does not match the signature you provided.',
        );
      }
      const signer = input.identities.signerOf(verdict.accessKeyId)!;
      const target = String(request.headers['x-amz-target'] ?? '');
      const operation = /^DynamoDB_20120810\.(\w+)$/.exec(target)?.[1];
      if (!operation) return fault(response, 'UnknownOperationException', `Unknown operation ${target || '(no X-Amz-Target)'}`);
      if (signer.kind === 'principal') {
        let parsed: Body;
        try {
          parsed = JSON.parse(body.toString('utf8') || '{}');
        } catch {
          return fault(response, 'SerializationException', 'The request body is not valid JSON.');
        }
        for (const check of dynamoDbChecks(operation, parsed, input.tableArn)) {
          const decision = await input.authorizer.authorize(signer.principal, check);
          if (!decision.allowed) return fault(response, 'AccessDeniedException', decision.message);
        }
      }
      const upstream = http.request(
        { agent, host: HOST, port: input.upstreamPort, method: request.method, path: request.url, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error) => fault(response, 'InternalServerError', error.message, 500));
      upstream.end(body);
    }),
  );
  const running = await listen(server, input.port);
  return {
    ...running,
    async close() {
      await running.close();
      agent.destroy();
    },
  };
};
