import type { FastifyReply, FastifyRequest } from "fastify";
import { recordAudit } from "../audit/record-audit.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import type { AuditOutcome } from "../db/schema/audit.ts";
import { type ApiFailure, replyWithFailure } from "./api-failure.ts";
import type { RequestDecoder } from "./decode-request.ts";
import { failures } from "./failures.ts";
import type { Principal } from "./principal.ts";

/** What a scope function decides: the caller's slice, or a refusal that is audited as denied. */
export type ScopeDecision<Scope> =
  | { readonly ok: true; readonly scope: Scope; readonly resourceId?: string | null }
  | { readonly ok: false; readonly failure: ApiFailure; readonly reason: string; readonly resourceId?: string | null };

/** What every opened handler gets: who calls, what they sent (decoded), their slice, and the audit trail. */
export type OpenedRoute<Input, Scope> = {
  readonly principal: Principal;
  readonly input: Input;
  readonly scope: Scope;
  /**
   * One audit row of this route's action and resource for the caller (every read of patient data
   * leaves one); `within` is the transaction a change is written in, so the row commits with it.
   */
  readonly audit: (outcome: AuditOutcome, reason: string | null, resourceId?: string | null, within?: Database) => Promise<void>;
  /** Audits the refusal, then answers its failure. */
  readonly refuse: (failure: ApiFailure, outcome: AuditOutcome, reason: string, resourceId?: string | null) => Promise<FastifyReply>;
};

/**
 * What a route's audit rows say was done to what (e.g. read patient_dashboard), and which record
 * when the caller alone decides it (their own account, their auth session); the handler can name
 * another record per row.
 */
export type AuditTarget = {
  readonly action: string;
  readonly resource: string;
  readonly resourceId?: (principal: Principal) => string;
};

/**
 * Who the route admits (server/http/route-access.ts): a signed-in principal, or someone still in
 * the sign-in steps with a pre-authentication token. The access rule has already checked which.
 */
export type CallerKind = "signed-in" | "pre-auth";

/**
 * The decoders of a request's parts, run together in this order (params, query, body) before the
 * scope is decided; the handler's `input` holds each part decoded (undefined for a part the route
 * does not read). Endpoint routes (endpoint-route.ts) derive them from the endpoint's schemas.
 */
export type RequestDecoders<Params, Query, Body> = {
  readonly params?: RequestDecoder<Params>;
  readonly query?: RequestDecoder<Query>;
  readonly body?: RequestDecoder<Body>;
};

export type RouteOpening<Input, Scope> = {
  /** Defaults to "signed-in". */
  readonly caller?: CallerKind;
  /** Without it the opening audits nothing (the sign-in steps audit their own events, per outcome). */
  readonly audit?: AuditTarget;
  /** The route's declared decoder; the part of the request it reads is its own `part`. None: the route reads no input. */
  readonly decode?: RequestDecoder<Input> | RequestDecoders<unknown, unknown, unknown>;
  /** The caller's tenant slice (route-doc.ts's scope made concrete), from who they are and what they asked. */
  readonly scope: (principal: Principal, input: Input) => ScopeDecision<Scope> | Promise<ScopeDecision<Scope>>;
};

const OPENED = Symbol("opened by openRoute");

/** Whether a handler was made by openRoute (the registry records it; a test holds every non-public route to it). */
export const isOpenedHandler = (handler: unknown): boolean => typeof handler === "function" && OPENED in handler;

/**
 * The audit target an openRoute handler declared, so the access rule's refusals (before the
 * handler runs) are recorded under the same action and resource as the handler's own.
 */
export const auditTargetOf = (handler: unknown): AuditTarget | undefined =>
  typeof handler === "function" && OPENED in handler ? (handler[OPENED] as AuditTarget | undefined) : undefined;

type DecodedInput<Input> = { readonly ok: true; readonly value: Input } | { readonly ok: false; readonly failure: ApiFailure; readonly part: string };

const PARTS = ["params", "query", "body"] as const;

// One decoder reads its own part; a set of decoders reads params, query and body in that order and
// hands the handler all three, the first refusal answering for the request.
const decodeParts = <Input>(decode: RouteOpening<Input, unknown>["decode"], request: FastifyRequest): DecodedInput<Input> => {
  if (decode === undefined) return { ok: true, value: undefined as Input };
  if (typeof decode === "function") {
    const single = decode(request[decode.part]);
    return single.ok ? single : { ok: false, failure: single.failure, part: decode.part };
  }
  const input: Record<(typeof PARTS)[number], unknown> = { params: undefined, query: undefined, body: undefined };
  for (const part of PARTS) {
    const decoder = decode[part];
    if (decoder === undefined) continue;
    const result = decoder(request[part]);
    if (!result.ok) return { ok: false, failure: result.failure, part };
    input[part] = result.value;
  }
  return { ok: true, value: input as Input };
};

const callerOf = (request: FastifyRequest, kind: CallerKind): Principal | undefined =>
  kind === "pre-auth" ? request.preAuth : request.principal;

/**
 * The one opening of every handler that acts for someone, in order: the principal the access rule
 * admitted (401 if none), the declared decoder on its part of the request (400, audited as a failure), the tenant
 * scope (refusal audited as denied). The handler then only does its work, with `audit` for its
 * own outcome. Before this, each handler wrote these steps again (issue 10).
 */
export const openRoute =
  <Input, Scope>(deps: { readonly db: Database; readonly clock: Clock }, opening: RouteOpening<Input, Scope>) =>
  (handler: (route: OpenedRoute<Input, Scope>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
  Object.assign(async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const principal = callerOf(request, opening.caller ?? "signed-in");
    if (principal === undefined) return replyWithFailure(reply, failures.notAuthenticated());
    const target = opening.audit;
    const ownResourceId = target?.resourceId?.(principal) ?? null;
    const audit = async (outcome: AuditOutcome, reason: string | null, resourceId: string | null = ownResourceId, within: Database = deps.db): Promise<void> => {
      if (target === undefined) return;
      await recordAudit(within, {
        occurredAt: deps.clock.now(),
        userId: principal.userId,
        institutionId: principal.institutionId,
        ip: request.ip,
        action: target.action,
        resource: target.resource,
        resourceId,
        outcome,
        requestId: request.id,
        reason,
      });
    };
    const refuse = async (failure: ApiFailure, outcome: AuditOutcome, reason: string, resourceId: string | null = ownResourceId) => {
      await audit(outcome, reason, resourceId);
      return replyWithFailure(reply, failure);
    };
    const decoded = decodeParts(opening.decode, request);
    if (!decoded.ok) return refuse(decoded.failure, "failure", `invalid_${decoded.part}`);
    const decision = await opening.scope(principal, decoded.value);
    if (!decision.ok) return refuse(decision.failure, "denied", decision.reason, decision.resourceId ?? ownResourceId);
    return handler({ principal, input: decoded.value, scope: decision.scope, audit, refuse }, request, reply);
  }, { [OPENED]: opening.audit });
