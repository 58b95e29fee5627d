// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PatientId } from "../../../domain/shared/ids.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { PatientExercises } from "./patient-exercises.tsx";

// The patient page's exercises with their sessions waiting for review and "Review next" (issue 23);
// the server is scripted at the HTTP port.

const currentApp = useSignedInApp();
const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };
const PATIENT = 7;
const levels = [
  { id: 31, game: { id: 3, type: "naming", name: "Naming" }, difficulty: "medium", assigned_at: "2026-01-02T10:00:00.000Z" },
  { id: 32, game: { id: 4, type: "parrot", name: "Parrot" }, difficulty: "easy", assigned_at: "2026-01-02T10:00:00.000Z" },
  { id: 33, game: { id: 5, type: "memory_grid", name: "Memory grid" }, difficulty: "hard", assigned_at: "2026-01-02T10:00:00.000Z" },
];

const serve = (pending: unknown, step: unknown) =>
  currentApp().harness.server.script((request) => {
    if (request.url === `/api/patients/${PATIENT}/game-levels/`) return { status: 200, json: levels };
    if (request.url === `/api/patients/${PATIENT}/pending-reviews/`) return { status: 200, json: pending };
    if (request.url === `/api/review-queue/next/?scope=patient&patient=${PATIENT}`) return { status: 200, json: step };
    return { status: 404, json: failure };
  });

const renderExercises = () => renderAt(currentApp(), `/patients/${PATIENT}`, <PatientExercises patientId={PatientId.make(PATIENT)} />);

describe("the patient's exercises", () => {
  it("say per exercise how many sessions wait, by the plural rule, and 'Review next' opens the oldest", async () => {
    serve(
      {
        patient_id: PATIENT,
        pending: 4,
        levels: [
          { level_id: 31, pending: 3, oldest_session_id: 90 },
          { level_id: 32, pending: 1, oldest_session_id: 95 },
          { level_id: 33, pending: 0, oldest_session_id: null },
        ],
      },
      { session: { id: 90, patient_id: PATIENT, level_id: 31, start_time: "2026-01-03T09:00:00Z", patient_name: "Ada Lovelace", game_name: "Naming", correctable_attempts: 3 }, pending: 4 },
    );
    renderExercises();
    const next = await screen.findByRole("link", { name: "Review next" });
    expect(next.getAttribute("href")).toBe(`/details-panel/patient/${PATIENT}/level/31/trend/90`);
    expect(screen.getByText("4 sessions wait for review")).toBeTruthy();
    const items = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^Naming, .* · 3 sessions to review$/),
      expect.stringMatching(/^Parrot, .* · 1 session to review$/),
      expect.stringMatching(/^Memory grid, .* · Nothing to review$/),
    ]);
    expect(within(screen.getAllByRole("listitem")[0] as HTMLElement).getByRole("link").getAttribute("href")).toBe(`/details-panel/patient/${PATIENT}/level/31`);
  });

  it("offers no 'Review next' when nothing waits", async () => {
    serve({ patient_id: PATIENT, pending: 0, levels: levels.map((level) => ({ level_id: level.id, pending: 0, oldest_session_id: null })) }, { session: null, pending: 0 });
    renderExercises();
    expect(await screen.findByText("No sessions wait for review")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Review next" })).toBeNull();
  });

  it("still lists the exercises when the counts cannot be read", async () => {
    currentApp().harness.server.script((request) =>
      request.url === `/api/patients/${PATIENT}/game-levels/` ? { status: 200, json: levels } : { status: 403, json: { ...failure, code: "ERROR_003" } },
    );
    renderExercises();
    expect(await screen.findByRole("link", { name: /^Naming, / })).toBeTruthy();
    expect(screen.queryByText(/to review/)).toBeNull();
  });
});
