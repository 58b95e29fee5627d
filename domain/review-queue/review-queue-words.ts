import { countOf, formFor, forms, NOUNS } from "../shared/format/plural.ts";
import type { ReviewQueueScope } from "../session-review/index.ts";

// Only the wire's types are imported: the session-review domain's index holds the session schemas,
// which the dashboard and the patient page that read these words have no use for.
const CASELOAD: ReviewQueueScope = "caseload";

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

/** The query string a session's address carries in that scope: "?queue=caseload", or nothing for the patient's own walk. */
export const queueSearch = (scope: ReviewQueueScope): string => (scope === CASELOAD ? `?${QUEUE_PARAM}=${CASELOAD}` : "");
