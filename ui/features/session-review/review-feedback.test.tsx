// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { clearAnnouncer } from "@react-aria/live-announcer";
import * as Schema from "effect/Schema";
import { afterEach, describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { clearToasts, toastQueue } from "../../feedback/toast-queue.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { SessionDetailPage } from "./session-detail-page.tsx";
import { failure, LEVEL, PATIENT, patientWire } from "./session-review.test-helper.tsx";

// What the reviewer is told after each save in the session review (issue 23, "Feedback and
// focus"): a toast and a polite announcement with the same words, "Nothing changed" for a save
// with nothing to send, the focus on the field to fix, and Escape that closes an edit row and
// gives the focus back to the button that opened it.

const currentApp = useSignedInApp();
const SESSION = 101;
const slp = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  permissions: { patient: ["list", "retrieve"], game_attempt: ["list", "retrieve", "partial_update"], slp_notes: ["list", "retrieve", "create", "partial_update"] },
});
const detail = { ...SESSION_DETAIL_EXAMPLES.naming, patient_id: PATIENT, patient_game_level_id: LEVEL, review: null };
const saved = detail.challenges_in_session[0]?.attempts[1];
if (saved === undefined) throw new Error("the naming example lost its second attempt");
const answer = {
  ...saved,
  score: 0.5,
  version: saved.version + 1,
  session: {
    id: detail.id,
    total_score: detail.total_score,
    total_score_percentage_change: detail.total_score_percentage_change,
    accuracy_percentage: detail.accuracy_percentage,
    accuracy_percentage_change: detail.accuracy_percentage_change,
    avg_duration_per_content: detail.avg_duration_per_content,
    avg_duration_per_content_percentage_change: detail.avg_duration_per_content_percentage_change,
    game_metrics: detail.game_metrics,
  },
};
const noteTypes = [{ id: 1, name: "Observation", color: "#2563eb", sort_order: 1 }];

const serve = () =>
  currentApp().harness.server.script((request) => {
    if (request.url === `/api/patients/${PATIENT}/`) return { status: 200, json: patientWire };
    if (request.url === `/api/patients/${PATIENT}/game-levels/`) return { status: 200, json: [{ id: LEVEL, game: { id: 3, type: "naming", name: "Naming" }, difficulty: "medium", assigned_at: "2026-01-02T10:00:00.000Z" }] };
    if (request.url === `/api/game-session/${SESSION}/detailed/`) return { status: 200, json: detail };
    if (request.url === "/api/note-types/") return { status: 200, json: noteTypes };
    if (request.method === "PATCH" && request.url.startsWith("/api/attempt/")) return { status: 200, json: answer };
    if (request.method === "PUT" && request.url === `/api/game-session/${SESSION}/review/`) {
      return { status: 200, json: { id: SESSION, reviewed: true, review: { reviewed_by: { id: 12, first_name: "Sophie", last_name: "Speech", email: "slp@demo.test" }, reviewed_at: "2026-03-01T10:00:00Z" }, patient_reviewed_status: "reviewed", version: 2 } };
    }
    return { status: 404, json: failure };
  });
const calls = (method: string, prefix: string) => currentApp().harness.server.requests.filter((r) => r.method === method && r.url.startsWith(prefix));
const renderPage = () =>
  renderAt(currentApp(), `/details-panel/patient/${PATIENT}/level/${LEVEL}/trend/${SESSION}`, <SessionDetailPage patientId={PatientId.make(PATIENT)} levelId={GameLevelId.make(LEVEL)} sessionId={GameSessionId.make(SESSION)} user={slp} />);

/** The row's edit button, whatever the table calls it while attempt-tables moves to AttemptEditButton. */
const editButton = async (attemptId: number) => {
  await screen.findByRole("table", { name: "Naming attempts" });
  const button = document.querySelector<HTMLButtonElement>(`[data-edit-attempt="${attemptId}"]`);
  if (button === null) throw new Error(`no edit button for attempt ${attemptId}`);
  return button;
};
const editorOf = () => screen.findByRole("form", { name: /challenge 1, attempt 2$/ });
const polite = () => document.querySelector("[aria-live='polite']")?.textContent ?? "";
const toastTitles = () => toastQueue.visibleToasts.map((toast) => toast.content.title);

afterEach(() => {
  act(() => clearToasts());
  clearAnnouncer("polite");
});

describe("feedback and focus in the session review", () => {
  it("a score error puts the focus on the score, tied to its message; a save is confirmed by a toast and a polite announcement", async () => {
    serve();
    renderPage();
    const opener = await editButton(5002);
    fireEvent.click(opener);
    const form = await editorOf();
    const score = within(form).getByRole("textbox", { name: "Score (0 to 1)" });
    fireEvent.change(score, { target: { value: "1.5" } });
    const save = within(form).getByRole("button", { name: "Save correction" });
    save.focus();
    fireEvent.click(save);
    const message = await within(form).findByText("The score must be between 0 and 1 in steps of 0.1");
    await waitFor(() => expect(document.activeElement).toBe(score));
    expect(score.getAttribute("aria-invalid")).toBe("true");
    expect(score.getAttribute("aria-describedby")?.split(" ")).toContain(message.id);

    fireEvent.change(score, { target: { value: "0.5" } });
    fireEvent.click(save);
    await waitFor(() => expect(toastTitles()).toEqual(["Correction saved"]));
    await waitFor(() => expect(polite()).toContain("Correction saved"));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("a correction saved with nothing changed says Nothing changed, sends nothing and gives the focus back", async () => {
    serve();
    renderPage();
    const opener = await editButton(5002);
    fireEvent.click(opener);
    const form = await editorOf();
    fireEvent.click(within(form).getByRole("button", { name: "Save correction" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: /challenge 1, attempt 2$/ })).toBeNull());
    expect(toastTitles()).toEqual(["Nothing changed"]);
    await waitFor(() => expect(polite()).toContain("Nothing changed"));
    expect(calls("PATCH", "/api/attempt/")).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("Escape in the score field cancels the correction and returns the focus to its edit button", async () => {
    serve();
    renderPage();
    const opener = await editButton(5002);
    fireEvent.click(opener);
    const form = await editorOf();
    const score = within(form).getByRole("textbox", { name: "Score (0 to 1)" });
    await waitFor(() => expect(document.activeElement).toBe(score));
    fireEvent.change(score, { target: { value: "0.9" } });
    fireEvent.keyDown(score, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("form", { name: /challenge 1, attempt 2$/ })).toBeNull());
    expect(calls("PATCH", "/api/attempt/")).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("Escape in a note edit cancels it and returns the focus to Edit note; a note saved unchanged says Nothing changed", async () => {
    serve();
    renderPage();
    const edit = () => screen.findAllByRole("button", { name: /^Edit note on/ }).then((buttons) => buttons[0] as HTMLElement);
    fireEvent.click(await edit());
    const form = await screen.findByRole("form", { name: /^Edit note on/ });
    const text = within(form).getByRole("textbox", { name: /Note/ });
    await waitFor(() => expect(document.activeElement).toBe(text));
    fireEvent.keyDown(text, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("form", { name: /^Edit note on/ })).toBeNull());
    await waitFor(async () => expect(document.activeElement).toBe(await edit()));

    fireEvent.click(await edit());
    fireEvent.click(within(await screen.findByRole("form", { name: /^Edit note on/ })).getByRole("button", { name: "Save note" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: /^Edit note on/ })).toBeNull());
    expect(toastTitles()).toEqual(["Nothing changed"]);
    await waitFor(() => expect(polite()).toContain("Nothing changed"));
    expect(calls("PATCH", "/api/attempt-notes/")).toHaveLength(0);
    await waitFor(async () => expect(document.activeElement).toBe(await edit()));
  });

  it("marking the session reviewed is confirmed by a toast and a polite announcement", async () => {
    serve();
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Mark as reviewed" }));
    await waitFor(() => expect(toastTitles()).toEqual(["Session marked reviewed"]));
    await waitFor(() => expect(polite()).toContain("Session marked reviewed"));
  });
});
