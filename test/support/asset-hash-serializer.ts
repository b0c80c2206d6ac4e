/**
 * Lambda asset hashes change with every code change (and their S3 keys with them), so
 * the template snapshot masks any 64-hex-digit hash; everything else must match exactly.
 */
const HASH = /[0-9a-f]{64}/g;

const serializer: import('pretty-format').Plugin = {
  test: (value: unknown) => typeof value === 'string' && /[0-9a-f]{64}/.test(value),
  serialize: (value: string) => JSON.stringify(value.replace(HASH, '[ASSET-HASH]')),
};

module.exports = serializer;
