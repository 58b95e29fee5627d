import { type AuditTarget, auditTargetOf, isOpenedHandler } from "./open-route.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { roleAllows } from "../../domain/shared/permissions/role-permissions.ts";
import { auditRequestOf } from "../audit/audit-request.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { replyWithFailure } from "./api-failure.ts";
import { failures } from "./failures.ts";
import type { DeclaredDecoder } from "./decode-request.ts";
import type { Authenticator, PreAuthenticator, Principal } from "./principal.ts";
import { type RouteDoc, isRouteDoc } from "./route-doc.ts";
import { type RouteAccess, isApiPath, isPreAuth, isProtected, isRouteAccess, isSignedIn } from "./route-access.ts";

export type RegisteredRoute = {
  readonly method: string;
  readonly url: string;
  readonly access: RouteAccess | undefined;
  /** What the handler decodes (body, query, params), as the route's config declares. */
  readonly decodes: ReadonlyArray<DeclaredDecoder>;
  /** Its summary, tenant scope, catalogue errors and success body (route-doc.ts). */
  readonly doc: RouteDoc | undefined;
  /** Whether it has a per-IP rate limit (and so may answer 429). */
  readonly rateLimited: boolean;
  /** Whether its handler opens with openRoute (principal, decode, scope, audit in one place). */
  readonly opened: boolean;
  /** Whether it was registered from an endpoint declaration (routeEndpoint), the client's call coming from the same one. */
  readonly declared: boolean;
};

/** Why the access rule refused someone it knows (the audit row's reason). */
type RefusalReason = "role_lacks_permission" | "pre_auth_token";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as it was registered, with its declared access and decoders (read by the route-registry test and tests/security/). */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Makes the declared access of every route binding. Must be installed before any route:
 * - registering an /api route without a valid `config.access` or `config.doc` (summary, tenant
 *   scope, catalogue errors) throws, so the server cannot start with an unguarded or
 *   undocumented call;
 * - a `{ resource, action }` route asks the authenticator who is calling (401 when nobody) and
 *   the domain permission table whether their role may (403 otherwise), before the handler;
 * - a `{ signedIn: true }` route needs a full session only;
 * - a `{ preAuth: true }` route needs a pre-authentication token (`Token` scheme) and nothing
 *   else does: a full session's Bearer token is refused there, and the pre-authentication token
 *   everywhere else.
 * Every refusal of someone known is audited as denied (a 403, or a valid pre-authentication token
 * on a signed-in route); a 401 with nobody behind it is not, so an anonymous flood cannot fill the
 * audit table (docs/security.md, "Refusals of the access rule").
 */
export const installAccessControl = (
  app: FastifyInstance,
  ports: {
    readonly authenticator: Authenticator;
    readonly preAuthenticator: PreAuthenticator;
    readonly db: Database;
    readonly clock: Clock;
  },
): void => {
  const routes: RegisteredRoute[] = [];
  app.decorate("registeredRoutes", routes);
  app.decorateRequest("principal", undefined);
  app.decorateRequest("preAuth", undefined);

  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access: unknown = route.config?.access;
    if (isApiPath(route.url) && !isRouteAccess(access)) {
      throw new Error(
        `${methods.join(",")} ${route.url} declares no valid access rule: add config.access ({ public: true }, { preAuth: true }, { signedIn: true } or { resource, action })`,
      );
    }
    const doc: unknown = route.config?.doc;
    if (isApiPath(route.url) && !isRouteDoc(doc)) {
      throw new Error(
        `${methods.join(",")} ${route.url} declares no valid config.doc: add { summary, scope, errors } (server/http/route-doc.ts); the API reference and the access matrix read it`,
      );
    }
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        access: isRouteAccess(access) ? access : undefined,
        decodes: route.config?.decodes ?? [],
        doc: isRouteDoc(doc) ? doc : undefined,
        rateLimited: route.config?.rateLimit !== undefined,
        opened: isOpenedHandler(route.handler),
        declared: route.config?.endpoint !== undefined,
      });
    }
  });

  // The row has the shape of openRoute's scope refusals: the route's own audit target when its
  // handler declares one, else the permission it asks for (or the route itself, on a signed-in route).
  const auditRefusal = async (request: FastifyRequest, access: RouteAccess, caller: Principal, reason: RefusalReason): Promise<void> => {
    const declared = auditTargetOf(request.routeOptions.handler);
    const target: AuditTarget = declared ?? (isProtected(access) ? { action: access.action, resource: access.resource } : { action: "call", resource: "api_route" });
    const resourceId = declared === undefined ? (request.routeOptions.url ?? null) : (target.resourceId?.(caller) ?? null);
    await recordAudit(ports.db, {
      occurredAt: ports.clock.now(),
      userId: caller.userId,
      role: caller.role,
      institutionId: caller.institutionId,
      patientId: null,
      ...auditRequestOf(request),
      action: target.action,
      resource: target.resource,
      resourceId,
      outcome: "denied",
      reason,
    });
  };

  app.addHook("preHandler", async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || "public" in access) return;
    if (isPreAuth(access)) {
      const preAuth = await ports.preAuthenticator(request);
      if (preAuth === undefined) return replyWithFailure(reply, failures.notAuthenticated());
      request.preAuth = preAuth;
      return;
    }
    const principal = await ports.authenticator(request);
    if (principal === undefined) {
      // Reads only the Authorization header unless it carries a Token: anonymous 401s stay free.
      const preAuth = await ports.preAuthenticator(request);
      if (preAuth !== undefined) await auditRefusal(request, access, preAuth, "pre_auth_token");
      return replyWithFailure(reply, failures.notAuthenticated());
    }
    if (isSignedIn(access)) {
      request.principal = principal;
      return;
    }
    if (!isProtected(access)) return replyWithFailure(reply, failures.unexpected());
    if (!roleAllows(principal.role, access.resource, access.action)) {
      await auditRefusal(request, access, principal, "role_lacks_permission");
      return replyWithFailure(reply, failures.forbidden(access.resource, access.action));
    }
    request.principal = principal;
  });
};
