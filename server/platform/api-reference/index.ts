import { createRequire } from "node:module";

// The API reference: the OpenAPI document built from the route declarations, and its routes.
export { registerApiReferenceRoutes } from "./api-reference-routes.ts";
export { buildOpenApiDocument, openApiPath, type OpenApiDocument } from "./openapi-document.ts";

/** The API's version in the document: the portal's package version, read at start. */
export const API_VERSION: string = (createRequire(import.meta.url)("../../../package.json") as { version: string }).version;
