import * as z from 'zod';
import { completeUploadRequestSchema, partUrlsRequestSchema, profileImageUploadRequestSchema, statementUploadRequestSchema } from './api';
import { PROFILE_IMAGE_ROUTES, STATEMENT_ROUTES, type RouteSpec } from './routes';

/**
 * The JSON body each route takes. The handlers parse with these schemas and API Gateway
 * validates against them too (as JSON Schema models). Kept apart from the route table so
 * a browser bundle that only needs paths does not carry zod.
 */
const BODIES = new Map<RouteSpec, z.ZodType>([
  [PROFILE_IMAGE_ROUTES.uploadUrl, profileImageUploadRequestSchema],
  [STATEMENT_ROUTES.createUpload, statementUploadRequestSchema],
  [STATEMENT_ROUTES.partUrls, partUrlsRequestSchema],
  [STATEMENT_ROUTES.completeUpload, completeUploadRequestSchema],
]);

export const routeBody = (route: RouteSpec): z.ZodType | undefined => BODIES.get(route);

/**
 * The body a route takes as API Gateway validates it: a JSON Schema draft-4 model (the
 * CDK app installs it; the local gateway checks bodies against the same one). Without
 * `$schema`, which API Gateway sets from the model's own setting.
 */
export const routeModel = (route: RouteSpec): Record<string, unknown> | undefined => {
  const body = routeBody(route);
  if (!body) return undefined;
  const { $schema: _ignored, ...schema } = z.toJSONSchema(body, { target: 'draft-4', io: 'input' }) as Record<string, unknown>;
  return schema;
};
