import type { AccountDeletion, AccountOverview } from './account';
import type {
  IdentifierKeyResponse,
  AccountDeletionRequest,
  CompleteUploadRequest,
  CompleteUploadResponse,
  PartUrlsRequest,
  PartUrlsResponse,
  PresignedDownload,
  ProfileImageUploadRequest,
  ProfileImageUploadResponse,
  RestoredStatementResponse,
  StatementDownloadResponse,
  StatementUploadRequest,
  StatementUploadResponse,
  StoredPartsResponse,
} from './api';
import type { FileArrivalRequest, FileArrivalResponse, MailAddressResponse, MailArrivalsResponse, MailSendersRequest } from './mail';
import type { AddDeviceRequest, PushDevice } from './push';
import type { CreatedPacket, PacketRequest } from './packets';
import type { CreateShareRequest, CreatedShare, ExtendShareRequest, RecipientShare, ShareDetails, ShareSummary } from './shares';

/**
 * Routes of the two REST APIs, relative to each API's stage URL (`.../prod/`).
 * `resource` is API Gateway's resource path, which is what a proxy event carries in
 * `event.resource`; the CDK construct creates exactly these resources and the Lambda
 * routes on them, so the two cannot drift apart. Each route also carries, as types, its
 * body, query and response, from which the web app's client infers its calls.
 */
export interface RouteSpec {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly resource: string;
}

/** The `{name}` path parameters of a resource path, as a union of their names. */
export type PathParams<Resource extends string> = Resource extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

/**
 * A route with what it takes and answers, as types: its JSON body (`undefined`: none), its
 * query parameters and its response body. Path parameters come from the resource itself.
 * Nothing of this exists at run time: a route is its method and resource.
 */
export interface TypedRoute<
  Method extends RouteSpec['method'],
  Resource extends string,
  Body,
  Response,
  Query extends string = never,
> extends RouteSpec {
  readonly method: Method;
  readonly resource: Resource;
  /** Type-only. */
  readonly __types?: { body: Body; response: Response; query: Query };
}

const route =
  <Body = undefined, Response = undefined, Query extends string = never>() =>
  <Method extends RouteSpec['method'], Resource extends string>(method: Method, resource: Resource) =>
    ({ method, resource }) as TypedRoute<Method, Resource, Body, Response, Query>;

export const PROFILE_IMAGE_ROUTES = {
  uploadUrl: route<ProfileImageUploadRequest, ProfileImageUploadResponse>()('POST', '/upload-url'),
  downloadUrl: route<undefined, PresignedDownload>()('GET', '/download-url'),
} as const satisfies Record<string, RouteSpec>;

export const STATEMENT_ROUTES = {
  createUpload: route<StatementUploadRequest, StatementUploadResponse>()('POST', '/uploads'),
  partUrls: route<PartUrlsRequest, PartUrlsResponse>()('POST', '/uploads/{statementId}/parts'),
  listParts: route<undefined, StoredPartsResponse, 'uploadId'>()('GET', '/uploads/{statementId}/parts'),
  completeUpload: route<CompleteUploadRequest, CompleteUploadResponse>()('POST', '/uploads/{statementId}/complete'),
  abortUpload: route<undefined, undefined, 'uploadId'>()('DELETE', '/uploads/{statementId}'),
  downloadUrl: route<undefined, StatementDownloadResponse>()('GET', '/statements/{statementId}/download-url'),
  /** The same file to look at in the page: shown inline, as the type the content check verified, never saved. */
  previewUrl: route<undefined, StatementDownloadResponse>()('GET', '/statements/{statementId}/preview-url'),
  /** Moves a statement to Recently deleted (see RECENTLY_DELETED): out of every list, restorable for 30 days. */
  deleteStatement: route<undefined, undefined>()('DELETE', '/statements/{statementId}'),
  /** Brings a statement back from Recently deleted exactly as it was. */
  restoreStatement: route<undefined, RestoredStatementResponse>()('POST', '/deleted/{statementId}/restore'),
  /** Deletes a statement in Recently deleted for good, now: its record and every version of its file. */
  purgeStatement: route<undefined, undefined>()('DELETE', '/deleted/{statementId}'),
  /** A share of the caller's statements: its link's secret, shown once. */
  createShare: route<CreateShareRequest, CreatedShare>()('POST', '/shares'),
  listShares: route<undefined, { shares: ShareSummary[] }>()('GET', '/shares'),
  /** One of the caller's shares: what it names, each statement's downloads, and who opened it when. */
  getShare: route<undefined, ShareDetails>()('GET', '/shares/{shareId}'),
  /** Withdraws a share at once: its link answers as one that never existed. */
  revokeShare: route<undefined, undefined>()('DELETE', '/shares/{shareId}'),
  extendShare: route<ExtendShareRequest, ShareSummary>()('POST', '/shares/{shareId}/extend'),
  /** Takes one statement out of a share for good: its recipient no longer sees it. */
  removeSharedStatement: route<undefined, undefined>()('DELETE', '/shares/{shareId}/statements/{statementId}'),
  /**
   * A packet of the caller's statements of chosen accounts over a span of days, with its cover
   * (contract/packets): a ZIP made now, fetched once through the short-lived URL answered.
   */
  createPacket: route<PacketRequest, CreatedPacket>()('POST', '/packets'),
  /** The caller's key for account identifiers: the browser hashes what a file names with it (contract/accounts/identifier-keys). */
  identifierKey: route<undefined, IdentifierKeyResponse>()('GET', '/identifier-key'),
  /** The caller's private mail address (contract/mail.ts), null until they ask for one. */
  mailAddress: route<undefined, MailAddressResponse>()('GET', '/mail-address'),
  /** Gives the caller a new private mail address; the one they had is retired at once. */
  newMailAddress: route<undefined, MailAddressResponse>()('POST', '/mail-address'),
  /** Sets whom the caller takes mail from (none: anyone); kept when the address is replaced. */
  setMailSenders: route<MailSendersRequest, MailAddressResponse>()('POST', '/mail-address/senders'),
  /** What arrived by mail and waits for the caller (a page, from `after`: '' for the first), and what was kept out lately. */
  mailArrivals: route<undefined, MailArrivalsResponse, 'after'>()('GET', '/mail/arrivals'),
  /** Files a waiting file under the account and month the caller chose (202: listed once the catalogue has it). */
  fileArrival: route<FileArrivalRequest, FileArrivalResponse>()('POST', '/mail/arrivals/{statementId}/file'),
  /** Discards a waiting file, bytes and all. */
  discardArrival: route<undefined, undefined>()('DELETE', '/mail/arrivals/{statementId}'),
  /** The caller's devices with notifications on. */
  listPushDevices: route<undefined, { devices: PushDevice[] }>()('GET', '/push/devices'),
  /** Turns notifications on for a device (its push subscription); the same subscription again updates it. */
  addPushDevice: route<AddDeviceRequest, PushDevice>()('POST', '/push/devices'),
  /** Turns a device's notifications off. */
  removePushDevice: route<undefined, undefined>()('DELETE', '/push/devices/{deviceId}'),
  /** Turns every device's notifications off (signing out everywhere). */
  removeAllPushDevices: route<undefined, undefined>()('DELETE', '/push/devices'),
  /** Sends a device a notice now, to see that notifications arrive. */
  testPushDevice: route<undefined, undefined>()('POST', '/push/devices/{deviceId}/test'),
  /** What closing the account would delete, and the deletion once begun (answered during it, too). */
  account: route<undefined, AccountOverview>()('GET', '/account'),
  /** Begins closing the account: 202 with the job, which runs on its own (repeatable: the job already there). */
  deleteAccount: route<AccountDeletionRequest, AccountDeletion>()('POST', '/account/deletion'),
} as const satisfies Record<string, RouteSpec>;

/**
 * The share API: what a link's recipient (who has no account) reaches, through the web
 * server only. These routes take IAM-signed calls (API Gateway's AWS_IAM authorization),
 * and only the web server's role may make them; the link's secret travels in a header
 * (SHARE_HEADERS), never in a path. Every answer for a link that does not lead to a live
 * share is the same 404.
 */
export const SHARE_ROUTES = {
  openShare: route<undefined, RecipientShare>()('GET', '/shared'),
  /** A fresh short-lived URL of one shared file, shown (`inline`) or saved (`attachment`, counted). */
  sharedFileUrl: route<undefined, StatementDownloadResponse, 'disposition'>()('GET', '/shared/{statementId}/url'),
} as const satisfies Record<string, RouteSpec>;

/** The routes an account being deleted still answers: the ones that report on its deletion. */
export const ACCOUNT_ROUTES: readonly RouteSpec[] = [STATEMENT_ROUTES.account, STATEMENT_ROUTES.deleteAccount];

/** What a call of `Route` sends: its path parameters, query and body, each only when it has them. */
export type RouteInput<Route extends RouteSpec> =
  Route extends TypedRoute<RouteSpec['method'], infer Resource, infer Body, unknown, infer Query>
    ? ([PathParams<Resource>] extends [never] ? { params?: undefined } : { params: Record<PathParams<Resource>, string> }) &
        ([Query] extends [never] ? { query?: undefined } : { query: Record<Query, string> }) &
        ([Body] extends [undefined] ? { body?: undefined } : { body: Body })
    : never;

/** The JSON body `Route` takes, as a client sends it (`undefined`: none). */
export type RouteBody<Route extends RouteSpec> =
  Route extends TypedRoute<RouteSpec['method'], string, infer Body, unknown, string> ? Body : never;

/** The names of `Route`'s path parameters, from its resource. */
export type RouteParamNames<Route extends RouteSpec> = PathParams<Route['resource']>;

/** What `Route` answers with. */
export type RouteResponse<Route extends RouteSpec> =
  Route extends TypedRoute<RouteSpec['method'], string, unknown, infer Response, string> ? Response : never;

/** The methods an API's routes use, once each: what its CORS preflight allows. */
export const routeMethods = (routes: Record<string, RouteSpec>): RouteSpec['method'][] => [
  ...new Set(Object.values(routes).map((route) => route.method)),
];

/** Fills `{name}` placeholders; values are URI-encoded. */
export const routePath = (resource: string, params: Record<string, string> = {}): string =>
  resource.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing route parameter ${name}`);
    return encodeURIComponent(value);
  });

/** Joins an API's stage URL (with or without trailing slash) and a route. */
export const apiUrl = (stageUrl: string, path: string): string => `${stageUrl.replace(/\/+$/, '')}${path}`;
