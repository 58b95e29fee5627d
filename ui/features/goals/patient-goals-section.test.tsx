// @vitest-environment jsdom
import * as Schema from "effect/Schema";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { PatientGoalsSection } from "./patient-goals-section.tsx";

// The Goals section of the patient record (issue 37) against the scripted server: a goal in words,
// its status in words beside the colour, the chart named by its summary, the data as a table, and
// the form that marks every missing part of the criterion before sending anything.
const currentApp = useSignedInApp();
const GOALS_URL = "/api/patients/44/goals/";

const userOf = (roleCode: string, goals: readonly string[]) =>
  Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, role: { id: 1, title: roleCode, code_name: roleCode }, permissions: { goals }, institution: { id: 2, name: "Riverside Clinic" } });

const point = (session: number, day: string, accuracy: number) => ({ session, start_time: `${day}T10:00:00Z`, day, level: "medium", accuracy, meets: accuracy >= 80 });
const goal = {
  id: 7,
  patient: 44,
  label: "LTG-1",
  kind: "long_term",
  parent_goal: null,
  statement: "Names everyday objects in conversation",
  game_types: ["naming", "parrot"],
  min_level: "medium",
  min_accuracy: 80,
  sessions: 3,
  window: "consecutive",
  of_sessions: 3,
  start_date: "2026-03-01",
  due_date: "2026-05-01",
  baseline_entered: null,
  lifecycle: "active",
  created_by: { first_name: "Sophie", last_name: "Speech" },
  created_at: "2026-03-01T10:00:00Z",
  updated_at: "2026-03-01T10:00:00Z",
  version: 1,
  progress: {
    status: "improving",
    baseline: { value: 50, source: "sessions", sessions: [1, 2, 3] },
    current: 75,
    current_sessions: [4, 5],
    achieved_on: null,
    points: [point(4, "2026-03-05", 70), point(5, "2026-03-08", 80)],
  },
};

const requests: string[] = [];
const bodies: unknown[] = [];
const serve = () =>
  currentApp().harness.server.script((request) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.method === "PATCH" && request.url === "/api/goals/7/") {
      bodies.push(request.body);
      return { status: 200, json: { ...goal, lifecycle: "discontinued", version: 2, progress: { ...goal.progress, status: "not-attainable" } } };
    }
    return request.method === "GET" && request.url === GOALS_URL ? { status: 200, json: { today: "2026-03-10", goals: [goal] } } : { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });
const render = (user = userOf("staff", ["list", "retrieve", "create", "update"])) =>
  renderAt(currentApp(), "/patient/44", <PatientGoalsSection patientId={PatientId.make(44)} user={user} />);

describe("the patient's goals", () => {
  it("shows each goal's criterion in words, baseline -> current -> target, its status in words, the chart's summary and the data as a table", async () => {
    serve();
    render();
    const card = (await screen.findByRole("heading", { level: 3, name: "LTG-1 (long-term)" })).closest("li");
    if (card === null) throw new Error("no goal card");
    const inCard = within(card);
    expect(inCard.getByText("Status: Improving")).toBeTruthy();
    expect(inCard.getByText("Naming or Parrot at medium level or harder, at least 80% accurate (after corrections) over 3 consecutive sessions, by May 1, 2026.")).toBeTruthy();
    expect(inCard.getByText("Baseline 50% (from 3 sessions before the start) -> current 75% -> target 80%")).toBeTruthy();
    const summary = "LTG-1 is improving: 2 sessions since the start, 1 at or above the 80% target, latest window 75% against a baseline of 50%.";
    expect(inCard.getByText(summary)).toBeTruthy();
    expect(inCard.getByRole("img").getAttribute("aria-label")).toBe(`${summary} Baseline 50% (from 3 sessions before the start) -> current 75% -> target 80%.`);
    const table = inCard.getByRole("table", { name: "LTG-1: measured sessions since the start, oldest first" });
    expect(within(table).getAllByRole("row").map((row) => row.textContent)).toEqual(["SessionLevelAccuracy (corrected)Meets the target", "Mar 5, 2026medium70%No", "Mar 8, 2026medium80%Yes"]);
  });

  it("marks every missing part of a new goal on its field and sends nothing; Cancel gives the focus back to Add a goal", async () => {
    serve();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add a goal" }));
    const form = screen.getByRole("group", { name: "New goal" });
    expect(document.activeElement).toBe(within(form).getByRole("textbox", { name: /^Goal statement/ }));
    await user.click(within(form).getByRole("button", { name: "Save the goal" }));
    for (const message of ["The goal statement is required", "The game is required", "The level is required", "The accuracy is required", "The number of sessions is required", "The due date is required"]) {
      expect(within(form).getByText(message)).toBeTruthy();
    }
    expect(requests.filter((request) => !request.startsWith("GET"))).toEqual([]);
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add a goal" })));
  });

  it("closes a goal as discontinued through its edit form, sending the version it started from", async () => {
    serve();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit LTG-1" }));
    const form = screen.getByRole("group", { name: "Edit LTG-1" });
    await user.click(within(form).getByRole("radio", { name: /^Discontinued/ }));
    await user.click(within(form).getByRole("button", { name: "Save the goal" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ statement: goal.statement, min_accuracy: 80, lifecycle: "discontinued", version: 1 });
    await waitFor(() => expect(screen.queryByRole("group", { name: "Edit LTG-1" })).toBeNull());
  });

  it("offers no writing to an administrator, who holds only list and retrieve", async () => {
    serve();
    render(userOf("institution_admin", ["list", "retrieve"]));
    await screen.findByRole("heading", { level: 3, name: "LTG-1 (long-term)" });
    expect(screen.queryByRole("button", { name: "Add a goal" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit LTG-1" })).toBeNull();
  });
});
