import { useSearchParams } from "wouter";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { hrefFor } from "../../../domain/routes.ts";
import type { AttemptRow } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import { mapSessionDetail, mapSessionDetailAs } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { SessionView } from "../../../domain/session-review/attempt-mapping/session-view.ts";
import { reviewAbilitiesOf } from "../../../domain/session-review/review-abilities.ts";
import { reviewWalkOf } from "../../../domain/review-queue/index.ts";
import type { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import type { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { AfterHeading } from "../../kit/after-heading.tsx";
import { DeferredRender, useDeferredFirstAnswer, useSettledOnce } from "../../kit/deferred-render.tsx";
import { pageChunk } from "../../shell/page-chunk.tsx";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Link } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { usePatient, usePatientGameLevels } from "../patients/index.ts";
import { markAttemptTableStart } from "./render-timing.ts";
import { NextAfterReview, type QueueNeighbours, ReviewNavigation, type ReviewWalk, useQueueNeighbours } from "./review-navigation.tsx";
import { ReviewMark } from "./review-mark.tsx";
import { useSessionDetail } from "./use-session-review.ts";
import { useReviewWorkday } from "./use-review-workday.ts";
import * as styles from "./session-review.css.ts";

// The review below the heading, the review mark and the queue (the work timer, the statistics, the
// attempt tables with their notes and corrections): a chunk of its own, asked for as this page's
// code runs and drawn in the commit after the heading's (issue 35). Through pageChunk, not
// React.lazy, so its reveal is not held 300 ms after the page's loading card.
const loadBody = () => import("./session-review-body.tsx");
const SessionReviewBody = pageChunk(() => loadBody().then((module) => module.SessionReviewBody), null);
void SessionReviewBody.preload().catch(() => undefined);
// The shortcuts' help: asked for after the commit, shown on "?" or its button.
const loadShortcutsHelp = () => import("./review-shortcuts-help.tsx");
const ShortcutsHelp = lazy(() => loadShortcutsHelp().then((module) => ({ default: module.ShortcutsHelp })));
// Copy note (issue 37): the note's words and its machine come after the heading, as the work timer does.
const CopyNote = lazy(() => import("./copy-note.tsx").then((module) => ({ default: module.CopyNote })));

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
  const detailQuery = useSessionDetail(sessionId);
  // The session's first answer in a deferred render, in slices (issue 35, blocking time); the page
  // stays pending until it comes.
  const data = useDeferredFirstAnswer(detailQuery.data, sessionId);
  const detail = { ...detailQuery, data, isPending: detailQuery.isPending || (detailQuery.data !== undefined && data === undefined) };
  const levelType = levels.data?.find((candidate) => candidate.id === levelId)?.game.type;
  // Mapped once per answer, so the rows keep their identity and the table redraws only what changed.
  const mapped = useMemo(() => {
    if (detail.data === undefined) return null;
    markAttemptTableStart();
    return levelType === undefined ? mapSessionDetail(detail.data) : mapSessionDetailAs(levelType, detail.data);
  }, [detail.data, levelType]);
  const overviewHref = hrefFor("exercise-overview", { id: patientId, levelId });
  // ?queue=caseload: the previous/next steps walk the caller's whole caseload, and keep the
  // parameter; ?only=correctable: they skip sessions whose attempts the game locked (issue 31).
  const [params] = useSearchParams();
  const walk = reviewWalkOf(patientId, sessionId, params);
  // The walk's steps are asked with the session, not once the review below the heading mounts, and
  // the session's first view waits for them: their links sit above the statistics, and drawn just
  // after the heading they pushed everything below down 168 px on a phone (issue 35, layout shift
  // 0.061). Their reads starting over (the walk's filter switched) never hold the page again, and
  // steps that do not answer hold it no longer than SETTLE_PATIENCE_MS.
  const neighbours = useQueueNeighbours(walk);
  const stepsSettled = useSettledOnce(sessionId, !neighbours.next.isPending && !neighbours.previous.isPending);
  const problem = (message: string) => (
    <div className={styles.page}>
      <h1 className={styles.heading}>Session detail</h1>
      <Alert>{message}</Alert>
      <p>
        <Link href={overviewHref}>Back to the exercise overview</Link>
      </p>
    </div>
  );
  if (detail.data === undefined || mapped === null || (levels.data === undefined && levels.isPending) || !stepsSettled) {
    return (
      <div className={styles.page}>
        <h1 className={styles.heading}>Session detail</h1>
        <QueryStatus query={detail.data === undefined ? detail : levels} loading="Loading the session…" busy={detail.isPending || levels.isPending || !stepsSettled} />
      </div>
    );
  }
  if (!belongsTo(detail.data, patientId, levelId)) return problem("This session is not part of this exercise.");
  if (!mapped.ok) return problem(mapped.message);
  const patientName = patient.data === undefined ? null : fullNameOrNotSpecified(patient.data.first_name, patient.data.last_name);
  // Keyed by the session: going on to the next one starts its page afresh (no offer, no open editor, first page of challenges).
  return (
    <SessionReview
      key={sessionId}
      view={mapped.value}
      detail={detail.data}
      patientName={patientName}
      levelId={levelId}
      walk={walk}
      neighbours={neighbours}
      user={user}
    />
  );
}

type ReviewProps = {
  readonly view: SessionView<AttemptRow>;
  readonly detail: SessionDetailWire;
  readonly patientName: string | null;
  readonly levelId: GameLevelId;
  readonly walk: ReviewWalk;
  readonly neighbours: QueueNeighbours;
  readonly user: CurrentUser;
};

function SessionReview({ view, detail, patientName, levelId, walk, neighbours, user }: ReviewProps) {
  const { sessionId } = walk;
  const abilities = reviewAbilitiesOf(user);
  useEffect(() => {
    loadShortcutsHelp().catch(() => undefined);
  }, []);
  // Help, "reviewed here", the page of challenges and the shortcuts: the review workday machine.
  const workday = useReviewWorkday(walk, neighbours);
  const { reviewedHere, afterReview, attempts, send } = workday;

  // "Add note" of the action bar: the focus goes to the first attempt's own Add note, from where
  // Tab (or j and k) reaches the others; a note is always written on one attempt.
  const firstNoteButton = () => attempts.current?.querySelector<HTMLElement>("[data-note-button=new]:not([disabled])") ?? null;
  const canJumpToNotes = abilities.addNotes && view.challenges.length > 0;

  // Reading order (issue 31, item 18): the heading, then the session's actions (the review mark and
  // the way to the notes), so both are a Tab or two away instead of 33-36 on a long page.
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{view.gameName} session</h1>
      <p className={styles.lead}>
        {formatDateTime(view.startTime)}
        {patientName === null ? null : ` · ${patientName}`}
        {view.isActive ? " · still being played" : null}
      </p>
      <ReviewMark
        detail={detail}
        canMark={abilities.correct}
        levelId={levelId}
        sessionId={sessionId}
        onReviewed={(reviewed) => send({ type: "review.marked", reviewed })}
        toNotes={canJumpToNotes ? () => firstNoteButton()?.focus() : null}
        region={workday.reviewRegion}
      >
        {/* The note for the EMR is of a reviewed session only: before the review its figures may still change. */}
        {detail.review === undefined || detail.review === null ? null : (
          <AfterHeading>
            <Suspense fallback={null}>
              <CopyNote detail={detail} patientName={patientName} />
            </Suspense>
          </AfterHeading>
        )}
        {reviewedHere ? <NextAfterReview target={afterReview} walk={walk} patientName={patientName} onShown={workday.offerShown} /> : null}
      </ReviewMark>
      <div className={styles.header}>
        <ReviewNavigation walk={walk} neighbours={neighbours} here={{ id: sessionId, patient_id: walk.patientId, level_id: levelId }} />
        <Button variant="secondary" aria-haspopup="dialog" onPress={() => send({ type: "help.open" })}>
          Keyboard shortcuts
        </Button>
      </div>
      {workday.helpOpen ? (
        <Suspense fallback={null}>
          <ShortcutsHelp isOpen onClose={() => send({ type: "help.close" })} />
        </Suspense>
      ) : null}
      {/* The heading, the review mark and the queue commit first; the timer, the figures and the
          attempt tables in a commit of their own, in slices (issue 35, blocking time), once their
          chunk is in. */}
      <DeferredRender>
        <SessionReviewBody view={view} patientName={patientName} levelId={levelId} walk={walk} abilities={abilities} workday={workday} />
      </DeferredRender>
    </div>
  );
}
