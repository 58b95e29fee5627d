// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import type { RecordedRequest, ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { userWireFor } from "../../shell/shell.test-helper.ts";
import { PatientBillingSection } from "./patient-billing-section.tsx";

// The History of a corrected time entry and the month the log shows (issue 24, docs/billing.md
// "Time log") against the scripted server: the dialog lists the corrections as sentences and gives
// the focus back to its button; the month is the institution's (the data days' `today`), never the
// viewer's clock, and earlier months are reached with the month buttons.
const currentApp = useSignedInApp();
const ENTRIES_URL = "/api/patients/44/rtm/time-entries/";
const HISTORY_URL = "/api/rtm/time-entries/3/history/";

const clinician = { id: 12, first_name: "Ann", last_name: "Lee" };
const corrected = {
  id: 3,
  patient_id: 44,
  activity: "review",
  start: "2025-12-02T15:00:00.000Z",
  minutes: 20,
  note: "",
  clinician,
  version: 3,
  corrected: { reason: "timer left running", by: 12, at: "2025-12-03T10:04:00.000Z" },
};
const dana = { id: 12, first_name: "Dana", last_name: "Reyes" };
const revisions = [
  {
    id: 9,
    kind: "edit",
    at: "2025-12-03T10:04:00.000Z",
    by: dana,
    reason: "timer left running",
    before: { activity: "review", start: "2025-12-02T15:00:00.000Z", minutes: 15, note: "" },
    changes: [{ field: "minutes", before: 15, after: 20 }],
  },
  {
    id: 8,
    kind: "edit",
    at: "2025-12-02T16:00:00.000Z",
    by: null,
    reason: "note added",
    before: { activity: "review", start: "2025-12-02T15:00:00.000Z", minutes: 15, note: "" },
    changes: [{ field: "note", before: "", after: "with daughter" }],
  },
];

/** The institution is on 31 December 2025 whatever the test machine's clock says. */
const serve = ({ today = "2025-12-31", entries = [corrected] as object[] } = {}, answer?: (request: RecordedRequest) => ScriptedAnswer | undefined) =>
  currentApp().harness.server.script((request) => {
    const taken = answer?.(request);
    if (taken !== undefined) return taken;
    if (request.method === "GET" && request.url === "/api/users/12/") return { status: 200, json: userWireFor("staff") };
    if (request.method === "GET" && request.url.startsWith("/api/patients/44/rtm/data-days/"))
      return { status: 200, json: { patient_id: 44, time_zone: "Pacific/Kiritimati", monitoring_start: null, today, days: [] } };
    if (request.method === "GET" && request.url.startsWith(ENTRIES_URL)) return { status: 200, json: request.url.endsWith("month=2025-12") ? entries : [] };
    if (request.method === "GET" && request.url.startsWith("/api/patients/44/rtm/calls/")) return { status: 200, json: [] };
    if (request.method === "GET" && request.url === HISTORY_URL) return { status: 200, json: revisions };
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });
const render = () => renderAt(currentApp(), "/patient/44", <PatientBillingSection patientId={PatientId.make(44)} patientName="Dee Tester" />);
const asked = (prefix: string) =>
  currentApp()
    .harness.server.requests.filter((request) => request.method === "GET" && request.url.startsWith(prefix))
    .map((request) => request.url.slice(prefix.length));

describe("the history of a corrected time entry", () => {
  it("opens from the keyboard, lists each correction as one sentence, and gives the focus back on close", async () => {
    const user = userEvent.setup();
    serve();
    render();
    const table = await screen.findByRole("table", { name: "Time log, December 2025" });
    expect(within(table).getByText("Corrected: timer left running")).toBeTruthy();
    const button = within(table).getByRole("button", { name: /^History of Review, / });
    expect(asked(HISTORY_URL)).toEqual([]);
    button.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "History of 20 minutes of review" });
    const list = await within(dialog).findByRole("list", { name: "Changes, newest first" });
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      // On the institution's clocks (Kiritimati, UTC+14), as the time log's start column, not the viewer's.
      "Dec 4, 2025, 12:04 AM, by Dana Reyes: minutes 15 → 20; reason: timer left running",
      "Dec 3, 2025, 6:00 AM, by an unknown user: note (none) → “with daughter”; reason: note added",
    ]);
    expect(asked(HISTORY_URL)).toHaveLength(1);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getByRole("table", { name: "Time log, December 2025" })).getByRole("button", { name: /^History of Review, / })));
    // Close does the same.
    fireEvent.click(screen.getByRole("button", { name: /^History of Review, / }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: /^History of Review, / })));
  });

  it("axe finds nothing serious with the month bar and the open History dialog (contrast is left to the browser scans)", async () => {
    serve();
    render();
    fireEvent.click(await screen.findByRole("button", { name: /^History of Review, / }));
    await within(await screen.findByRole("dialog")).findByRole("list", { name: "Changes, newest first" });
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("shows no History for an entry never corrected", async () => {
    serve({ entries: [{ ...corrected, corrected: null, version: 1 }] });
    render();
    const table = await screen.findByRole("table", { name: "Time log, December 2025" });
    expect(within(table).queryByRole("button", { name: /^History/ })).toBeNull();
    expect(within(table).queryByText(/^Corrected:/)).toBeNull();
  });
});

describe("the month of the time log", () => {
  it("is the institution's month from the server's today, not the viewer's clock, and steps back and forth", async () => {
    serve();
    render();
    expect(await screen.findByRole("heading", { name: "Time and calls, December 2025" })).toBeTruthy();
    await waitFor(() => expect(asked(ENTRIES_URL)).toEqual(["?month=2025-12"]));
    expect(asked("/api/patients/44/rtm/calls/")).toEqual(["?month=2025-12"]);
    const next = screen.getByRole("button", { name: "Next month" });
    expect(next.hasAttribute("disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "This month" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    expect(await screen.findByRole("heading", { name: "Time and calls, November 2025" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    expect(await screen.findByRole("heading", { name: "Time and calls, October 2025" })).toBeTruthy();
    await waitFor(() => expect(asked(ENTRIES_URL)).toEqual(["?month=2025-12", "?month=2025-11", "?month=2025-10"]));
    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(await screen.findByRole("heading", { name: "Time and calls, November 2025" })).toBeTruthy();
    // Back at the current month the focus stays in the month bar, on Previous month.
    const thisMonth = screen.getByRole("button", { name: "This month" });
    thisMonth.focus();
    fireEvent.click(thisMonth);
    expect(await screen.findByRole("heading", { name: "Time and calls, December 2025" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Previous month" })));
  });

  it("crosses into the new year with the institution's calendar", async () => {
    serve({ today: "2026-01-01" });
    render();
    expect(await screen.findByRole("heading", { name: "Time and calls, January 2026" })).toBeTruthy();
    await waitFor(() => expect(asked(ENTRIES_URL)).toEqual(["?month=2026-01"]));
  });
});
