import { type SQL, and, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { auditReviewCreateEndpoint, auditReviewsEndpoint } from "../../../domain/audit/audit-endpoints.ts";
import { periodProblem } from "../../../domain/audit/audit-period.ts";
import { AUDIT_REVIEWS_SHOWN, type AuditReview } from "../../../domain/audit/audit-wire.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { auditReviews } from "../../db/schema/audit-reviews.ts";
import { users } from "../../db/schema/users.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { AuditVisibility } from "./audit-queries.ts";
import { auditScope } from "./audit-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/** The longest period one sign-off covers: a review is weekly, a month lets a late one catch up. */
const MAX_REVIEW_DAYS = 31;

/** The reviews of the caller's log: their institution's, or the platform's (no institution). */
const reviewsOf = (visibility: AuditVisibility): SQL =>
  visibility.kind === "institution" ? eq(auditReviews.institutionId, visibility.institutionId) : (isNull(auditReviews.institutionId) as SQL);

const ISO = (instant: Date): string => instant.toISOString();

const latestReviews = async (db: Database, visibility: AuditVisibility, limit: number, id?: number): Promise<AuditReview[]> => {
  const rows = await db
    .select({
      id: auditReviews.id,
      periodStart: auditReviews.periodStart,
      periodEnd: auditReviews.periodEnd,
      notes: auditReviews.notes,
      reviewedAt: auditReviews.reviewedAt,
      reviewerId: auditReviews.reviewedBy,
      reviewerName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(auditReviews)
    .leftJoin(users, eq(users.id, auditReviews.reviewedBy))
    .where(and(reviewsOf(visibility), id === undefined ? sql`true` : eq(auditReviews.id, id)))
    .orderBy(desc(auditReviews.reviewedAt), desc(auditReviews.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    notes: row.notes,
    reviewed_at: ISO(row.reviewedAt),
    reviewer_id: row.reviewerId,
    reviewer_name: row.reviewerName === null || row.reviewerName.trim() === "" ? null : row.reviewerName.trim(),
  }));
};

/**
 * The review sign-off of the audit log (issue 38, docs/audit-viewer.md "Review sign-off"): who
 * examined which period, when, with what notes. The latest ones (the dashboard shows the first),
 * and a new one, written with its audit row in one transaction.
 */
export const registerAuditReviewRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    auditReviewsEndpoint,
    {
      access: { resource: "audit_log", action: "list" },
      doc: { summary: "The latest review sign-offs of the caller's audit log, newest first: period, reviewer, when, notes", scope: "own-institution", errors: { 403: ["ERROR_001"] } },
      audit: { action: "read", resource: "audit_review" },
      scope: (principal) => auditScope(db, principal),
    },
    async ({ scope, audit }, _request, reply) => {
      const results = await db.transaction(async (tx) => {
        const reviews = await latestReviews(tx, scope, AUDIT_REVIEWS_SHOWN);
        await audit("success", null, null, tx);
        return reviews;
      });
      return reply.send({ results });
    },
  );

  routeEndpoint(
    app,
    deps,
    auditReviewCreateEndpoint,
    {
      access: { resource: "audit_log", action: "create" },
      doc: {
        summary: "Signs off the review of a period of the caller's audit log (at most 31 days, ended by today in UTC) with notes",
        scope: "own-institution",
        errors: { 400: ["ERROR_034", "ERROR_056"], 403: ["ERROR_001", "ERROR_075"] },
        status: 201,
      },
      audit: { action: "create", resource: "audit_review" },
      scope: (principal) => auditScope(db, principal),
    },
    async ({ input: { body }, principal, scope, audit, refuse }, _request, reply) => {
      const problem = periodProblem(body.period_start, body.period_end, MAX_REVIEW_DAYS);
      if (problem !== null) {
        const field = problem.field === "from" ? "period_start" : "period_end";
        return refuse(apiFailure(400, problem.code, problem.reason, { field }), "failure", "invalid_body");
      }
      const now = clock.now();
      if (body.period_end > calendarDayIn(now, "UTC")) {
        return refuse(apiFailure(400, "ERROR_056", "a period not over yet cannot be reviewed", { field: "period_end" }), "failure", "invalid_body");
      }
      const review = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(auditReviews)
          .values({
            institutionId: scope.kind === "institution" ? scope.institutionId : null,
            periodStart: body.period_start,
            periodEnd: body.period_end,
            reviewedBy: principal.userId,
            reviewedAt: now,
            notes: body.notes,
          })
          .returning({ id: auditReviews.id });
        if (row === undefined) throw new Error("the review was not written");
        await audit("success", null, String(row.id), tx);
        const [written] = await latestReviews(tx, scope, 1, row.id);
        return written;
      });
      return reply.code(201).send(review);
    },
  );
};
