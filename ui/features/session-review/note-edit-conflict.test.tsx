// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import type { SessionDetailJson } from "../../../domain/session-review/session-detail-wire.ts";
import { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { SessionDetailPage } from "./session-detail-page.tsx";
import { failure, LEVEL, PATIENT, patientWire } from "./session-review.test-helper.tsx";

// Two SLPs edit one note (issue 19, "Concurrent edits"): the second save is refused (412), the
// session is read again, the panel shows what changed, and the text typed stays until a choice.
const currentApp = useSignedInApp();
const SESSION = 101;
const STALE = { code: "ERROR_056", message: "Someone else changed this record since you opened it", detail: { field: "version" }, id: "y" };
const slp = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  permissions: { patient: ["list", "retrieve"], game_attempt: ["list", "retrieve", "partial_update"], slp_notes: ["list", "retrieve", "create", "partial_update"] },
});
const observation = { id: 1, name: "Observation", color: "#2563eb", sort_order: 1 };
const progress = { id: 2, name: "Progress", color: "#16a34a", sort_order: 2 };
const base = { ...SESSION_DETAIL_EXAMPLES.naming, patient_id: PATIENT, patient_game_level_id: LEVEL, review: null };
const opened = base.challenges_in_session[0]?.attempts[0]?.notes[0];
if (opened === undefined) throw new Error("the naming example lost its note");
type NoteJson = typeof opened;

/** The session with the first attempt's note replaced. */
const withNote = (note: NoteJson): SessionDetailJson => ({
  ...base,
  challenges_in_session: base.challenges_in_session.map((challenge, index) =>
    index !== 0 ? challenge : { ...challenge, attempts: challenge.attempts.map((attempt, at) => (at === 0 ? { ...attempt, notes: [note] } : attempt)) },
  ),
});
// A colleague made it a progress note and rewrote it, after the page was opened.
const theirs: NoteJson = { ...opened, type: progress, note: "Needed two cues before naming the apple.", version: 2 };
const MINE = "Needed a phonemic cue and a gesture.";

/** The colleague's save lands just before the first PATCH arrives; a PATCH naming a stale version is refused. */
const serve = () => {
  let stored: NoteJson = opened;
  let patched = false;
  currentApp().harness.server.script((request) => {
    if (request.url === `/api/patients/${PATIENT}/`) return { status: 200, json: patientWire };
    if (request.url === `/api/patients/${PATIENT}/game-levels/`) return { status: 200, json: [{ id: LEVEL, game: { id: 3, type: "naming", name: "Naming" }, difficulty: "medium", assigned_at: "2026-01-02T10:00:00.000Z" }] };
    if (request.url === `/api/game-session/${SESSION}/detailed/`) return { status: 200, json: withNote(stored) };
    if (request.url === "/api/note-types/") return { status: 200, json: [observation, progress] };
    if (request.url === `/api/attempt-notes/${opened.id}/` && request.method === "PATCH") {
      if (!patched) stored = theirs;
      patched = true;
      if (request.headers["if-match"] !== `"${stored.version}"`) return { status: 412, json: STALE };
      const body = request.body as { note_type: number; content: string };
      stored = { ...stored, type: body.note_type === 2 ? progress : observation, note: body.content, version: stored.version + 1 };
      return { status: 200, json: stored };
    }
    return { status: 404, json: failure };
  });
};

const patches = () => currentApp().harness.server.requests.filter((request) => request.method === "PATCH");
const noteBox = () => within(screen.getByRole("form", { name: /^Edit note on/ })).getByRole<HTMLTextAreaElement>("textbox", { name: /Note/ });
// The note forms are a lazy chunk (attempt-notes.tsx): the first opening waits for it.
const openedNoteBox = async () => within(await screen.findByRole("form", { name: /^Edit note on/ })).getByRole<HTMLTextAreaElement>("textbox", { name: /Note/ });

const openEditorAndType = async () => {
  serve();
  renderAt(currentApp(), `/details-panel/patient/${PATIENT}/level/${LEVEL}/trend/${SESSION}`, <SessionDetailPage patientId={PatientId.make(PATIENT)} levelId={GameLevelId.make(LEVEL)} sessionId={GameSessionId.make(SESSION)} user={slp} />);
  fireEvent.click(await screen.findByRole("button", { name: /^Edit note on/ }));
  fireEvent.change(await openedNoteBox(), { target: { value: MINE } });
  fireEvent.click(screen.getByRole("button", { name: "Save note" }));
  return await screen.findByRole("heading", { name: "Someone else changed this record" });
};

describe("a note someone else changed while it was being edited", () => {
  it("sends the version it was opened on, then shows their text and yours, keeps the draft and focuses the panel", async () => {
    const heading = await openEditorAndType();
    expect(patches().map((request) => [request.headers["if-match"], request.body])).toEqual([['"1"', { game_attempt: 5001, note_type: 1, content: MINE }]]);
    const panel = screen.getByRole("alert", { name: "Someone else changed this record" });
    const rows = within(panel).getAllByRole("row").map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Field", "Their value", "Your value"],
      ["Note", "Needed two cues before naming the apple.", MINE],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(noteBox().value).toBe(MINE);
  });

  it("Save mine again sends the text naming the stored version and keeps their note type", async () => {
    await openEditorAndType();
    fireEvent.click(screen.getByRole("button", { name: "Save mine again" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: /^Edit note on/ })).toBeNull());
    expect(patches().map((request) => request.headers["if-match"])).toEqual(['"1"', '"2"']);
    expect(patches()[1]?.body).toEqual({ game_attempt: 5001, note_type: 2, content: MINE });
    expect(await screen.findByText(MINE)).toBeTruthy();
  });

  it("Show their version drops the draft, opens the stored note and hands focus back to its text", async () => {
    await openEditorAndType();
    fireEvent.click(screen.getByRole("button", { name: "Show their version" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Someone else changed this record" })).toBeNull());
    expect(noteBox().value).toBe("Needed two cues before naming the apple.");
    await waitFor(() => expect(document.activeElement).toBe(noteBox()));
    expect(patches()).toHaveLength(1);
  });
});
