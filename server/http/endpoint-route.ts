import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AnswerOf, Endpoint, RequestOf } from "../../domain/shared/wire/endpoint.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { type DeclaredDecoder, type RequestDecoder, decodeRequest } from "./decode-request.ts";
import { type CallerKind, type CallerOf, type OpenedRoute, type RequestDecoders, type RouteAuditTarget, type ScopeDecision, openRoute } from "./open-route.ts";
import type { RouteAccess } from "./route-access.ts";
import type { RouteDoc } from "./route-doc.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The endpoint declaration the route was registered from (the registry test holds every API route to one). */
    endpoint?: Endpoint;
  }
}

/** What the server adds to an endpoint's declaration: who may call it, what it reaches, how it is audited. */
export type EndpointRoute<E extends Endpoint, Scope, C extends CallerKind = "signed-in"> = {
  readonly access: RouteAccess;
  /** The API reference's words; the answer schema is the endpoint's own. */
  readonly doc: Omit<RouteDoc, "response">;
  /** Defaults to "signed-in"; "public" routes get a null principal. */
  readonly caller?: C;
  readonly audit?: RouteAuditTarget;
  /** The caller's tenant slice, from who they are and their decoded request. */
  readonly scope: (principal: CallerOf<C>, input: RequestOf<E>) => ScopeDecision<Scope> | Promise<ScopeDecision<Scope>>;
  /** A per-IP limit of this route (server/http/rate-limit.ts), as the sign-in steps have. */
  readonly rateLimit?: FastifyContextConfig["rateLimit"];
  /** The largest body this route reads, in bytes, below the server's 1 MiB; larger is 413 ERROR_045. */
  readonly bodyLimit?: number;
};

/** What an endpoint's handler answers: the endpoint's answer, or a reply it already sent (a failure, a 204, a tagged record). */
export type EndpointAnswer<E extends Endpoint> = AnswerOf<E> | FastifyReply;

/** The decoders of an endpoint's params, query and body, made from its own schemas. */
export const endpointDecoders = <E extends Endpoint>(endpoint: E): RequestDecoders<unknown, unknown, unknown> => ({
  ...(endpoint.params === undefined ? {} : { params: decodeRequest(endpoint.params, "params") }),
  ...(endpoint.query === undefined ? {} : { query: decodeRequest(endpoint.query, "query") }),
  ...(endpoint.body === undefined ? {} : { body: decodeRequest(endpoint.body, "body", endpoint.bodyCodes) }),
});

const declared = (decoders: RequestDecoders<unknown, unknown, unknown>): ReadonlyArray<DeclaredDecoder> =>
  [decoders.params, decoders.query, decoders.body].filter((decoder): decoder is RequestDecoder<unknown> => decoder !== undefined);

/**
 * Registers the server's side of an endpoint: its method and path, its decoders and answer schema
 * (all from the endpoint), the access rule and doc the route adds, opened by openRoute, so the
 * handler gets the caller, the decoded request and its scope, and only reads, asks the domain,
 * writes and audits.
 */
export const routeEndpoint = <E extends Endpoint, Scope, C extends CallerKind = "signed-in">(
  app: FastifyInstance,
  deps: { readonly db: Database; readonly clock: Clock },
  endpoint: E,
  route: EndpointRoute<E, Scope, C>,
  handler: (opened: OpenedRoute<RequestOf<E>, Scope, CallerOf<C>>, request: FastifyRequest, reply: FastifyReply) => Promise<EndpointAnswer<E>>,
): void => {
  const decoders = endpointDecoders(endpoint);
  const opened = openRoute<RequestOf<E>, Scope, C>(deps, { caller: route.caller, audit: route.audit, decode: decoders, scope: route.scope })(handler);
  const config = {
    endpoint,
    access: route.access,
    ...(route.rateLimit === undefined ? {} : { rateLimit: route.rateLimit }),
    decodes: declared(decoders),
    doc: endpoint.answer === undefined ? route.doc : { ...route.doc, response: endpoint.answer },
  };
  const bare = endpoint.slashOptional === true ? [endpoint.path.replace(/\/$/, "")] : [];
  const limit = route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit };
  for (const url of [endpoint.path, ...bare]) app.route({ method: endpoint.method, url, config, ...limit, handler: opened });
};
