import { lazy, type ReactNode, type RefObject, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import { hrefFor } from "../../../domain/routes.ts";
import type { AttemptRow } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import { mapSessionDetail, mapSessionDetailAs } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { SessionView } from "../../../domain/session-review/attempt-mapping/session-view.ts";
import { challengeGroups, challengePage, challengeRangeText } from "../../../domain/session-review/challenge-pages.ts";
import { lockedAttemptsText } from "../../../domain/session-review/locked-attempts.ts";
import { reviewAbilitiesOf } from "../../../domain/session-review/review-abilities.ts";
import { ONLY_PARAM, QUEUE_PARAM, queueOnlyFromParam, queueScopeFromParam } from "../../../domain/review-queue/index.ts";
import type { ReviewQueueScope } from "../../../domain/review-queue/index.ts";
import { REVIEW_COMMAND, type ReviewCommand } from "../../../domain/session-review/review-shortcuts.ts";
import type { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import { sessionTiles } from "../../../domain/session-review/session-tiles.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import type { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import { reviewBadgeTone, reviewStatusOf } from "../../../domain/shared/statuses/review-status.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Link } from "../../kit/link.tsx";
import { Pager } from "../../kit/pager.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";
import { usePatient, usePatientGameLevels } from "../patients/index.ts";
import { toNoteView } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import { AttemptNotes } from "./attempt-notes.tsx";
import type { NoteSaver } from "./note-calls.ts";
import { AttemptTables } from "./attempt-tables.tsx";
import { markAttemptTableStart } from "./render-timing.ts";
import { useAttemptEditing } from "./use-attempt-editing.ts";
import { useNoteEditing } from "./use-note-editing.ts";
import { AttemptEditor } from "./attempt-editor.tsx";
import { StatTiles } from "../../kit/stat-tiles.tsx";
import { useNoteTypes, useSessionDetail } from "./use-session-review.ts";
import { useCurrentNote, useMarkReviewed, useSaveNote } from "./use-session-review-writes.ts";
import { NextAfterReview, ReviewNavigation, type ReviewWalk, type SessionPlace, useNextAfterReview, useQueueNeighbours } from "./review-navigation.tsx";
import { editFocusedAttempt, moveAttemptFocus, ShortcutsHelp, useReviewShortcuts } from "./review-shortcuts.tsx";
import { pendingSessionHref } from "../review-queue/index.ts";
import * as styles from "./session-review.css.ts";

// The work timer (issue 24, "Time capture"): one timer across the patient's record and session pages.
const WorkTimerBar = lazy(() => import("../billing/index.ts").then((module) => ({ default: module.WorkTimerBar })));

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
  // ?queue=caseload: the previous/next steps walk the caller's whole caseload, and keep the parameter.
  const [params] = useSearchParams();
  const scope = queueScopeFromParam(params.get(QUEUE_PARAM));
  // ?only=correctable: the steps skip sessions whose attempts the game locked (issue 31).
  const only = queueOnlyFromParam(params.get(ONLY_PARAM));
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
  // Keyed by the session: going on to the next one starts its page afresh (no offer, no open editor, first page of challenges).
  return (
    <SessionReview
      key={sessionId}
      view={mapped.value}
      detail={detail.data}
      patientName={patientName}
      levelId={levelId}
      walk={{ scope, patientId, sessionId, only }}
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
  readonly user: CurrentUser;
};

function SessionReview({ view, detail, patientName, levelId, walk, user }: ReviewProps) {
  const { sessionId } = walk;
  const abilities = reviewAbilitiesOf(user);
  const noteTypes = useNoteTypes(abilities.addNotes || abilities.editNotes);
  const saveNote = useSaveNote(sessionId, levelId);
  const { mutateAsync: saveNoteAsync } = saveNote;
  const onSaveNote: NoteSaver = useCallback(
    async (note) => toNoteView(await saveNoteAsync({ id: note.id, version: note.version, body: { game_attempt: note.attemptId, note_type: note.typeId, content: note.content } })),
    [saveNoteAsync],
  );
  const onLoadNote = useCurrentNote(sessionId, levelId);
  const editing = useAttemptEditing(view.gameType, sessionId, levelId);
  const groups = useMemo(() => challengeGroups(view.challenges), [view.challenges]);
  const lockedText = lockedAttemptsText(view.challenges.filter((row) => !row.isEditable).length, view.challenges.length);
  const [challengePageNumber, setChallengePage] = useState(1);
  const shown = challengePage(groups, challengePageNumber);
  const noteTypeList = noteTypes.data;
  const { open: openNote, setOpen: setOpenNote } = useNoteEditing();
  const renderNotes = useCallback(
    (row: AttemptRow, label: string) => (
      <AttemptNotes
        attemptId={row.id}
        attemptLabel={label}
        notes={row.notes}
        noteTypes={noteTypeList}
        canAdd={abilities.addNotes}
        canEdit={abilities.editNotes}
        onSave={onSaveNote}
        onLoad={onLoadNote}
        editing={openNote?.attemptId === row.id ? openNote.target : null}
        locked={openNote !== null}
        onEditingChange={setOpenNote}
      />
    ),
    [noteTypeList, abilities.addNotes, abilities.editNotes, onSaveNote, onLoadNote, openNote, setOpenNote],
  );
  const renderEditor = useCallback((row: AttemptRow, label: string) => <AttemptEditor row={row} label={label} editing={editing} />, [editing]);
  const neighbours = useQueueNeighbours(walk);
  // Once marked reviewed here, the page offers the next pending session (and n goes there).
  const [reviewedHere, setReviewedHere] = useState(false);
  const afterReview = useNextAfterReview(walk, neighbours, reviewedHere);
  const [helpOpen, setHelpOpen] = useState(false);
  const attempts = useRef<HTMLElement>(null);
  const reviewRegion = useRef<HTMLElement>(null);
  const [, navigate] = useLocation();
  const goTo = (session: SessionPlace | null | undefined, scope: ReviewQueueScope) => {
    if (session !== null && session !== undefined) navigate(pendingSessionHref(session, scope, walk.only));
  };
  useReviewShortcuts((command: ReviewCommand) => {
    if (command === REVIEW_COMMAND.nextAttempt) moveAttemptFocus(attempts.current, 1);
    else if (command === REVIEW_COMMAND.previousAttempt) moveAttemptFocus(attempts.current, -1);
    else if (command === REVIEW_COMMAND.editAttempt) editFocusedAttempt(attempts.current);
    else if (command === REVIEW_COMMAND.nextSession) goTo(reviewedHere ? afterReview : neighbours.next.data?.session, walk.scope);
    else if (command === REVIEW_COMMAND.previousSession) goTo(neighbours.previous.data?.session, walk.scope);
    else if (command === REVIEW_COMMAND.reviewActions) reviewRegion.current?.querySelector<HTMLElement>("button:not([disabled])")?.focus();
    else setHelpOpen(true);
  });

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
        onReviewed={setReviewedHere}
        toNotes={canJumpToNotes ? () => firstNoteButton()?.focus() : null}
        region={reviewRegion}
      >
        {reviewedHere ? <NextAfterReview target={afterReview} walk={walk} patientName={patientName} /> : null}
      </ReviewMark>
      <div className={styles.header}>
        <ReviewNavigation walk={walk} neighbours={neighbours} here={{ id: sessionId, patient_id: walk.patientId, level_id: levelId }} />
        <Button variant="secondary" aria-haspopup="dialog" onPress={() => setHelpOpen(true)}>
          Keyboard shortcuts
        </Button>
      </div>
      <ShortcutsHelp isOpen={helpOpen} onClose={() => setHelpOpen(false)} />
      <Suspense fallback={null}><WorkTimerBar patientId={walk.patientId} patientName={patientName ?? ""} /></Suspense>
      <section className={styles.section} aria-labelledby="session-statistics-heading">
        <h2 id="session-statistics-heading" className={styles.subheading}>
          Statistics
        </h2>
        <StatTiles label="Session figures" tiles={sessionTiles(view.statistics, view.difficulty)} />
      </section>
      <section ref={attempts} className={styles.section} aria-labelledby="attempts-heading">
        <h2 id="attempts-heading" className={styles.subheading}>
          Attempts
        </h2>
        {view.challenges.length === 0 ? (
          <p className={styles.muted}>No attempts were recorded in this session.</p>
        ) : (
          <>
            {lockedText === null ? null : (
              <p id="locked-attempts" className={styles.lockedNote}>
                {lockedText}
              </p>
            )}
            <AttemptTables
              challenges={shown.challenges}
              actions={{ canCorrect: abilities.correct, editingId: editing.editingId, startEdit: editing.start, renderEditor, renderNotes }}
            />
            {shown.totalPages > 1 ? (
              <div className={styles.review}>
                <span>{challengeRangeText(shown)}</span>
                <Pager
                  label="Challenges"
                  page={shown.page}
                  totalPages={shown.totalPages}
                  onPage={(next) => {
                    editing.cancel();
                    setChallengePage(next);
                  }}
                />
              </div>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

/** Whether the session has been reviewed, by whom and when, and the button that marks it (or reopens it). */
type ReviewMarkProps = {
  readonly detail: SessionDetailWire;
  readonly canMark: boolean;
  readonly levelId: GameLevelId;
  readonly sessionId: GameSessionId;
  /** Told whether the session is now reviewed, after each mark succeeds. */
  readonly onReviewed: (reviewed: boolean) => void;
  /** Moves the focus to the first attempt's Add note; null when the caller may add none (or there is no attempt). */
  readonly toNotes: (() => void) | null;
  /** The region's element, where the r shortcut finds the first action. */
  readonly region: RefObject<HTMLElement | null>;
  /** What follows a mark: the offer of the next pending session. */
  readonly children?: ReactNode;
};

function ReviewMark({ detail, canMark, levelId, sessionId, onReviewed, toNotes, region, children }: ReviewMarkProps) {
  const mark = useMarkReviewed(sessionId, levelId);
  const review = detail.review ?? null;
  const reviewed = review !== null;
  return (
    <section ref={region} className={styles.section} aria-labelledby="review-heading">
      <h2 id="review-heading" className={styles.subheading}>
        Review
      </h2>
      <div className={styles.review}>
        <StatusBadge status={reviewStatusOf(reviewed)} label={reviewed ? "Reviewed" : "Pending review"} tone={reviewBadgeTone(reviewStatusOf(reviewed))} />
        <span>
          {review === null
            ? "This session has not been reviewed yet."
            : `Reviewed by ${fullNameOrNotSpecified(review.reviewed_by.first_name, review.reviewed_by.last_name)} on ${formatDateTime(review.reviewed_at)}.`}
        </span>
        {canMark ? (
          <Button
            variant={reviewed ? "secondary" : "primary"}
            isPending={mark.isPending}
            onPress={() =>
              mark.mutate({ reviewed: !reviewed, version: detail.version }, {
                onSuccess: (answer) => {
                  // useMarkReviewed has read the queue's counts and steps again by now: the offer shows fresh ones.
                  onReviewed(answer.reviewed);
                },
              })
            }
          >
            {reviewed ? "Reopen review" : "Mark as reviewed"}
          </Button>
        ) : null}
        {toNotes === null ? null : (
          <Button variant="secondary" onPress={toNotes}>
            Add note on an attempt
          </Button>
        )}
      </div>
      {children}
      <Alert>{mark.isError ? failureMessage(mark.error) : null}</Alert>
    </section>
  );
}
