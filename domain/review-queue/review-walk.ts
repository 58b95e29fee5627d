import type { GameSessionId, PatientId } from "../shared/ids.ts";
import { REVIEW_QUEUE_DIRECTION, REVIEW_QUEUE_SCOPE, type ReviewQueueOnly, type ReviewQueueQuery, type ReviewQueueScope } from "./review-queue-wire.ts";
import { ONLY_PARAM, QUEUE_PARAM, queueOnlyFromParam, queueScopeFromParam } from "./review-queue-words.ts";

/**
 * Where a session page's walk goes: the patient's pending sessions, or the caller's whole
 * caseload (?queue=caseload); every pending one, or only those with attempts the SLP can correct
 * (?only=correctable, issue 31).
 */
export type ReviewWalk = { readonly scope: ReviewQueueScope; readonly patientId: PatientId; readonly sessionId: GameSessionId; readonly only: ReviewQueueOnly | null };

/** The walk a session's address describes: its scope and filter from the query string (a URLSearchParams). */
export const reviewWalkOf = (patientId: PatientId, sessionId: GameSessionId, search: { get(name: string): string | null }): ReviewWalk => ({
  scope: queueScopeFromParam(search.get(QUEUE_PARAM)),
  patientId,
  sessionId,
  only: queueOnlyFromParam(search.get(ONLY_PARAM)),
});

/** The walk's queue: the patient's, or the caseload's; filtered or not. */
export const walkQuery = ({ scope, patientId, only }: ReviewWalk): ReviewQueueQuery => ({
  ...(scope === REVIEW_QUEUE_SCOPE.caseload ? { scope } : { scope, patient: patientId }),
  ...(only === null ? {} : { only }),
});

/**
 * The two steps beside the walk's session, as the page's previous/next links ask them and as the
 * page's arrival reads ask them early (issue 35: they arrive with the session, not after it).
 */
export const neighbourQueries = (walk: ReviewWalk): { readonly next: ReviewQueueQuery; readonly previous: ReviewQueueQuery } => ({
  next: { ...walkQuery(walk), from: walk.sessionId, direction: REVIEW_QUEUE_DIRECTION.next },
  previous: { ...walkQuery(walk), from: walk.sessionId, direction: REVIEW_QUEUE_DIRECTION.previous },
});
