import type { FastifyInstance } from "fastify";
import { patientPendingReviewsEndpoint, reviewQueueStepEndpoint } from "../../../domain/review-queue/review-queue-endpoints.ts";
import { REVIEW_QUEUE_DIRECTION, REVIEW_QUEUE_SCOPE, type ReviewQueueQuery } from "../../../domain/review-queue/review-queue-wire.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { type PatientSlice, onePatientScope, sliceOf } from "../../http/patient-scope.ts";
import { type StepFrom, caseloadStep, patientPendingReviews, patientStep } from "./review-queue-queries.ts";
import { sessionScope } from "../session-review/index.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/**
 * What a step walks, once the scope has checked it: one patient of the caller's slice, or the
 * whole slice; `from` is a session the caller may see. A patient scope without a patient is
 * answered by the handler (400 ERROR_003, audited as a failure like any bad query).
 */
type QueueScope =
  | { readonly kind: "patient"; readonly patientId: number; readonly from: StepFrom }
  | { readonly kind: "caseload"; readonly slice: PatientSlice; readonly from: StepFrom }
  | { readonly kind: "patient_missing" };

/** scope=patient names the patient it walks: 'The patient is required' (spec section 8). */
const patientRequired = () => apiFailure(400, "ERROR_003", "the patient scope names no patient", { field: "patient", placeholders: { field_name: "patient" } });

/**
 * The patient (or the slice) first, then the session the step starts from: outside the caller's
 * slice either reads as the 404 of an unknown id (patient or session), so nothing of another
 * SLP's or institution's records is told; the super administrator gets the slice's 403.
 */
const queueScope = async (db: Database, principal: Principal, query: ReviewQueueQuery): Promise<ScopeDecision<QueueScope>> => {
  if (query.scope === REVIEW_QUEUE_SCOPE.patient && query.patient === undefined) return { ok: true, scope: { kind: "patient_missing" } };
  const patientId = query.scope === REVIEW_QUEUE_SCOPE.patient ? query.patient : undefined;
  const target = patientId === undefined ? await sliceOf(db, principal) : await onePatientScope(db, principal, patientId);
  if (!target.ok) return target;
  let from: StepFrom = null;
  if (query.from !== undefined) {
    const seen = await sessionScope(db, principal, query.from);
    if (!seen.ok) return seen;
    from = { sessionId: query.from };
  }
  const scope: QueueScope =
    patientId === undefined
      ? { kind: "caseload", slice: { institutionId: target.scope.institutionId, staffId: target.scope.staffId }, from }
      : { kind: "patient", patientId, from };
  return { ok: true, scope, resourceId: target.resourceId ?? null };
};

const READ_ERRORS = { 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;

/**
 * The review queue (issue 23, docs/session-review-api.md "Review queue"): how many of a patient's
 * sessions wait per assigned exercise, and the step to the next (or previous) pending session of a
 * patient or of the caller's slice. Both read patient data as the session list does: the same
 * permission, the same scope, one audit row per call.
 */
export const registerReviewQueueRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db } = deps;

  routeEndpoint(
    app,
    deps,
    patientPendingReviewsEndpoint,
    {
      access: { resource: "game_attempt", action: "list" },
      doc: {
        summary: "How many of a patient's sessions wait for review, in all and per assigned exercise level, with each level's oldest pending session",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], ...READ_ERRORS },
      },
      audit: { action: "read", resource: "patient_pending_reviews" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ scope, audit }, _request, reply) => {
      const body = await patientPendingReviews(db, scope.patientId);
      await audit("success", null, String(scope.patientId));
      // The answer as the wire writes it (ids unbranded), sent as it is.
      return reply.send(body);
    },
  );

  routeEndpoint(
    app,
    deps,
    reviewQueueStepEndpoint,
    {
      access: { resource: "game_attempt", action: "list" },
      doc: {
        summary:
          "The next (or previous) session waiting for review of a patient or of the caller's caseload, oldest first, beyond the session given (only those with correctable attempts on ?only=correctable), with how many of its attempts can be corrected; and how many wait",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_003", "ERROR_056"], ...READ_ERRORS },
      },
      audit: { action: "read", resource: "review_queue" },
      scope: (principal, { query }) => queueScope(db, principal, query),
    },
    async ({ input: { query }, scope, audit, refuse }, _request, reply) => {
      if (scope.kind === "patient_missing") return refuse(patientRequired(), "failure", "invalid_query");
      const direction = query.direction ?? REVIEW_QUEUE_DIRECTION.next;
      const only = query.only ?? "all";
      const body =
        scope.kind === "patient" ? await patientStep(db, scope.patientId, scope.from, direction, only) : await caseloadStep(db, scope.slice, scope.from, direction, only);
      // The row names the session the step landed on: the patient data the answer shows.
      await audit("success", null, body.session === null ? null : String(body.session.id));
      return reply.send(body);
    },
  );
};
