import { lazy, Suspense, useCallback, useMemo } from "react";
import type { AttemptRow } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { SessionView } from "../../../domain/session-review/attempt-mapping/session-view.ts";
import { toNoteView } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import { challengeGroups, challengePage, challengeRangeText } from "../../../domain/session-review/challenge-pages.ts";
import { lockedAttemptsText } from "../../../domain/session-review/locked-attempts.ts";
import type { ReviewAbilities } from "../../../domain/session-review/review-abilities.ts";
import { sessionTiles } from "../../../domain/session-review/session-tiles.ts";
import type { GameLevelId } from "../../../domain/shared/ids.ts";
import { Pager } from "../../kit/pager.tsx";
import { StatTiles } from "../../kit/stat-tiles.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { WorkTimerSlot } from "../../people/work-timer-frame.tsx";
import { AttemptNotes } from "./attempt-notes.tsx";
import { AttemptTables } from "./attempt-tables.tsx";
import { loadAttemptEditor, useDeferredAttemptEditing } from "./deferred-attempt-editing.tsx";
import type { NoteSaver } from "./note-calls.ts";
import type { ReviewWalk } from "./review-navigation.tsx";
import type { ReviewWorkday } from "./use-review-workday.ts";
import { useNoteEditing } from "./use-note-editing.ts";
import { useNoteTypes } from "./use-session-review.ts";
import { useCurrentNote, useSaveNote } from "./use-session-review-writes.ts";
import * as styles from "./session-review.css.ts";

// The work timer (issue 24, "Time capture"): one timer across the patient's record and session pages,
// asked for after the heading is in the document (issue 35).
const WorkTimerBar = lazy(() => import("../billing/index.ts").then((module) => ({ default: module.WorkTimerBar })));
// The attempt editor (its number and select fields, the conflict panel and the editing machine) is
// a chunk of its own, asked for as the body first renders for a reviewer who may correct: it is
// there before anyone presses Edit.
const AttemptEditor = lazy(() => loadAttemptEditor().then((module) => ({ default: module.AttemptEditor })));

type BodyProps = {
  readonly view: SessionView<AttemptRow>;
  readonly patientName: string | null;
  readonly levelId: GameLevelId;
  readonly walk: ReviewWalk;
  readonly abilities: ReviewAbilities;
  readonly workday: Pick<ReviewWorkday, "attempts" | "challengePage" | "send">;
};

/**
 * A session's review below its heading, review mark and queue (issue 35): the work timer, the
 * statistics, and the attempts with their notes, corrections and pages of challenges. A chunk of
 * its own, asked for with the page's code and drawn in the commit after the heading's
 * (DeferredRender), so the heading waits neither for its code nor for its tables.
 */
export function SessionReviewBody({ view, patientName, levelId, walk, abilities, workday }: BodyProps) {
  const { sessionId } = walk;
  const noteTypes = useNoteTypes(abilities.addNotes || abilities.editNotes);
  const saveNote = useSaveNote(sessionId, levelId);
  const { mutateAsync: saveNoteAsync } = saveNote;
  const onSaveNote: NoteSaver = useCallback(
    async (note) => toNoteView(await saveNoteAsync({ id: note.id, version: note.version, body: { game_attempt: note.attemptId, note_type: note.typeId, content: note.content } })),
    [saveNoteAsync],
  );
  const onLoadNote = useCurrentNote(sessionId, levelId);
  const editing = useDeferredAttemptEditing(abilities.correct, view.gameType, sessionId, levelId);
  const groups = useMemo(() => challengeGroups(view.challenges), [view.challenges]);
  const lockedText = lockedAttemptsText(view.challenges.filter((row) => !row.isEditable).length, view.challenges.length);
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
  const { actor } = editing;
  const renderEditor = useCallback(
    (row: AttemptRow, label: string) =>
      actor === null ? null : (
        <Suspense fallback={<StatusMessage busy>Loading the editor…</StatusMessage>}>
          <AttemptEditor row={row} label={label} actor={actor} />
        </Suspense>
      ),
    [actor],
  );
  const { attempts, send } = workday;
  const shown = challengePage(groups, workday.challengePage);
  return (
    <>
      {editing.machine}
      <WorkTimerSlot patientName={patientName ?? ""}>
        <WorkTimerBar patientId={walk.patientId} patientName={patientName ?? ""} />
      </WorkTimerSlot>
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
                    send({ type: "challenges.page", page: next });
                  }}
                />
              </div>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
