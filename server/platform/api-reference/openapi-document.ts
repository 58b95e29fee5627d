import * as Schema from "effect/Schema";
import { ERROR_MESSAGES, type ErrorCode } from "../../../domain/shared/error-catalogue.ts";
import { ErrorBody } from "../../../domain/shared/wire/error-body.ts";
import type { RegisteredRoute } from "../../http/access-control.ts";
import { isApiPath, isPreAuth, isProtected, isSignedIn, needsApiKey } from "../../http/route-access.ts";
import type { RouteErrors } from "../../http/route-doc.ts";

type JsonObject = Record<string, unknown>;

/** The document as served at /api/openapi.json (OpenAPI 3.1, whose schemas are JSON Schema 2020-12). */
export type OpenApiDocument = {
  readonly openapi: "3.1.0";
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly paths: Record<string, Record<string, JsonObject>>;
  readonly components: { readonly schemas: Record<string, unknown>; readonly securitySchemes: Record<string, JsonObject> };
};

/** Fastify's `:id` path parameters in OpenAPI's `{id}` form. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");

/**
 * A schema's JSON Schema (its encoded side: what travels), with its definitions moved into the
 * shared components so `$ref`s resolve inside the OpenAPI document.
 */
const jsonSchemaOf = (schema: Schema.Top, components: Record<string, unknown>): JsonObject => {
  const document = Schema.toJsonSchemaDocument(schema as never);
  const relink = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'));
  for (const [name, definition] of Object.entries(document.definitions)) components[name] = relink(definition);
  return relink(document.schema) as JsonObject;
};

/** Query or path parameters: one per property of the part's object schema. */
const parametersOf = (schema: JsonObject, where: "query" | "path"): JsonObject[] => {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === "path" || required.has(name), schema: property }));
};

/** docs/api.md, "Versions and concurrent edits": the version a write started from, as a strong entity tag. */
const IF_MATCH_PARAMETER: JsonObject = {
  name: "If-Match",
  in: "header",
  required: false,
  description: 'The version the write started from, as the record\'s ETag gave it ("3"); a record changed since answers 412. Without it (or with *) the write does not check.',
  schema: { type: "string", pattern: '^\\s*(\\*|"[1-9][0-9]{0,9}")\\s*$' },
};
const ETAG_HEADER: JsonObject = { description: 'The record\'s version as a strong entity tag, e.g. "3"', schema: { type: "string" } };

/** What every route of a kind can answer, besides what its own rules say (route-doc.ts). */
const implicitErrors = (route: RegisteredRoute): RouteErrors => {
  const access = route.access;
  const errors: Partial<Record<number, ErrorCode[]>> = {};
  const add = (status: number, code: ErrorCode) => {
    const list = (errors[status] ??= []);
    if (!list.includes(code)) list.push(code);
  };
  if (route.decodes.length > 0 || ["POST", "PUT", "PATCH"].includes(route.method)) add(400, "ERROR_056");
  if (access !== undefined && (needsApiKey(access) || !("public" in access))) add(401, "ERROR_001");
  if (access !== undefined && isProtected(access)) add(403, "ERROR_001");
  if (["POST", "PUT", "PATCH"].includes(route.method)) add(413, "ERROR_045");
  if (route.rateLimited) add(429, "ERROR_012");
  return errors as RouteErrors;
};

const mergeErrors = (a: RouteErrors, b: RouteErrors): Map<number, ErrorCode[]> => {
  const merged = new Map<number, ErrorCode[]>();
  for (const errors of [a, b]) {
    for (const [status, codes] of Object.entries(errors)) {
      const list = merged.get(Number(status)) ?? [];
      for (const code of codes ?? []) if (!list.includes(code)) list.push(code);
      merged.set(Number(status), list);
    }
  }
  return new Map([...merged.entries()].sort(([x], [y]) => x - y));
};

const securityOf = (route: RegisteredRoute): JsonObject[] => {
  const access = route.access;
  if (access === undefined) return [];
  const key = needsApiKey(access) ? { apiKey: [] } : {};
  if (isPreAuth(access)) return [{ ...key, preAuthToken: [] }];
  if (isSignedIn(access) || isProtected(access)) return [{ ...key, bearer: [] }];
  return [key];
};

const accessText = (route: RegisteredRoute): string => {
  const access = route.access;
  if (access === undefined) return "";
  if (isProtected(access)) return `Needs the \`${access.action}\` action on \`${access.resource}\` (docs/permissions.md).`;
  if (isPreAuth(access)) return "Only with a pre-authentication token (`Authorization: Token …`).";
  if (isSignedIn(access)) return "Any signed-in person (`Authorization: Bearer …`).";
  return needsApiKey(access) ? "No sign-in; the API key is required." : "Open: no API key, no sign-in.";
};

/**
 * The OpenAPI 3.1 document of every /api route the app registered, built from their declarations
 * (access rule, decoders, doc): nothing here is written by hand, so a route cannot be missing.
 */
export const buildOpenApiDocument = (
  routes: readonly RegisteredRoute[],
  options: { readonly version: string },
): OpenApiDocument => {
  const components: Record<string, unknown> = {};
  const errorBody = jsonSchemaOf(ErrorBody as unknown as Schema.Top, components);
  components.ErrorBody = errorBody;
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    if (!isApiPath(route.url) || route.method === "HEAD" || route.doc === undefined) continue;
    const doc = route.doc;
    const parameters: JsonObject[] = [];
    let requestBody: JsonObject | undefined;
    for (const decoder of route.decodes) {
      const schema = jsonSchemaOf(decoder.schema, components);
      if (decoder.part === "body") requestBody = { required: true, content: { "application/json": { schema } } };
      else parameters.push(...parametersOf(schema, decoder.part === "params" ? "path" : "query"));
    }
    if (doc.errors[412] !== undefined) parameters.push(IF_MATCH_PARAMETER);
    const status = doc.status ?? 200;
    const success: JsonObject =
      status === 204
        ? { description: "No content" }
        : {
            description: "Success",
            ...(doc.etag === true ? { headers: { ETag: ETAG_HEADER } } : {}),
            ...(doc.response !== undefined
              ? { content: { "application/json": { schema: jsonSchemaOf(doc.response, components) } } }
              : doc.produces !== undefined
                ? { content: { [doc.produces]: {} } }
                : {}),
          };
    const responses: Record<string, JsonObject> = { [String(status)]: success };
    for (const [code, list] of mergeErrors(implicitErrors(route), doc.errors)) {
      responses[String(code)] = {
        description: list.map((error) => `${error}: ${ERROR_MESSAGES[error]}`).join("; "),
        content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
      };
    }
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: doc.summary,
      description: `${accessText(route)} Tenant scope: \`${doc.scope}\` (docs/api.md).`,
      "x-tenant-scope": doc.scope,
      ...(route.access !== undefined && isProtected(route.access) ? { "x-permission": { resource: route.access.resource, action: route.access.action } } : {}),
      security: securityOf(route),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody !== undefined ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Speech Therapy Care Portal API",
      version: options.version,
      description:
        "Every call but the open ones sends the deployment's API key in X-Api-Key. Failures answer the catalogue body { code, message, detail, id }. Generated from the server's route declarations (docs/api.md).",
    },
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        preAuthToken: { type: "apiKey", in: "header", name: "Authorization", description: "`Token <pre-authentication token>` from login_web" },
      },
    },
  };
};
