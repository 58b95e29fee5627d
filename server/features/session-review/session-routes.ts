import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  levelSessionsEndpoint,
  levelStatisticsEndpoint,
  sessionDetailEndpoint,
  sessionReviewEndpoint,
} from "../../../domain/session-review/session-review-endpoints.ts";
import type { SessionReviewResponse } from "../../../domain/session-review/session-review-calls.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { gameSessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { apiFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest } from "../../http/record-version.ts";
import { reviewJson } from "./attempt-records.ts";
import { levelSessionPage, levelStatistics } from "./level-sessions.ts";
import { loadSessionDetail } from "./session-detail.ts";
import { levelScope, recordNotFound, sessionScope } from "./session-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const READ_ERRORS = { 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;

/** A session still being played cannot be marked reviewed yet. */
const stillPlayed = () =>
  apiFailure(409, "ERROR_050", "the session is still being played", { field: "reviewed", placeholders: { status: "active" } });

/**
 * The session-review reads of one exercise level and one session (docs/session-review-api.md):
 * statistics, the session list, the session detail, and the review call. Each reaches only a
 * patient in the caller's slice (404 ERROR_030 otherwise, the same as an unknown id) and leaves
 * an audit row.
 */
export const registerSessionRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    levelStatisticsEndpoint,
    {
      access: { resource: "game_attempt", action: "list" },
      doc: {
        summary: "How a patient has played one exercise level: last session, time this ISO week (UTC) and in all, change against last week",
        scope: "assigned-patients",
        errors: READ_ERRORS,
      },
      audit: { action: "read", resource: "game_statistics" },
      scope: (principal, { query }) => levelScope(db, principal, query.game_level_id),
    },
    async ({ scope, audit }, _request, reply) => {
      const body = await levelStatistics(db, scope.recordId, clock.now());
      await audit("success", null, String(scope.recordId));
      // The answer as the wire writes it (ids unbranded), sent as it is.
      return reply.send(body);
    },
  );

  routeEndpoint(
    app,
    deps,
    levelSessionsEndpoint,
    {
      access: { resource: "game_attempt", action: "list" },
      doc: {
        summary: "One page of an exercise level's sessions, newest first (ten to a page)",
        scope: "assigned-patients",
        errors: READ_ERRORS,
      },
      audit: { action: "read", resource: "game_sessions" },
      scope: (principal, { query }) => levelScope(db, principal, query.game_level_id),
    },
    async ({ input: { query }, scope, audit }, _request, reply) => {
      const body = await levelSessionPage(db, scope.recordId, query.page, query.page_size);
      await audit("success", null, String(scope.recordId));
      return reply.send(body);
    },
  );

  routeEndpoint(
    app,
    deps,
    sessionDetailEndpoint,
    {
      access: { resource: "game_attempt", action: "retrieve" },
      doc: {
        summary: "One session attempt by attempt: statistics and their change, challenges, attempts with notes and corrections, whose session, its review",
        scope: "assigned-patients",
        errors: READ_ERRORS,
      },
      audit: { action: "read", resource: "game_session" },
      scope: (principal, { params }) => sessionScope(db, principal, params.id),
    },
    async ({ scope, auditEvent, refuse }, _request, reply) => {
      // The read writes its audit row in its own statements (session-detail.ts): never an answer without it.
      const read = auditEvent("success", null, String(scope.recordId));
      if (read === undefined) throw new Error("the session detail declares an audit target");
      const detail = await loadSessionDetail(db, scope.recordId, read);
      if (detail === undefined) return refuse(recordNotFound("session"), "denied", "outside_scope", String(scope.recordId));
      return reply.type("application/json; charset=utf-8").send(detail);
    },
  );

  routeEndpoint(
    app,
    deps,
    sessionReviewEndpoint,
    {
      access: { resource: "game_attempt", action: "partial_update" },
      doc: {
        summary: "Marks a session reviewed (or reopens it); the patient reads reviewed once none of their sessions waits; If-Match or `version` refuses a mark made on a stale page (412)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"], 409: ["ERROR_050"], ...STALE_VERSION_ERRORS },
        etag: true,
      },
      audit: { action: "update", resource: "game_session" },
      scope: (principal, { params }) => sessionScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.recordId);
      const wanted = body.reviewed;
      const version = versionOfRequest(request, body.version);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await db.transaction(async (tx) => {
        const [session] = await tx
          .select({ reviewed: gameSessions.reviewed, isActive: gameSessions.isActive, version: gameSessions.version })
          .from(gameSessions)
          .where(eq(gameSessions.id, scope.recordId))
          .for("update");
        if (session === undefined) return { failure: recordNotFound("session"), outcome: "denied" as const, reason: "outside_scope" };
        if (wanted && session.isActive) return { failure: stillPlayed(), outcome: "failure" as const, reason: "session_active" };
        // The row is locked: a page that showed an older review (a colleague marked or reopened it since) changes nothing.
        if (expected !== undefined && session.version !== expected) return { failure: staleVersionFailure(expected), outcome: "failure" as const, reason: "stale_version" };
        // Marking a reviewed session again keeps who reviewed it first: the call is idempotent.
        if (session.reviewed !== wanted) {
          const mark = wanted ? { reviewed: true, reviewedByUserId: principal.userId, reviewedAt: clock.now() } : { reviewed: false, reviewedByUserId: null, reviewedAt: null };
          await tx
            .update(gameSessions)
            .set({ ...mark, version: nextVersion(gameSessions.version) })
            .where(eq(gameSessions.id, scope.recordId));
        }
        // The patient reads reviewed exactly when none of their sessions waits (as the demo seed sets it).
        await tx
          .update(patients)
          .set({ reviewed: sql`not exists (select 1 from ${gameSessions} where ${gameSessions.patientId} = ${patients.id} and not ${gameSessions.reviewed})` })
          .where(eq(patients.id, scope.patientId));
        await audit("success", wanted ? "reviewed" : "reopened", resourceId, tx);
        return undefined;
      });
      if (outcome !== undefined) return refuse(outcome.failure, outcome.outcome, outcome.reason, resourceId);
      const [row] = await db
        .select({
          reviewed: gameSessions.reviewed,
          reviewedAt: gameSessions.reviewedAt,
          version: gameSessions.version,
          patientReviewed: patients.reviewed,
          reviewer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        })
        .from(gameSessions)
        .innerJoin(patients, eq(patients.id, gameSessions.patientId))
        .leftJoin(users, eq(users.id, gameSessions.reviewedByUserId))
        .where(eq(gameSessions.id, scope.recordId));
      if (row === undefined) return replyWithFailure(reply, recordNotFound("session"));
      const answer: (typeof SessionReviewResponse)["Encoded"] = {
        id: scope.recordId,
        reviewed: row.reviewed,
        review: reviewJson(row.reviewed, row.reviewer, row.reviewedAt),
        patient_reviewed_status: row.patientReviewed ? "reviewed" : "pending",
        version: row.version,
      };
      return sendVersionTag(reply, row.version).send(answer);
    },
  );
};
