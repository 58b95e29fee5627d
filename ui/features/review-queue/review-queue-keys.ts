import type { ReviewQueueQuery } from "../../../domain/review-queue/index.ts";

/**
 * Cache keys of the review queue. Everything sits under ["review-queue"], so a review mark (which
 * changes what waits) refreshes every count and every step at once, wherever they are shown.
 */
export const reviewQueueKeys = {
  all: ["review-queue"] as const,
  patientPending: (patientId: number) => ["review-queue", "patient", patientId] as const,
  // The query's fields in one fixed order, so the same step is one cache entry however it was built.
  step: (query: ReviewQueueQuery) =>
    ["review-queue", "step", query.scope, query.patient ?? null, query.from ?? null, query.direction ?? "next", query.only ?? "all"] as const,
};
