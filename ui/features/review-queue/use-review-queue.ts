import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { reviewQueueApiOf } from "../../../adapters/review-queue/index.ts";
import type { PatientPendingReviews, ReviewQueueQuery, ReviewQueueStep } from "../../../domain/review-queue/index.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { queryOptionsOf } from "../../data/cache-policy.ts";
import { useServices } from "../../services/services-context.tsx";
import { reviewQueueStepQuery } from "./review-queue-queries.ts";
import { reviewQueueKeys } from "./review-queue-keys.ts";

const useReviewQueueApi = () => reviewQueueApiOf(useServices().adapters.client);

// What waits changes whenever a colleague reviews a session: the queue is read anew on each visit.
const ALWAYS_STALE = queryOptionsOf({ staleTimeMs: 0 });

/** How many of the patient's sessions wait for review, in all and per assigned exercise. */
export function usePatientPendingReviews(patientId: PatientId, enabled = true): UseQueryResult<PatientPendingReviews> {
  const api = useReviewQueueApi();
  return useQuery({
    queryKey: reviewQueueKeys.patientPending(patientId),
    queryFn: ({ signal }) => api.getPatientPendingReviews(patientId, signal),
    enabled,
    ...ALWAYS_STALE,
  });
}

/** One step of the queue: the pending session on that side of `from` (or the first of the scope), and how many wait. */
export function useReviewQueueStep(query: ReviewQueueQuery, enabled = true): UseQueryResult<ReviewQueueStep> {
  return useQuery({ ...reviewQueueStepQuery(useReviewQueueApi(), query), enabled });
}
