import type * as z from 'zod';
import {
  completeUploadRequestSchema,
  partUrlsRequestSchema,
  profileImageUploadRequestSchema,
  statementUploadRequestSchema,
} from './api';
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
