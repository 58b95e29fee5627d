import type { FastifyReply, FastifyRequest } from "fastify";
import { type AuditEvent, recordAudit, recordAuditForEach } from "../audit/record-audit.ts";
import { patientOfRecord, patientOfScope } from "../audit/audit-patient.ts";
import { auditRequestOf } from "../audit/audit-request.ts";
import { type AuthAuditAction, type AuthAuditEntry, type AuthEventWho, authTrailOf } from "../auth/auth-audit.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import type { AuditChanges, AuditOutcome } from "../db/schema/audit.ts";
import { type ApiFailure, replyWithFailure } from "./api-failure.ts";
import type { RequestDecoder } from "./decode-request.ts";
import { failures } from "./failures.ts";
import type { Principal } from "./principal.ts";

/** What a scope function decides: the caller's slice, or a refusal that is audited as denied. */
export type ScopeDecision<Scope> =
  | { readonly ok: true; readonly scope: Scope; readonly resourceId?: string | null }
  | { readonly ok: false; readonly failure: ApiFailure; readonly reason: string; readonly resourceId?: string | null };

/**
 * Who the route admits (server/http/route-access.ts): a signed-in principal, someone still in the
 * sign-in steps with a pre-authentication token, or anyone (a public route: the API key check
 * stays in the access rule). The access rule has already checked which.
 */
export type CallerKind = "signed-in" | "pre-auth" | "public";

/** The caller a handler gets: nobody known yet (null) on a public route, else the admitted principal. */
export type CallerOf<C extends CallerKind> = C extends "public" ? null : Principal;

/** One named event of the auth trail; whose it is defaults to the caller's (user, institution, session). */
export type AuthTrailEvent = Omit<AuthAuditEntry, keyof AuthEventWho> & Partial<AuthEventWho>;

/** The scope of a route whose caller reaches nothing but what the handler looks up itself (the public sign-in calls, one's own record). */
export const noScope = (): ScopeDecision<null> => ({ ok: true, scope: null });

/** The auth trail bound to the request and its caller (OpenedRoute's `trail`). */
export type RouteTrail = (event: AuthTrailEvent, within?: Database) => Promise<void>;

/** What the rows `auditEach` writes say, beside who called and from where. */
export type AuditRows = { readonly action: string; readonly resource: string; readonly outcome: AuditOutcome; readonly reason: string | null };

/** What every opened handler gets: who calls, what they sent (decoded), their slice, and the audit trail. */
export type OpenedRoute<Input, Scope, Caller extends Principal | null = Principal> = {
  readonly principal: Caller;
  readonly input: Input;
  readonly scope: Scope;
  /**
   * One audit row of this route's action and resource for the caller (every read of patient data
   * leaves one); `within` is the transaction a change is written in, so the row commits with it;
   * `changes`, for a change, the changed fields' old and new values (server/audit/audit-changes.ts).
   */
  readonly audit: (outcome: AuditOutcome, reason: string | null, resourceId?: string | null, within?: Database, changes?: AuditChanges | null) => Promise<void>;
  /**
   * The row `audit` would write, for a read that writes it in its own statement
   * (server/audit/record-audit.ts, auditInsertWhen) instead of a round trip of its own;
   * undefined when the route audits nothing.
   */
  readonly auditEvent: (outcome: AuditOutcome, reason: string | null, resourceId?: string | null) => AuditEvent | undefined;
  /**
   * One row per record a change reached, each under the given action and resource (an assignment
   * changes every named patient's record), written in one statement inside `within`, the change's
   * transaction; who and where are the caller's, as in `audit`.
   */
  readonly auditEach: (rows: AuditRows, resourceIds: readonly string[], within?: Database) => Promise<void>;
  /** Audits the refusal, then answers its failure. */
  readonly refuse: (failure: ApiFailure, outcome: AuditOutcome, reason: string, resourceId?: string | null) => Promise<FastifyReply>;
  /**
   * The auth trail of a route whose audit target is it (authTrail()): one named sign-in or session
   * event, about the caller unless the event names who (a public route learns who only by looking
   * them up). The helpers a sign-in step calls receive this function, never the request.
   */
  readonly trail: RouteTrail;
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
 * The auth trail as a route's audit target: the sign-in steps, sessions and security settings write
 * named events (AUTH_AUDIT_ACTIONS) against the auth session, each choosing its action. `action`,
 * when given, is the route's own: its refusals (an invalid body, the access rule's) and `audit`
 * are recorded under it; without it the opening audits nothing by itself.
 */
export type AuthTrailTarget = { readonly trail: "auth"; readonly action?: AuthAuditAction };

/** The auth trail as a route's audit target, with the route's own action if it has one. */
export const authTrail = (action?: AuthAuditAction): AuthTrailTarget => (action === undefined ? { trail: "auth" } : { trail: "auth", action });

/** What a route opened by openRoute audits: one record trail, or the auth trail. */
export type RouteAuditTarget = AuditTarget | AuthTrailTarget;

const isAuthTrail = (target: RouteAuditTarget | undefined): target is AuthTrailTarget => target !== undefined && "trail" in target;

/** The route's own action and resource: the auth trail's is its action against the caller's auth session. */
const recordTargetOf = (target: RouteAuditTarget | undefined): AuditTarget | undefined => {
  if (!isAuthTrail(target)) return target;
  return target.action === undefined ? undefined : { action: target.action, resource: "auth_session", resourceId: (caller) => caller.sessionId };
};

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

export type RouteOpening<Input, Scope, C extends CallerKind = "signed-in"> = {
  /** Defaults to "signed-in". */
  readonly caller?: C;
  /** Without it the opening audits nothing; authTrail() for the sign-in steps, sessions and security settings. */
  readonly audit?: RouteAuditTarget;
  /** The decoders of the parts the route reads (routeEndpoint derives them from the endpoint); none: it reads no input. */
  readonly decode?: RequestDecoders<unknown, unknown, unknown>;
  /** The caller's tenant slice (route-doc.ts's scope made concrete), from who they are and what they asked. */
  readonly scope: (principal: CallerOf<C>, input: Input) => ScopeDecision<Scope> | Promise<ScopeDecision<Scope>>;
};

const OPENED = Symbol("opened by openRoute");

/** Whether a handler was made by openRoute (the registry records it; a test holds every route that acts for someone to it). */
export const isOpenedHandler = (handler: unknown): boolean => typeof handler === "function" && OPENED in handler;

/**
 * The audit target an openRoute handler declared, so the access rule's refusals (before the
 * handler runs) are recorded under the same action and resource as the handler's own.
 */
export const auditTargetOf = (handler: unknown): AuditTarget | undefined =>
  typeof handler === "function" && OPENED in handler ? recordTargetOf(handler[OPENED] as RouteAuditTarget | undefined) : undefined;

type DecodedInput<Input> = { readonly ok: true; readonly value: Input } | { readonly ok: false; readonly failure: ApiFailure; readonly part: string };

const PARTS = ["params", "query", "body"] as const;

// The decoders read params, query and body in that order and hand the handler all three (a part
// the route does not read stays undefined); the first refusal answers for the request.
const decodeParts = <Input>(decode: RequestDecoders<unknown, unknown, unknown> = {}, request: FastifyRequest): DecodedInput<Input> => {
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

const callerOf = (request: FastifyRequest, kind: CallerKind): Principal | null | undefined =>
  kind === "public" ? null : kind === "pre-auth" ? request.preAuth : request.principal;

/**
 * The one opening of every handler that acts for someone, in order: the caller the access rule
 * admitted (401 if none; nobody on a public route), the declared decoders of params, query and
 * body (400, audited as a failure), the tenant scope (refusal audited as denied). The handler then
 * only does its work, with `audit` (or the auth trail's `trail`) for its own outcome. Before this,
 * each handler wrote these steps again (issue 10); the sign-in steps had openings of their own (issue 20).
 */
export const openRoute =
  <Input, Scope, C extends CallerKind = "signed-in">(deps: { readonly db: Database; readonly clock: Clock }, opening: RouteOpening<Input, Scope, C>) =>
  (handler: (route: OpenedRoute<Input, Scope, CallerOf<C>>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
  Object.assign(async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const principal = callerOf(request, opening.caller ?? "signed-in") as CallerOf<C> | undefined;
    if (principal === undefined) return replyWithFailure(reply, failures.notAuthenticated());
    const target = recordTargetOf(opening.audit);
    const ownResourceId = principal === null ? null : (target?.resourceId?.(principal) ?? null);
    const from = auditRequestOf(request);
    const who = { userId: principal?.userId ?? null, role: principal?.role ?? null, institutionId: principal?.institutionId ?? null };
    // The patient the scope settled on, once it has (a refusal before it names the patient only by its record id).
    let scopePatient: number | null = null;
    const auditEvent = (outcome: AuditOutcome, reason: string | null, resourceId: string | null = ownResourceId): AuditEvent | undefined =>
      target === undefined
        ? undefined
        : {
            occurredAt: deps.clock.now(),
            ...who,
            ...from,
            patientId: patientOfRecord(target.resource, resourceId) ?? scopePatient,
            action: target.action,
            resource: target.resource,
            resourceId,
            outcome,
            reason,
          };
    const audit = async (
      outcome: AuditOutcome,
      reason: string | null,
      resourceId: string | null = ownResourceId,
      within: Database = deps.db,
      changes: AuditChanges | null = null,
    ): Promise<void> => {
      const event = auditEvent(outcome, reason, resourceId);
      if (event !== undefined) await recordAudit(within, { ...event, changes });
    };
    const auditEach = (rows: AuditRows, resourceIds: readonly string[], within: Database = deps.db): Promise<void> =>
      recordAuditForEach(
        within,
        { ...rows, occurredAt: deps.clock.now(), ...who, ...from },
        resourceIds,
        resourceIds.map((id) => patientOfRecord(rows.resource, id) ?? scopePatient),
      );
    const refuse = async (failure: ApiFailure, outcome: AuditOutcome, reason: string, resourceId: string | null = ownResourceId) => {
      await audit(outcome, reason, resourceId);
      return replyWithFailure(reply, failure);
    };
    const authEvents = isAuthTrail(opening.audit) ? authTrailOf(deps, request) : undefined;
    const trail = async (event: AuthTrailEvent, within?: Database): Promise<void> => {
      if (authEvents === undefined) throw new Error(`${request.routeOptions.url ?? "this route"} names no auth trail as its audit target`);
      const caller: AuthEventWho = { userId: principal?.userId ?? null, institutionId: principal?.institutionId ?? null, sessionId: principal?.sessionId ?? null };
      // The caller's role only on an event about the caller; another user's is read from their row.
      const role = event.userId === undefined || event.userId === caller.userId ? (principal?.role ?? null) : null;
      await authEvents({ ...caller, role, ...event }, within);
    };
    const decoded = decodeParts<Input>(opening.decode, request);
    if (!decoded.ok) return refuse(decoded.failure, "failure", `invalid_${decoded.part}`);
    const decision = await opening.scope(principal, decoded.value);
    if (!decision.ok) return refuse(decision.failure, "denied", decision.reason, decision.resourceId ?? ownResourceId);
    scopePatient = patientOfScope(decision.scope);
    return handler({ principal, input: decoded.value, scope: decision.scope, audit, auditEvent, auditEach, refuse, trail }, request, reply);
  }, { [OPENED]: opening.audit });
