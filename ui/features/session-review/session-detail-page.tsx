import { lazy, Suspense, useMemo } from "react";
import { hrefFor } from "../../../domain/routes.ts";
import { mapSessionDetail, mapSessionDetailAs } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import type { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { Alert } from "../../kit/alert.tsx";
import { Link } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { usePatient, usePatientGameLevels } from "../patients/index.ts";
import { markAttemptTableStart } from "./render-timing.ts";
import { useSessionDetail } from "./use-session-review.ts";
import * as styles from "./session-review.css.ts";

// Issue 35, ninth round: the page's own chunk draws the heading, the session's date and patient, and
// the place of what follows; the review below it (review mark, queue steps, work timer, statistics,
// attempt tables and notes: session-review-body.tsx) is a chunk of its own, asked for by the render
// that draws the heading. Its Suspense boundary commits the heading with the review's place held,
// without waiting: on a slow line its files no longer share the six connections with the heading's
// (every file the heading needs has run by then), and the heading's commit does not render the tables.
const SessionReviewBody = lazy(() => import("./session-review-body.tsx").then((module) => ({ default: module.SessionReviewBody })));

type PageProps = {
  readonly patientId: PatientId;
  readonly levelId: GameLevelId;
  readonly sessionId: GameSessionId;
  readonly user: CurrentUser;
};

/** A session opened under another patient's or exercise's address is not shown there. */
const belongsTo = (detail: SessionDetailWire, patientId: PatientId, levelId: GameLevelId): boolean =>
  (detail.patient_id === undefined || detail.patient_id === patientId) &&
  (detail.patient_game_level_id === undefined || detail.patient_game_level_id === levelId);

// /details-panel/patient/:id/level/:levelId/trend/:trendId: one session attempt by attempt. The
// session is read anew each time it is opened (spec section 9); the level's game decides which
// view reads it, so a session of another game reads 'Invalid <Game> session'.
export function SessionDetailPage({ patientId, levelId, sessionId, user }: PageProps) {
  const patient = usePatient(patientId);
  const levels = usePatientGameLevels(patientId);
  const detail = useSessionDetail(sessionId);
  const levelType = levels.data?.find((candidate) => candidate.id === levelId)?.game.type;
  // Mapped once per answer, so the rows keep their identity and the table redraws only what changed.
  const mapped = useMemo(() => {
    if (detail.data === undefined) return null;
    markAttemptTableStart();
    return levelType === undefined ? mapSessionDetail(detail.data) : mapSessionDetailAs(levelType, detail.data);
  }, [detail.data, levelType]);
  const overviewHref = hrefFor("exercise-overview", { id: patientId, levelId });
  const problem = (message: string) => (
    <div className={styles.page}>
      <h1 className={styles.heading}>Session detail</h1>
      <Alert>{message}</Alert>
      <p>
        <Link href={overviewHref}>Back to the exercise overview</Link>
      </p>
    </div>
  );
  if (detail.data === undefined || mapped === null || (levels.data === undefined && levels.isPending)) {
    return (
      <div className={styles.page}>
        <h1 className={styles.heading}>Session detail</h1>
        <QueryStatus query={detail.data === undefined ? detail : levels} loading="Loading the session…" busy={detail.isPending || levels.isPending} />
      </div>
    );
  }
  if (!belongsTo(detail.data, patientId, levelId)) return problem("This session is not part of this exercise.");
  if (!mapped.ok) return problem(mapped.message);
  const patientName = patient.data === undefined ? null : fullNameOrNotSpecified(patient.data.first_name, patient.data.last_name);
  const view = mapped.value;
  // Reading order (issue 31, item 18): the heading, then the session's actions (the review mark
  // first in the body), so Mark as reviewed is a Tab away from the heading.
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{view.gameName} session</h1>
      <p className={styles.lead}>
        {formatDateTime(view.startTime)}
        {patientName === null ? null : ` · ${patientName}`}
        {view.isActive ? " · still being played" : null}
      </p>
      <Suspense fallback={<ReviewLoading />}>
        {/* Keyed by the session: going on to the next one starts its review afresh (no offer, no open editor, first page of challenges). */}
        <SessionReviewBody
          key={sessionId}
          view={view}
          detail={detail.data}
          patientName={patientName}
          patientId={patientId}
          levelId={levelId}
          sessionId={sessionId}
          user={user}
        />
      </Suspense>
    </div>
  );
}

/**
 * The review's place while its code arrives: a busy region that says so, tall enough that the
 * sections do not push anything when they replace it (nothing follows them on the page).
 */
function ReviewLoading() {
  return (
    <div className={styles.reviewLoading} aria-busy="true">
      <StatusMessage busy>Loading the session's review…</StatusMessage>
    </div>
  );
}

