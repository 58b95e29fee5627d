import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerAction } from "../../domain/shared/permission-vocabulary.ts";
import { checkActivationHasPassword } from "../../domain/shared/statuses/first-activation.ts";
import { DELETED, type StatusAction } from "../../domain/shared/statuses/status-actions.ts";
import { holdsPassword } from "../auth/password-change.ts";
import { revokeAllSessions } from "../auth/sessions.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { users } from "../db/schema/users.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../http/api-failure.ts";
import { routeEndpoint } from "../http/endpoint-route.ts";
import type { OpenedRoute } from "../http/open-route.ts";
import type { Principal } from "../http/principal.ts";
import { STALE_VERSION_ERRORS, nextVersion, staleVersionFailure, versionOfRequest } from "../http/record-version.ts";
import type { StatusEndpoint, StatusKind, StatusRefusal, StatusRoute, StatusStep, VersionBody } from "./status-kind.ts";

// The status actions of a person's record (activate, inactivate, delete) for patients,
// administrators and SLPs: one flow, so the three answer the same refusals in the same order and
// audit them alike; each kind (status-kind.ts) says only what differs.

/** The access and audit action of each status verb (the API says "inactivate"). */
const SERVER_ACTION: Readonly<Record<StatusAction, ServerAction>> = { activate: "activate", deactivate: "inactivate", delete: "delete" };

/** Nobody changes their own status: a person cannot lock themselves out, undo someone's deactivation of them or hand their own caseload away. */
const ownStatus = (): ApiFailure => apiFailure(403, "ERROR_001", "a person cannot change their own status");

/**
 * The change inside its transaction, in the order every kind answers: the record (locked) or 404;
 * where the kind checks it first, the version; the status table (ERROR_050); an account's first
 * activation needs the password its invitation set (ERROR_050); the kind's own rules; the write,
 * refused as stale when the record moved on; what goes with it (an SLP's caseload); for an
 * account, its archive on delete and, on leaving, its sessions and invitation links; the audit row.
 */
const changeWithin = async <Scope, Locked extends { readonly status: string }, Status extends string, Body>(
  kind: StatusKind<Scope, Locked, Status, Body>,
  tx: Database,
  step: Omit<StatusStep<Scope, Locked, Status, Body>, "tx" | "locked" | "next">,
  audit: (reason: string | null, within: Database) => Promise<void>,
): Promise<StatusRefusal | undefined> => {
  const { scope, action, expected, now } = step;
  const locked = await kind.lock(tx, scope, action, step.body);
  if (locked === undefined) return { failure: kind.notFound(), reason: "outside_scope" };
  const version = kind.versionFirst?.(locked);
  if (version !== undefined && expected !== undefined && version !== expected) return { failure: staleVersionFailure(expected), reason: "stale_version" };
  const next = kind.transition(locked.status, action);
  if (!next.ok) return { failure: fromDomainFailure(400, next, `cannot ${action} a ${locked.status} ${kind.noun}`), reason: "status_not_allowed" };
  const account = kind.account;
  if (account !== undefined && action === "activate") {
    const invited = checkActivationHasPassword(account.shownStatus?.(locked.status) ?? locked.status, await holdsPassword(tx, account.userOf(scope)));
    if (!invited.ok) return { failure: fromDomainFailure(400, invited, `the ${kind.noun} never accepted an invitation`), reason: "no_password" };
  }
  const change: StatusStep<Scope, Locked, Status, Body> = { ...step, tx, locked, next: next.value };
  const go = kind.rules === undefined ? { auditReason: null } : await kind.rules(change);
  if ("failure" in go) return go;
  const written = await kind.write(change);
  if (!written && expected !== undefined) return { failure: staleVersionFailure(expected), reason: "stale_version" };
  await go.alongside?.();
  if (account !== undefined) {
    const userId = account.userOf(scope);
    if (next.value === DELETED) await tx.update(users).set({ archivedAt: now, version: nextVersion(users.version), updatedAt: now }).where(eq(users.id, userId));
    if (action !== "activate") {
      await revokeAllSessions(tx, userId, { reason: "deactivated", now });
      await account.withdrawLinks(tx, userId, now);
    }
  }
  await audit(go.auditReason, tx);
  return undefined;
};

/**
 * Registers a kind's status routes, each opened by routeEndpoint (access, scope, audit of the
 * refusals; every one declares the stale version's 412): the version from If-Match or the body (400 when unreadable), the change in one
 * transaction, then 204 for a delete or the record as it now stands.
 */
export const registerStatusRoutes = <Scope, Locked extends { readonly status: string }, Status extends string, Body extends VersionBody>(
  app: FastifyInstance,
  deps: { readonly db: Database; readonly clock: Clock },
  kind: StatusKind<Scope, Locked, Status, Body>,
  routes: ReadonlyArray<StatusRoute<Body>>,
): void => {
  const { db, clock } = deps;

  const changeStatus =
    (action: StatusAction) =>
    async (
      { principal, input: { body }, scope, audit, auditEach, refuse }: OpenedRoute<{ readonly body: Body }, Scope>,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<FastifyReply> => {
      const resourceId = String(kind.recordId(scope));
      if (kind.account?.userOf(scope) === principal.userId) return refuse(ownStatus(), "denied", "own_status", resourceId);
      const version = versionOfRequest(request, body?.version ?? undefined);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const step = { scope, action, body, expected: version.value, now: clock.now(), auditEach };
      const refusal = await db.transaction((tx: Database) => changeWithin(kind, tx, step, (reason, within) => audit("success", reason, resourceId, within)));
      if (refusal !== undefined) return refuse(refusal.failure, refusal.failure.status === 404 ? "denied" : "failure", refusal.reason, resourceId);
      if (action === "delete") return reply.code(204).send();
      return kind.answer(reply, scope);
    };

  const scopeOfId = (principal: Principal, { params }: { readonly params: { readonly id: number } }) => kind.scopeOf(principal, params.id);
  for (const { action, endpoint, summary, errors } of routes) {
    const answer = action === "delete" ? ({ status: 204 } as const) : ({ etag: true } as const);
    routeEndpoint(
      app,
      deps,
      endpoint satisfies StatusEndpoint<Body>,
      {
        access: { resource: kind.resource, action: SERVER_ACTION[action] },
        doc: { summary, scope: kind.docScope, errors: { ...errors, ...STALE_VERSION_ERRORS }, ...answer },
        audit: { action: SERVER_ACTION[action], resource: kind.resource },
        scope: scopeOfId,
      },
      changeStatus(action),
    );
  }
};
