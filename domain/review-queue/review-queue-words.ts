import { countOf, formFor, forms, NOUNS } from "../shared/format/plural.ts";
import type { ReviewQueueOnly, ReviewQueueScope } from "./review-queue-wire.ts";

const CASELOAD: ReviewQueueScope = "caseload";
const CORRECTABLE: ReviewQueueOnly = "correctable";

/** How the review queue's counts read (issue 23: "Counts use plural rules", through domain/shared/format/plural.ts). */
const WAIT = forms("waits", "wait");

/** "3 sessions to review", "1 session to review", or "Nothing to review". */
export const sessionsToReview = (count: number): string => (count <= 0 ? "Nothing to review" : `${countOf(count, NOUNS.session)} to review`);

/** "3 sessions wait for review" for a status line, "No sessions wait for review" at none. */
export const sessionsWaiting = (count: number): string =>
  count <= 0 ? "No sessions wait for review" : `${countOf(count, NOUNS.session)} ${formFor(count, WAIT)} for review`;

/** What the session page says once nothing is left to review in the walk's scope. */
export const nothingLeftText = (scope: ReviewQueueScope, patientName: string | null): string =>
  scope === CASELOAD
    ? "No sessions left to review in your caseload"
    : patientName === null
      ? "No sessions left to review for this patient"
      : `No sessions left to review for ${patientName}`;

/** The query parameter that keeps a caseload walk in each session's address (?queue=caseload). */
export const QUEUE_PARAM = "queue";

/** The walk's scope as the address gives it: the caseload only when it says so, else the patient. */
export const queueScopeFromParam = (value: string | null): ReviewQueueScope =>
  value === CASELOAD ? CASELOAD : "patient";

/** The query parameter that keeps a walk to sessions with correctable attempts (?only=correctable). */
export const ONLY_PARAM = "only";

/** The walk's filter as the address gives it: only correctable sessions when it says so, else every pending one (null). */
export const queueOnlyFromParam = (value: string | null): ReviewQueueOnly | null => (value === CORRECTABLE ? CORRECTABLE : null);

/**
 * The query string a session's address carries for its walk: "?queue=caseload" for the caseload,
 * "only=correctable" when the SLP chose to skip sessions the game locked; nothing for the patient's
 * own walk of every pending session.
 */
export const queueSearch = (scope: ReviewQueueScope, only: ReviewQueueOnly | null = null): string => {
  const params = [...(scope === CASELOAD ? [`${QUEUE_PARAM}=${CASELOAD}`] : []), ...(only === null ? [] : [`${ONLY_PARAM}=${only}`])];
  return params.length === 0 ? "" : `?${params.join("&")}`;
};

const ATTEMPT = forms("attempt");

/**
 * What the queue says of a pending session's attempts (issue 31): how many the SLP can still
 * correct, or that the game locked them all, so the walk never lands on a session unannounced.
 */
export const correctableAttemptsText = (count: number): string =>
  count <= 0 ? "all attempts locked by the game: notes and review only" : `${countOf(count, ATTEMPT)} you can correct`;

/** Said by "Start reviewing" when the caseload's oldest pending session holds no attempt the SLP can correct. */
export const OLDEST_LOCKED_TEXT = "The oldest one's attempts are all locked by the game: you can read, add notes and mark it reviewed.";

/** What the walk steps through, said beside the control that switches it: every pending session, or only correctable ones. */
export const walkFilterText = (only: ReviewQueueOnly | null): { readonly now: string; readonly switchTo: string } =>
  only === CORRECTABLE
    ? { now: "Stepping through sessions with attempts you can correct.", switchTo: "Step through every pending session" }
    : { now: "Stepping through every pending session, locked ones included.", switchTo: "Only sessions with attempts you can correct" };
