import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import { RESOURCES, SERVER_ACTIONS, type Resource, type ServerAction } from "../../domain/shared/permission-vocabulary.ts";

/**
 * Every route declares who may call it, in its route config:
 * - `{ public: true }`: no signed-in user needed; the API key is still checked.
 * - `{ public: true, apiKey: "not-required" }`: open to anyone (health, media an <audio>
 *   element loads, exercise content files, the development outbox).
 * - `{ preAuth: true }`: the sign-in steps after the password (change_pwd, create_mfa, qr,
 *   re_send, verify): only a pre-authentication token (`Token` scheme) is accepted.
 * - `{ signedIn: true }`: any fully signed-in user (Bearer access token), whatever the role;
 *   for calls about the caller themselves (their own user record).
 * - `{ resource, action }`: a signed-in user whose role holds that server action on that
 *   resource (domain/shared/permissions/role-permissions.ts).
 * A route under /api without a valid declaration makes the app refuse to start.
 */
export type RouteAccess =
  | { readonly public: true; readonly apiKey?: "required" | "not-required" }
  | { readonly preAuth: true }
  | { readonly signedIn: true }
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
  Schema.Struct({ preAuth: Schema.Literal(true) }),
  Schema.Struct({ signedIn: Schema.Literal(true) }),
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

/** Routes that need a role's permission (a full session whose role holds the action). */
export const isProtected = (
  access: RouteAccess,
): access is { readonly resource: Resource; readonly action: ServerAction } => "resource" in access;

/** Routes of the sign-in steps: the pre-authentication token only. */
export const isPreAuth = (access: RouteAccess): access is { readonly preAuth: true } => "preAuth" in access;

/** Routes any full session may call, whatever the role. */
export const isSignedIn = (access: RouteAccess): access is { readonly signedIn: true } => "signedIn" in access;
