import { sessionReviewApiOf } from "../../../adapters/session-review/session-review-api.ts";
import { reviewAbilitiesOf } from "../../../domain/session-review/review-abilities.ts";
import { GameSessionId } from "../../../domain/shared/ids.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { noteTypesQuery, sessionDetailQuery } from "../../features/session-review/session-review-queries.ts";
import { prefetchPatientRecord } from "./patient-record.ts";
import { markArrivalRead } from "../../data/arrival-reads.ts";
import type { PrefetchContext } from "./prefetch-context.ts";

/** /details-panel/patient/:id/level/:levelId/trend/:trendId: the patient, their levels and the session, as the page's hooks ask them. */
export const prefetch = (context: PrefetchContext): void => {
  const patientId = routeId(context.params["id"]);
  const sessionId = routeId(context.params["trendId"]);
  if (patientId !== null) prefetchPatientRecord(context, patientId);
  if (sessionId === null) return;
  const detail = sessionDetailQuery(sessionReviewApiOf(context.apiClient), GameSessionId.make(sessionId));
  void context.queryClient.prefetchQuery(detail);
  // The page's first mount takes it as this opening's read instead of asking again (stale at once).
  markArrivalRead(context.queryClient, detail.queryKey);
};

/**
 * The note types, asked only by those who may write notes (as useNoteTypes does), now with the
 * user record rather than after the session's table has rendered.
 */
export const prefetchForUser = (context: PrefetchContext, user: CurrentUser): void => {
  const abilities = reviewAbilitiesOf(user);
  if (!abilities.addNotes && !abilities.editNotes) return;
  void context.queryClient.prefetchQuery(noteTypesQuery(sessionReviewApiOf(context.apiClient)));
};
