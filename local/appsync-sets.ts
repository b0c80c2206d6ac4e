import { createRequire } from 'node:module';

/**
 * AppSync hands a DynamoDB set (SS, NS, BS) to a resolver's template as a list. The
 * simulator's DynamoDB data source was written for the v2 SDK's set wrapper and turns the
 * v3 SDK's native `Set` into an empty map, so a set attribute (a coverage summary's ids)
 * would reach the template as `{}`. A DeleteItem of an item that is not there returns no
 * attributes, which the simulator's conversion throws on; AppSync answers null. Its item
 * conversion is replaced by one that answers as AppSync does; everything else of the data
 * source is the simulator's own.
 */
const asAppSyncValue = (value: unknown): unknown => {
  if (value instanceof Set) return [...(value as Set<unknown>)].map(asAppSyncValue);
  if (Array.isArray(value)) return value.map(asAppSyncValue);
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value))
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, asAppSyncValue(inner)]));
  return value;
};

export const convertSetsAsAppSyncDoes = (): void => {
  const utilsPath = createRequire(__filename).resolve('@aws-amplify/amplify-appsync-simulator/lib/data-loader/dynamo-db/utils');
  // The simulator's own copy of the SDK's converter, resolved from where the simulator is.
  const fromSimulator = createRequire(utilsPath);
  const utils = fromSimulator(utilsPath) as { unmarshall: (raw: unknown, isRaw?: boolean) => unknown };
  const { unmarshall } = fromSimulator('@aws-sdk/util-dynamodb') as { unmarshall: (raw: unknown) => unknown };
  utils.unmarshall = (raw, isRaw = true) => (isRaw && raw === undefined ? null : asAppSyncValue(isRaw ? unmarshall(raw) : raw));
};
