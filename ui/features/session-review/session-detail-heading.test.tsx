// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as Schema from "effect/Schema";
import { describe, expect, it, vi } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { SessionDetailPage } from "./session-detail-page.tsx";
import { failure, LEVEL, PATIENT, patientWire } from "./session-review.test-helper.tsx";

// Issue 35, ninth round: the review below a session's heading is a chunk of its own, behind a
// Suspense boundary of the page. Here its module arrives only when the test opens the gate, as its
// chunk does on a slow line while the heading is drawn. (A file of the isolated project: the
// module is not loaded ahead, tests/setup/ui-files-that-mock-modules.ts.)
const body = vi.hoisted(() => {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let asked = 0;
  return { gate, open: () => open(), ask: () => (asked += 1), asked: () => asked };
});
vi.mock("./session-review-body.tsx", async (importOriginal) => {
  body.ask();
  await body.gate;
  return importOriginal();
});

const currentApp = useSignedInApp();
const SESSION = 101;
const slp = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  permissions: { patient: ["list", "retrieve"], game_attempt: ["list", "retrieve", "partial_update"], slp_notes: ["list", "retrieve", "create", "partial_update"] },
});

const serve = () => {
  currentApp().harness.server.script((request) => {
    if (request.url === `/api/patients/${PATIENT}/`) return { status: 200, json: patientWire };
    if (request.url === `/api/patients/${PATIENT}/game-levels/`) return { status: 200, json: [{ id: LEVEL, game: { id: 3, type: "naming", name: "Naming" }, difficulty: "medium", assigned_at: "2026-01-02T10:00:00.000Z" }] };
    if (request.url === `/api/game-session/${SESSION}/detailed/`) return { status: 200, json: { ...SESSION_DETAIL_EXAMPLES.naming, patient_id: PATIENT, patient_game_level_id: LEVEL, review: null } };
    if (request.url === "/api/note-types/") return { status: 200, json: [] };
    return { status: 404, json: failure };
  });
};

describe("a session's heading before its review's code", () => {
  it("draws the heading, the date and the patient with the review's place busy, then the review once its code arrives, Mark as reviewed a Tab after the heading", async () => {
    serve();
    renderAt(currentApp(), `/details-panel/patient/${PATIENT}/level/${LEVEL}/trend/${SESSION}`, <SessionDetailPage patientId={PatientId.make(PATIENT)} levelId={GameLevelId.make(LEVEL)} sessionId={GameSessionId.make(SESSION)} user={slp} />);
    const heading = await screen.findByRole("heading", { level: 1, name: "Naming session" });
    expect(await screen.findByText(/Ada Lovelace/)).toBeTruthy();
    // The review's place says it is loading, in a polite live region marked busy.
    const loading = screen.getByText("Loading the session's review…");
    expect(loading.getAttribute("role")).toBe("status");
    expect(loading.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByRole("button", { name: "Mark as reviewed" })).toBeNull();
    expect(screen.queryByRole("heading", { level: 2, name: "Attempts" })).toBeNull();
    // The review's code was asked for by the render that drew the heading, without anyone doing anything.
    expect(body.asked()).toBe(1);

    body.open();
    const mark = await screen.findByRole("button", { name: "Mark as reviewed" });
    expect(await screen.findByRole("table", { name: "Naming attempts" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Loading the session's review…")).toBeNull());
    // The heading keeps the place it had (the same element), and the review's first action is one Tab from it.
    expect(screen.getByRole("heading", { level: 1, name: "Naming session" })).toBe(heading);
    heading.tabIndex = -1;
    heading.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(mark);
  });
});
