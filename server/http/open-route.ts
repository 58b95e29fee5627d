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
  /** One audit row of this route's action and resource for the caller (every read of patient data leaves one). */
  readonly audit: (outcome: AuditOutcome, reason: string | null, resourceId?: string | null) => Promise<void>;
  /** Audits the refusal, then answers its failure. */
  readonly refuse: (failure: ApiFailure, outcome: AuditOutcome, reason: string, resourceId?: string | null) => Promise<FastifyReply>;
};

export type RouteOpening<Input, Scope> = {
  /**
   * What this route's audit rows say was done to what (e.g. read patient_dashboard). Without it
   * the opening audits nothing (routes whose events go to the auth trail, with their session).
   */
  readonly audit?: { readonly action: string; readonly resource: string };
  /** The route's declared decoder; the part of the request it reads is its own `part`. */
  readonly decode: RequestDecoder<Input>;
  /** The caller's tenant slice (route-doc.ts's scope made concrete), from who they are and what they asked. */
  readonly scope: (principal: Principal, input: Input) => ScopeDecision<Scope> | Promise<ScopeDecision<Scope>>;
};

/**
 * The one opening of a signed-in handler, in order: the principal the access rule admitted (401 if
 * none), the declared decoder on its part of the request (400, audited as a failure), the tenant
 * scope (refusal audited as denied). The handler then only does its work, with `audit` for its
 * own outcome. Before this, each handler wrote these steps again (issue 10).
 */
export const openRoute =
  <Input, Scope>(deps: { readonly db: Database; readonly clock: Clock }, opening: RouteOpening<Input, Scope>) =>
  (handler: (route: OpenedRoute<Input, Scope>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const principal = request.principal;
    if (principal === undefined) return replyWithFailure(reply, failures.notAuthenticated());
    const target = opening.audit;
    const audit = async (outcome: AuditOutcome, reason: string | null, resourceId: string | null = null): Promise<void> => {
      if (target === undefined) return;
      await recordAudit(deps.db, {
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
    const refuse = async (failure: ApiFailure, outcome: AuditOutcome, reason: string, resourceId: string | null = null) => {
      await audit(outcome, reason, resourceId);
      return replyWithFailure(reply, failure);
    };
    const decoded = opening.decode(request[opening.decode.part]);
    if (!decoded.ok) return refuse(decoded.failure, "failure", `invalid_${opening.decode.part}`);
    const decision = await opening.scope(principal, decoded.value);
    if (!decision.ok) return refuse(decision.failure, "denied", decision.reason, decision.resourceId ?? null);
    return handler({ principal, input: decoded.value, scope: decision.scope, audit, refuse }, request, reply);
  };
