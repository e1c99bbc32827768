/*
 * The API's description: the route table and the OpenAPI document generated from it.
 * A subpath of its own (`@registrar-panel/contract/api`), so that the web's bundles never hold it:
 * the web only reads the document's types.
 */
export { apiRoutes, routeTable, type RouteEntry, type RouteOf } from './routes';
export { operation, operations, servicesPrefix, type OperationId } from './operations';
export { handledKeysOf, webHandledKeys, type HandledKey } from './web-handled-keys';
export type { JsonOperationId, RouteAnswer, RouteInput, RouteRequest } from './route-types';
// The path parameters' schemas: a route's `params` is one of these, so a test can tell which object a parameter names.
export * as pathParams from './routes/params';
export {
  apiTags,
  personalDataIn,
  routeKey,
  type ApiAccess,
  type PersonalDataMark,
  type ApiAnswer,
  type ApiMethod,
  type ApiRoute,
  type ApiTag,
  type ErrorStatus,
  type WebHandles,
} from './route';
export { messageKeysOf } from './message-keys-of';
// The shape each audit action records: the history reads stored rows by it.
export { auditDetailsSchemas } from './responses/history';
export { routeErrors } from './route-errors';
export { openApiDocument, openApiPath, type OpenApiOptions } from './openapi';
export type * from './openapi-types';
