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
import { PatientReportsSection } from "./patient-reports-section.tsx";

// The Progress reports section of the patient record (issue 37) against the scripted server: the
// due state in words, a drafted report with a table per goal, Sign refused while the plan is empty
// with the message on the plan and the focus on it, then signed with its SHA-256 shown.
const currentApp = useSignedInApp();
const LIST_URL = "/api/patients/44/progress-reports/";

const userOf = (goals: readonly string[]) =>
  Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, role: { id: 1, title: "staff", code_name: "staff" }, permissions: { goals }, institution: { id: 2, name: "Riverside Clinic" } });

const draft = {
  id: 9,
  patient: 44,
  patient_name: { first_name: "Mia", last_name: "Stone" },
  state: "draft",
  drafted: {
    period: { start: "2026-02-01", end: "2026-02-28" },
    goals: [
      { goal: 7, label: "LTG-1", statement: "Names objects", criterion: "Naming at easy level or harder, at least 80% accurate (after corrections) over 2 consecutive sessions, by Dec 31, 2099.", target: 80, baseline: { value: 50, source: "sessions" }, current: 87.5, status: "improving", achieved_on: null, verdict_sessions: [4, 5], sessions: [] },
    ],
    adherence: { sessions_done: 5, sessions_assigned: 20, data_days: 5, clinician_minutes: 25 },
    ratings: [],
  },
  fields: { assessment: "", plan: "", goal_changes: "", credentials: "", npi: "" },
  npi_required: false,
  signer: null,
  signed_at: null,
  content_sha256: null,
  addenda: [],
  created_at: "2026-03-01T09:00:00.000Z",
  updated_at: "2026-03-01T09:00:00.000Z",
  version: 1,
};
const HASH = "ab".repeat(32);

const requests: string[] = [];
const serve = () =>
  currentApp().harness.server.script((request) => {
    requests.push(`${request.method} ${request.url}`);
    const body = request.body as Record<string, unknown> | undefined;
    if (request.method === "GET" && request.url === LIST_URL) return { status: 200, json: { today: "2026-03-01", due: { state: "overdue", due_on: "2026-02-28", treatment_days_left: null }, reports: [] } };
    if (request.method === "POST" && request.url === LIST_URL) return { status: 201, json: draft };
    if (request.method === "GET" && request.url === "/api/progress-reports/9/") return { status: 200, json: draft };
    if (request.method === "PATCH" && request.url === "/api/progress-reports/9/") return { status: 200, json: { ...draft, fields: { ...draft.fields, ...body, version: undefined }, version: 2 } };
    if (request.method === "POST" && request.url === "/api/progress-reports/9/sign/")
      return { status: 200, json: { ...draft, state: "signed", fields: { ...draft.fields, plan: "Continue twice weekly", credentials: "CCC-SLP" }, signer: { name: "Sophie Speech", credentials: "CCC-SLP", npi: null }, signed_at: "2026-03-01T12:00:00.000Z", content_sha256: HASH, version: 3 } };
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });

const signed = {
  ...draft,
  state: "signed",
  fields: { ...draft.fields, plan: "Continue twice weekly", credentials: "CCC-SLP" },
  signer: { name: "Sophie Speech", credentials: "CCC-SLP", npi: null },
  signed_at: "2026-03-01T12:00:00.000Z",
  content_sha256: HASH,
  version: 3,
};
const addendumBodies: unknown[] = [];
const serveSigned = () =>
  currentApp().harness.server.script((request) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.method === "GET" && request.url === LIST_URL)
      return { status: 200, json: { today: "2026-03-02", due: { state: "not_due", due_on: "2026-03-31", treatment_days_left: null }, reports: [{ id: 9, period: draft.drafted.period, state: "signed", signed_at: signed.signed_at, version: 3 }] } };
    if (request.method === "GET" && request.url === "/api/progress-reports/9/") return { status: 200, json: signed };
    if (request.method === "POST" && request.url === "/api/progress-reports/9/addenda/") {
      addendumBodies.push(request.body);
      const addendum = { id: 1, text: "Session of Feb 27 was 30 minutes", signer: { name: "Sophie Speech", credentials: "CCC-SLP", npi: null }, signed_at: "2026-03-02T08:30:00.000Z", content_sha256: "cd".repeat(32) };
      return { status: 201, json: { ...signed, addenda: [addendum] } };
    }
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });

describe("the patient's progress reports", () => {
  it("drafts a report, refuses to sign it while the plan is empty with the focus on the plan, then signs it and shows its SHA-256", async () => {
    serve();
    renderAt(currentApp(), "/patient/44", <PatientReportsSection patientId={PatientId.make(44)} user={userOf(["list", "retrieve", "create", "update"])} />);
    expect(await screen.findByText("Next report overdue (due Feb 28, 2026)")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Draft a report" }));
    const report = await screen.findByRole("article", { name: "Progress report" });
    const table = within(report).getByRole("table", { name: "LTG-1 measures" });
    expect(within(table).getAllByRole("row").map((row) => row.textContent)).toEqual([
      "BaselineCurrentTargetStatusSessions in period",
      "50% (from sessions before the start)87.5%80%Improving, from the latest 2 sessionsNone",
    ]);
    await user.click(within(report).getByRole("button", { name: "Sign the report" }));
    const plan = within(report).getByRole("textbox", { name: /^Plan/ });
    await waitFor(() => expect(document.activeElement).toBe(plan));
    expect(within(report).getByText("The plan is required")).toBeTruthy();
    expect(requests.filter((one) => one.includes("sign"))).toEqual([]);
    await user.type(plan, "Continue twice weekly");
    await user.type(within(report).getByRole("textbox", { name: /^Your credentials/ }), "CCC-SLP");
    await user.click(within(report).getByRole("button", { name: "Sign the report" }));
    expect(await within(report).findByText(`SHA-256 of the signed content: ${HASH}`)).toBeTruthy();
    expect(requests).toContain("POST /api/progress-reports/9/sign/");
    expect(within(report).queryByRole("button", { name: "Sign the report" })).toBeNull();
  });

  it("refuses a blank addendum on its field with the focus there, then signs a written one and shows it with its signer and time", async () => {
    serveSigned();
    renderAt(currentApp(), "/patient/44", <PatientReportsSection patientId={PatientId.make(44)} user={userOf(["list", "retrieve", "create", "update"])} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Feb 1, 2026 to Feb 28, 2026, signed" }));
    const report = await screen.findByRole("article", { name: "Progress report" });
    await user.click(await within(report).findByRole("button", { name: "Add addendum" }));
    const form = within(report).getByRole("group", { name: "New addendum" });
    await user.click(within(form).getByRole("button", { name: "Sign the addendum" }));
    const text = within(form).getByRole("textbox", { name: /^Addendum/ });
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(within(form).getByText("The addendum is required")).toBeTruthy();
    expect(addendumBodies).toEqual([]);
    await user.type(text, "Session of Feb 27 was 30 minutes");
    await user.click(within(form).getByRole("button", { name: "Sign the addendum" }));
    expect(await within(report).findByText("Session of Feb 27 was 30 minutes")).toBeTruthy();
    expect(within(report).getByText("Signed by Sophie Speech, CCC-SLP, on 2026-03-02T08:30:00.000Z")).toBeTruthy();
    expect(addendumBodies).toEqual([{ text: "Session of Feb 27 was 30 minutes" }]);
    await waitFor(() => expect(within(report).queryByRole("group", { name: "New addendum" })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(report).getByRole("button", { name: "Add addendum" })));
  });
});
