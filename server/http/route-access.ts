import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import { RESOURCES, SERVER_ACTIONS, type Resource, type ServerAction } from "../../domain/permission-vocabulary.ts";

/**
 * Every route declares who may call it, in its route config:
 * - `{ public: true }`: no signed-in user needed; the API key is still checked.
 * - `{ public: true, apiKey: "not-required" }`: open to anyone (health, media an <audio>
 *   element loads, exercise content files, the development outbox).
 * - `{ resource, action }`: a signed-in user whose role holds that server action on that
 *   resource (domain/permissions/role-permissions.ts).
 * A route under /api without a valid declaration makes the app refuse to start.
 */
export type RouteAccess =
  | { readonly public: true; readonly apiKey?: "required" | "not-required" }
  | { readonly resource: Resource; readonly action: ServerAction };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

const RouteAccessSchema = Schema.Union([
  Schema.Struct({
    public: Schema.Literal(true),
    apiKey: Schema.optionalKey(Schema.Literals(["required", "not-required"])),
  }),
  Schema.Struct({
    resource: Schema.Literals(RESOURCES),
    action: Schema.Literals(SERVER_ACTIONS),
  }),
]);

const decodeAccess = Schema.decodeUnknownResult(RouteAccessSchema, { onExcessProperty: "error" });

/** A declaration is valid when it is exactly one of the forms above, with known vocabulary. */
export const isRouteAccess = (value: unknown): value is RouteAccess => Result.isSuccess(decodeAccess(value));

/** Whether the route is one of the API's: everything under the /api base path. */
export const isApiPath = (pathname: string): boolean => pathname === "/api" || pathname.startsWith("/api/");

export const needsApiKey = (access: RouteAccess): boolean => !("public" in access) || access.apiKey !== "not-required";

export const isProtected = (
  access: RouteAccess,
): access is { readonly resource: Resource; readonly action: ServerAction } => "resource" in access;
