import * as z from './zod';
import {
  accountDeletionRequestSchema,
  completeUploadRequestSchema,
  fileArrivalRequestSchema,
  mailSendersRequestSchema,
  partUrlsRequestSchema,
  profileImageUploadRequestSchema,
  statementUploadRequestSchema,
} from './api';
import { PROFILE_IMAGE_ROUTES, STATEMENT_ROUTES, type RouteBody, type RouteSpec } from './routes';
import { addDeviceRequestSchema } from './push';
import { createShareRequestSchema, extendShareRequestSchema } from './shares';
import { packetRequestSchema } from './packets';

/**
 * The JSON body each route takes. The handlers parse with these schemas and API Gateway
 * validates against them too (as JSON Schema models). Kept apart from the route table so
 * a browser bundle that only needs paths does not carry zod.
 */
/** A route and its body's schema, which must accept exactly what the route's type says a client sends. */
const body = <Route extends RouteSpec, Schema extends z.ZodType<unknown, RouteBody<Route>>>(route: Route, schema: Schema) => ({
  route,
  schema,
});

const BODIES = [
  body(PROFILE_IMAGE_ROUTES.uploadUrl, profileImageUploadRequestSchema),
  body(STATEMENT_ROUTES.createUpload, statementUploadRequestSchema),
  body(STATEMENT_ROUTES.partUrls, partUrlsRequestSchema),
  body(STATEMENT_ROUTES.completeUpload, completeUploadRequestSchema),
  body(STATEMENT_ROUTES.deleteAccount, accountDeletionRequestSchema),
  body(STATEMENT_ROUTES.createShare, createShareRequestSchema),
  body(STATEMENT_ROUTES.extendShare, extendShareRequestSchema),
  body(STATEMENT_ROUTES.addPushDevice, addDeviceRequestSchema),
  body(STATEMENT_ROUTES.createPacket, packetRequestSchema),
  body(STATEMENT_ROUTES.fileArrival, fileArrivalRequestSchema),
  body(STATEMENT_ROUTES.setMailSenders, mailSendersRequestSchema),
] as const;

/** The body a route's handler receives once its schema has parsed it (defaults filled in, text trimmed). */
export type ParsedRouteBody<Route extends RouteSpec> = z.output<Extract<(typeof BODIES)[number], { route: Route }>['schema']>;

export const routeBody = (route: RouteSpec): z.ZodType | undefined => BODIES.find((entry) => entry.route === route)?.schema;

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
