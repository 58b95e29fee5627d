// @vitest-environment jsdom
import { act, screen } from "@testing-library/react";
import { clearAnnouncer } from "@react-aria/live-announcer";
import * as Schema from "effect/Schema";
import { afterEach, describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { clearToasts, toastQueue } from "../../feedback/toast-queue.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { activate, focusHere, heard, heardApart, pressKey, readBackTo, readTo, startReading, stopReading, typeText, waitToHear } from "../../app/screen-reader.test-helper.ts";
import { SessionDetailPage } from "./session-detail-page.tsx";
import { failure, LEVEL, PATIENT, patientWire } from "./session-review.test-helper.tsx";

// The session review as a screen-reader user hears it (issue 23): the page's heading and its
// tables' captions and headers, then a score corrected (a refused score first), a note added and
// the session marked reviewed, each save answered by what it changed, and an error read with its
// field.
//
// The page renders without the app's toast outlet: the toast is checked where it is queued
// (review-feedback.test.tsx), and its own regions (an alertdialog holding a status) are re-read by
// the virtual reader as React Aria settles their attributes after mounting, a number of times that
// is the library's timing, not the page's. What is asserted here is the polite announcement every
// save makes through React Aria's announcer, which is what a reader reliably says.

afterEach(stopReading);
const currentApp = useSignedInApp();
const SESSION = 101;
/** The attempt corrected and noted: challenge 1, attempt 2 of the naming example. */
const ATTEMPT = 5002;

const slp = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  permissions: { patient: ["list", "retrieve"], game_attempt: ["list", "retrieve", "partial_update"], slp_notes: ["list", "retrieve", "create", "partial_update"] },
});
const detail = { ...SESSION_DETAIL_EXAMPLES.naming, patient_id: PATIENT, patient_game_level_id: LEVEL, review: null };
const author = { id: 12, first_name: "Sophie", last_name: "Speech", email: "slp@demo.test" };
const review = () => ({ reviewed_by: author, reviewed_at: "2026-03-01T10:00:00Z" });
const noteTypes = [{ id: 1, name: "Observation", color: "#2563eb", sort_order: 1 }];
const saved = detail.challenges_in_session[0]?.attempts[1];
if (saved === undefined) throw new Error("the naming example lost its second attempt");
/** PATCH attempt/5002/'s answer: the score stored as sent, and the session's total as recomputed. */
const corrected = {
  ...saved,
  score: 0.5,
  version: saved.version + 1,
  session: {
    id: detail.id,
    total_score: 1.5,
    total_score_percentage_change: detail.total_score_percentage_change,
    accuracy_percentage: detail.accuracy_percentage,
    accuracy_percentage_change: detail.accuracy_percentage_change,
    avg_duration_per_content: detail.avg_duration_per_content,
    avg_duration_per_content_percentage_change: detail.avg_duration_per_content_percentage_change,
    game_metrics: detail.game_metrics,
  },
};

/** The session as the server holds it after the writes so far: a review, a note added. */
const stored = (reviewed: boolean, added: readonly object[]) => ({
  ...detail,
  review: reviewed ? review() : null,
  challenges_in_session: detail.challenges_in_session.map((challenge) => ({
    ...challenge,
    attempts: challenge.attempts.map((attempt) => (attempt.id === ATTEMPT ? { ...attempt, notes: [...attempt.notes, ...added] } : attempt)),
  })),
});

const serve = () => {
  let reviewed = false;
  const added: object[] = [];
  currentApp().harness.server.script((request) => {
    if (request.url === `/api/patients/${PATIENT}/`) return { status: 200, json: patientWire };
    if (request.url === `/api/patients/${PATIENT}/game-levels/`) {
      return { status: 200, json: [{ id: LEVEL, game: { id: 3, type: "naming", name: "Naming" }, difficulty: "medium", assigned_at: "2026-01-02T10:00:00.000Z" }] };
    }
    if (request.url === `/api/game-session/${SESSION}/detailed/`) return { status: 200, json: stored(reviewed, added) };
    if (request.url === "/api/note-types/") return { status: 200, json: noteTypes };
    if (request.method === "PATCH" && request.url === `/api/attempt/${ATTEMPT}/`) return { status: 200, json: corrected };
    if (request.method === "POST" && request.url === "/api/attempt-notes/") {
      const body = request.body as { game_attempt: number; content: string };
      const at = "2026-03-01T10:00:00Z";
      const note = { id: 900, game_attempt: body.game_attempt, type: noteTypes[0], note: body.content, created_by: author, created_at: at, last_edited_by: null, updated_at: at, version: 1 };
      added.push(note);
      return { status: 201, json: note };
    }
    if (request.method === "PUT" && request.url === `/api/game-session/${SESSION}/review/`) {
      reviewed = true;
      return { status: 200, json: { id: SESSION, reviewed: true, review: review(), patient_reviewed_status: "reviewed", version: 2 } };
    }
    // No other session of the patient waits for review.
    if (request.url.startsWith("/api/review-queue/next/")) return { status: 200, json: { session: null, pending: 0 } };
    return { status: 404, json: failure };
  });
};
const toastTitles = () => toastQueue.visibleToasts.map((toast) => toast.content.title);
const calls = (method: string, prefix: string) => currentApp().harness.server.requests.filter((r) => r.method === method && r.url.startsWith(prefix));

afterEach(() => {
  act(() => clearToasts());
  clearAnnouncer("polite");
  clearAnnouncer("assertive");
});

/** The page loaded with the reader at its top, as a reader starts on a page it opens. */
const arrive = async () => {
  serve();
  renderAt(
    currentApp(),
    `/details-panel/patient/${PATIENT}/level/${LEVEL}/trend/${SESSION}`,
    <SessionDetailPage patientId={PatientId.make(PATIENT)} levelId={GameLevelId.make(LEVEL)} sessionId={GameSessionId.make(SESSION)} user={slp} />,
  );
  await screen.findByRole("table", { name: "Naming attempts" });
  await screen.findByRole("button", { name: "Add note on challenge 1, attempt 2" });
  await startReading();
};

/** The attempt's edit button as the reader says it: what it edits, and which attempt. */
const EDIT_SCORE = "button, Edit score of challenge 1, attempt 2";

/** The phrases from `first` up to and including `last`. */
const between = (log: readonly string[], first: string, last: string) => {
  const start = log.indexOf(first);
  return start === -1 ? [] : log.slice(start, log.indexOf(last, start) + 1);
};

/** Focuses the control under the cursor, forgets what was said so far, and presses it. */
const press = async () => {
  await focusHere();
  await heard();
  await activate();
};

// Reading a whole attempts table computes every node's name and style in jsdom: seconds per test
// on a loaded two-core machine, so each test has a minute.
describe("the session review, heard through a screen reader", { timeout: 60_000 }, () => {
  it("reads the page's heading first, then the review state and the attempts table's caption and column headers", async () => {
    await arrive();
    await readTo("end of table, Naming attempts");
    const log = await heard();
    expect(log.slice(0, 2)).toEqual(["document", "heading, Naming session, level 1"]);
    expect(between(log, "region, Review", "end of region, Review")).toEqual([
      "region, Review",
      "heading, Review, level 2",
      "Pending review",
      "This session has not been reviewed yet.",
      "button, Mark as reviewed",
      "button, Add note on an attempt",
      "alert",
      "end of region, Review",
    ]);
    // Issue 31 (item 18): the session's actions come right after its heading and date, before the queue, the timer and the figures.
    expect(log[log.indexOf("end of paragraph") + 1]).toBe("region, Review");
    expect(log.indexOf("region, Review")).toBeLessThan(log.indexOf("navigation, Review queue"));
    expect(between(log, "region, Naming attempts", "end of rowgroup")).toEqual([
      "region, Naming attempts",
      "table, Naming attempts",
      "caption, Naming attempts",
      "rowgroup",
      "row, Object Trials Transcription Hints used Response audio Score Result SLP Notes Actions",
      "columnheader, Object",
      "columnheader, Trials",
      "columnheader, Transcription",
      "columnheader, Hints used",
      "columnheader, Response audio",
      "columnheader, Score",
      "columnheader, Result",
      "columnheader, SLP Notes",
      "columnheader, Actions",
      "end of row, Object Trials Transcription Hints used Response audio Score Result SLP Notes Actions",
      "end of rowgroup",
    ]);
    // Every action says what it does and to which attempt; none reads "Correct" beside the result "Correct".
    expect(between(log, "region, Naming attempts", "end of table, Naming attempts").filter((phrase) => phrase.startsWith("button, "))).toEqual([
      "button, Show image: apple",
      "button, Play Response audio, challenge 1, attempt 1",
      "button, Edit note on challenge 1, attempt 1",
      "button, Add note on challenge 1, attempt 1",
      "button, Edit score of challenge 1, attempt 1",
      "button, Show image: apple",
      "button, Play Response audio, challenge 1, attempt 2",
      "button, Add note on challenge 1, attempt 2",
      EDIT_SCORE,
      "button, Show image: umbrella",
      "button, Play Response audio, challenge 2, attempt 1",
      "button, Add note on challenge 2, attempt 1",
    ]);
    // Each challenge's rows are grouped under a row header the reader names.
    expect(log.filter((phrase) => phrase.startsWith("rowheader, "))).toEqual(["rowheader, Challenge 1, column span 9", "rowheader, Challenge 2, column span 9"]);
  });

  it("reads a refused score with its field, then confirms the corrected score and gives the focus back", async () => {
    await arrive();
    await readTo(EDIT_SCORE);
    await press();
    // The editor opens on the score field, by its label and value.
    await waitToHear("textbox, Score (0 to 1), 1");
    expect(await heard()).toEqual(["textbox, Score (0 to 1), 1"]);
    await typeText("{Backspace}1.5");
    await readTo("button, Save correction");
    await press();
    // Refused before any call: the focus goes back to the score, which reads its error and "invalid".
    await waitToHear("textbox, Score (0 to 1), 1.5, The score must be between 0 and 1 in steps of 0.1, invalid");
    expect(await heardApart()).toEqual({
      said: ["textbox, Score (0 to 1), 1.5, The score must be between 0 and 1 in steps of 0.1, invalid"],
      polite: [],
      assertive: [],
    });
    expect(calls("PATCH", "/api/attempt/")).toHaveLength(0);

    await typeText("{Backspace>3/}0.5");
    await readTo("button, Save correction");
    await press();
    await waitToHear("polite: Correction saved. Challenge 1, attempt 2: score 0.5, result correct.");
    await waitToHear(EDIT_SCORE);
    expect(await heardApart()).toEqual({
      // The editor closes and the focus returns to the button that opened it.
      said: [EDIT_SCORE],
      // The save, in the toast's words, naming the attempt and what it now holds.
      polite: ["polite: Correction saved. Challenge 1, attempt 2: score 0.5, result correct."],
      // The pending Save button by its name (React Aria), while the call is out.
      assertive: ["assertive: Save correction"],
    });
    expect(toastTitles()).toEqual(["Correction saved"]);
    expect(calls("PATCH", "/api/attempt/").map((r) => r.body)).toEqual([{ score: 0.5 }]);
    // Back one item from the button: the row now reads the corrected score.
    await readBackTo("cell, 0.5");
  });

  it("says Nothing changed for a correction saved as it was, sends nothing and gives the focus back", async () => {
    await arrive();
    await readTo(EDIT_SCORE);
    await press();
    await waitToHear("textbox, Score (0 to 1), 1");
    await readTo("button, Save correction");
    await press();
    await waitToHear("polite: Nothing changed");
    await waitToHear(EDIT_SCORE);
    expect(await heardApart()).toEqual({ said: [EDIT_SCORE], polite: ["polite: Nothing changed"], assertive: [] });
    expect(calls("PATCH", "/api/attempt/")).toHaveLength(0);
  });

  it("cancels a correction on Escape: nothing is sent and the focus, and the reader, are back on the edit button", async () => {
    await arrive();
    await readTo(EDIT_SCORE);
    await press();
    await waitToHear("textbox, Score (0 to 1), 1");
    await typeText("{Backspace}0.9");
    await heard();
    await pressKey("Escape");
    await waitToHear(EDIT_SCORE);
    expect(await heardApart()).toEqual({ said: [EDIT_SCORE], polite: [], assertive: [] });
    expect(calls("PATCH", "/api/attempt/")).toHaveLength(0);
  });

  it("reads the note form's fields by their labels, and confirms the note added by naming its attempt", async () => {
    await arrive();
    await readTo("button, Add note on challenge 1, attempt 2");
    await press();
    // The form opens on the note's text.
    await waitToHear("textbox, Note");
    expect(await heard()).toEqual(["textbox, Note"]);
    await typeText("Named it after a semantic cue.");
    await readTo("button, Save note");
    expect(await heard()).toEqual(["textbox, Note", "Named it after a semantic cue.", "end of textbox, Note", "alert", "button, Save note"]);
    // Back through the form: the note's type before its text, each by its label. Note type is the
    // browser's own <select>: a combobox named by its label, its options inside it. The virtual
    // reader gives a select the chosen option's value attribute ("1", the type's id) as its value
    // and every option its implicit "not selected"; Chrome gives the chosen option's text
    // ("Observation") and marks it selected (tests/e2e check the browser's own tree).
    await readBackTo("Note type");
    expect(await heard()).toEqual([
      "alert",
      "end of textbox, Note",
      "Named it after a semantic cue.",
      "textbox, Note",
      "Note",
      "end of combobox, Note type, 1, has popup listbox, not expanded",
      "option, Observation, 1, not selected, position 1, set size 1",
      "combobox, Note type, 1, has popup listbox, not expanded",
      "Note type",
    ]);

    await readTo("button, Save note");
    await press();
    await waitToHear("polite: Note added. On challenge 1, attempt 2.");
    await waitToHear("button, Add note on challenge 1, attempt 2");
    expect(await heardApart()).toEqual({
      // The form closes and the focus returns to the button that opened it.
      said: ["button, Add note on challenge 1, attempt 2"],
      polite: ["polite: Note added. On challenge 1, attempt 2."],
      assertive: ["assertive: Save note"],
    });
    expect(toastTitles()).toEqual(["Note added"]);
    expect(calls("POST", "/api/attempt-notes/").map((r) => r.body)).toEqual([{ game_attempt: ATTEMPT, note_type: 1, content: "Named it after a semantic cue." }]);
    // The new note is read in the attempt's notes, just before the button.
    await readBackTo("Named it after a semantic cue.");
  });

  it("confirms the session marked reviewed, the button says what it does now, and the review region says who reviewed it", async () => {
    await arrive();
    await readTo("button, Mark as reviewed");
    await press();
    await waitToHear("polite: Session marked reviewed");
    await waitToHear("assertive: Reopen review");
    await waitToHear("polite: No sessions left to review for Ada Lovelace.");
    expect(await heardApart()).toEqual({
      // The focus stays on the button, which React Aria reads by its name as the call starts and ends.
      said: [],
      // The review, then where the walk stands: nothing else waits for this patient.
      polite: ["polite: Session marked reviewed", "polite: No sessions left to review for Ada Lovelace."],
      assertive: ["assertive: Mark as reviewed", "assertive: Reopen review"],
    });
    expect(calls("PUT", `/api/game-session/${SESSION}/review/`).map((r) => r.body)).toEqual([{ reviewed: true }]);

    await readTo("region, Review");
    await heard();
    await readTo("button, Reopen review");
    expect(await heard()).toEqual(["heading, Review, level 2", "Reviewed", `Reviewed by Sophie Speech on ${formatDateTime(review().reviewed_at)}.`, "button, Reopen review"]);
  });
});
