// @vitest-environment jsdom
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearAnnouncer } from "@react-aria/live-announcer";
import axe from "axe-core";
import * as Schema from "effect/Schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { clearToasts, toastQueue } from "../../feedback/toast-queue.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { MANUAL_COPY_MESSAGE } from "./copy-note.tsx";
import { SessionDetailPage } from "./session-detail-page.tsx";
import { failure, LEVEL, PATIENT, patientWire } from "./session-review.test-helper.tsx";

// Copy note (docs/session-note.md): a reviewed session's note goes to the clipboard and is
// announced; where the browser refuses the clipboard the note is shown selected for copying by hand.

const currentApp = useSignedInApp();
const SESSION = 101;
const slp = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  permissions: { patient: ["list", "retrieve"], game_attempt: ["list", "retrieve", "partial_update"], slp_notes: ["list", "retrieve", "create", "partial_update"] },
});
const reviewed = { reviewed_by: { id: 12, first_name: "Sophie", last_name: "Speech", email: "slp@demo.test" }, reviewed_at: "2026-03-01T10:00:00Z" };
const detailWith = (review: typeof reviewed | null) => ({ ...SESSION_DETAIL_EXAMPLES.naming, patient_id: PATIENT, patient_game_level_id: LEVEL, review });

const serve = (review: typeof reviewed | null) =>
  currentApp().harness.server.script((request) => {
    if (request.url === `/api/patients/${PATIENT}/`) return { status: 200, json: patientWire };
    if (request.url === `/api/patients/${PATIENT}/game-levels/`) return { status: 200, json: [{ id: LEVEL, game: { id: 3, type: "naming", name: "Naming" }, difficulty: "medium", assigned_at: "2026-01-02T10:00:00.000Z" }] };
    if (request.url === `/api/game-session/${SESSION}/detailed/`) return { status: 200, json: detailWith(review) };
    if (request.url === "/api/note-types/") return { status: 200, json: [{ id: 1, name: "Observation", color: "#2563eb", sort_order: 1 }] };
    return { status: 404, json: failure };
  });
const renderPage = () =>
  renderAt(currentApp(), `/details-panel/patient/${PATIENT}/level/${LEVEL}/trend/${SESSION}`, <SessionDetailPage patientId={PatientId.make(PATIENT)} levelId={GameLevelId.make(LEVEL)} sessionId={GameSessionId.make(SESSION)} user={slp} />);

const polite = () => document.querySelector("[aria-live='polite']")?.textContent ?? "";
const toastTitles = () => toastQueue.visibleToasts.map((toast) => toast.content.title);

// jsdom has no clipboard: user-event's setup puts its stand-in on the navigator (the page's one
// port to the platform here), which the test reads back, or makes refuse like a browser without permission.
const keyboardUser = () => userEvent.setup();
afterEach(() => {
  act(() => clearToasts());
  clearAnnouncer("polite");
  vi.restoreAllMocks();
});

/** Tab until the Copy note button has the focus, as a keyboard user reaches it. */
const tabTo = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const target = await screen.findByRole("button", { name });
  for (let step = 0; step < 40 && document.activeElement !== target; step++) await user.tab();
  expect(document.activeElement).toBe(target);
};

describe("Copy note", () => {
  it("is offered only once the session is reviewed", async () => {
    serve(null);
    renderPage();
    await screen.findByRole("button", { name: "Mark as reviewed" });
    expect(screen.queryByRole("button", { name: "Copy note" })).toBeNull();
  });

  it("copies the session's note by keyboard and says so in a toast and a polite announcement", async () => {
    serve(reviewed);
    renderPage();
    const user = keyboardUser();
    await tabTo(user, "Copy note");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(toastTitles()).toEqual(["Note copied"]));
    const text = await navigator.clipboard.readText();
    expect(text).toContain("Patient: Ada Lovelace");
    expect(text).toMatch(/^Game: Naming, /m);
    expect(text).toMatch(/^Accuracy before correction: /m);
    expect(text).toMatch(/^Accuracy after correction: /m);
    expect(text).toContain("Needed a phonemic cue before naming the apple.");
    expect(text).toContain("Reviewed by Sophie Speech");
    await waitFor(() => expect(toastTitles()).toEqual(["Note copied"]));
    await waitFor(() => expect(polite()).toContain("Note copied"));
    expect(screen.queryByRole("textbox", { name: "Session note" })).toBeNull();
  });

  it("without clipboard permission shows the note read-only and selected, with how to copy it, and Close gives the focus back", async () => {
    serve(reviewed);
    renderPage();
    const user = keyboardUser();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("Write permission denied.", "NotAllowedError"));
    await tabTo(user, "Copy note");
    await user.keyboard("{Enter}");
    const area = await screen.findByRole<HTMLTextAreaElement>("textbox", { name: "Session note" });
    expect(area.readOnly).toBe(true);
    expect(document.activeElement).toBe(area);
    expect(area.selectionStart).toBe(0);
    expect(area.selectionEnd).toBe(area.value.length);
    expect(area.value).toContain("Patient: Ada Lovelace");
    const described = (area.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(MANUAL_COPY_MESSAGE);
    expect(toastTitles()).toEqual([]);
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await tabTo(user, "Close note");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Session note" })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Copy note" }));
  });
});
