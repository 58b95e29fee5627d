import { reviewQueueApiOf } from "../../../adapters/review-queue/review-queue-api.ts";
import { sessionReviewApiOf } from "../../../adapters/session-review/session-review-api.ts";
import { neighbourQueries, reviewWalkOf } from "../../../domain/review-queue/review-walk.ts";
import { GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { reviewQueueStepQuery } from "../../features/review-queue/review-queue-queries.ts";
import { sessionDetailQuery } from "../../features/session-review/session-review-queries.ts";
import { prefetchPatientRecord } from "./patient-record.ts";
import { markArrivalRead } from "../../data/arrival-reads.ts";
import type { PrefetchContext } from "./prefetch-context.ts";

/**
 * /details-panel/patient/:id/level/:levelId/trend/:trendId: the patient, their levels, the session
 * and the walk's steps on either side of it (the previous/next links above the statistics), as
 * the page's hooks ask them. The steps used to be asked once the page had rendered, and their
 * links then pushed everything below them down (issue 35: layout shift 0.087 on a slow phone).
 * Not the note types: only the attempts' notes below the heading use them, and the review's body
 * asks for them as it mounts (the module that imported the review abilities to decide was a file
 * of its own before the heading, issue 35).
 */
export const prefetch = (context: PrefetchContext): void => {
  const patientId = routeId(context.params["id"]);
  const sessionId = routeId(context.params["trendId"]);
  if (patientId !== null) prefetchPatientRecord(context, patientId);
  if (sessionId === null) return;
  const detail = sessionDetailQuery(sessionReviewApiOf(context.apiClient), GameSessionId.make(sessionId));
  // Whatever this load has already read is this opening's: with the boot script's reads (issue 35)
  // the page can mount and read it before this module runs, and a stale-at-once prefetch then
  // asked again.
  void context.queryClient.prefetchQuery({ ...detail, staleTime: Number.POSITIVE_INFINITY });
  // The page's first mount takes each as this opening's read instead of asking again (stale at once).
  markArrivalRead(context.queryClient, detail.queryKey);
  if (patientId === null) return;
  const walk = reviewWalkOf(PatientId.make(patientId), GameSessionId.make(sessionId), new URLSearchParams(context.search));
  const steps = neighbourQueries(walk);
  const queue = reviewQueueApiOf(context.apiClient);
  for (const step of [reviewQueueStepQuery(queue, steps.next), reviewQueueStepQuery(queue, steps.previous)]) {
    // As the detail's: stale at once, the steps were asked again when this module came after the
    // page had read them (the last file of a cold load on a slow phone).
    void context.queryClient.prefetchQuery({ ...step, staleTime: Number.POSITIVE_INFINITY });
    markArrivalRead(context.queryClient, step.queryKey);
  }
};
