import { PROFILE_IMAGE_LIMITS, PROFILE_IMAGE_TYPES, REGION, STATEMENT_LIMITS, STATEMENT_TYPES } from '../../contract';
import type { ResolverSpec } from './spec';

/** The public fields: what an API key reads (the upload rules, whether the service answers). */
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

export const SERVICE_RESOLVERS: readonly ResolverSpec[] = [
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
];
