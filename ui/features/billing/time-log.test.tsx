// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RecordedRequest, ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import type { RoleCode } from "../../../domain/shared/roles.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { userWireFor } from "../../shell/shell.test-helper.ts";
import { PatientBillingSection } from "./patient-billing-section.tsx";

// The time log and call log of the patient's billing panel (issue 24) against the scripted server:
// the month's union minutes, adding and correcting entries with the server's checks made first,
// a read-only role, and a call.
const currentApp = useSignedInApp();
const ENTRIES_URL = "/api/patients/44/rtm/time-entries/";
const CALLS_URL = "/api/patients/44/rtm/calls/";

const dataDays = { patient_id: 44, time_zone: "America/Los_Angeles", monitoring_start: null, today: "2026-03-20", days: [] };
const clinician = { id: 12, first_name: "Ann", last_name: "Lee" };
const entry = (id: number, start: string, minutes: number, extra: object = {}) => ({
  id,
  patient_id: 44,
  activity: "review",
  start,
  minutes,
  note: "",
  clinician,
  version: 1,
  corrected: null,
  ...extra,
});
const call = { id: 5, patient_id: 44, date: "2026-03-03", minutes: 12, participants: "patient and daughter", taken_by: clinician, created_at: "2026-03-03T18:00:00.000Z" };

const serve = (
  { role = "staff", entries = [], calls = [] }: { role?: RoleCode; entries?: object[]; calls?: object[] },
  answer?: (request: RecordedRequest) => ScriptedAnswer | undefined,
) =>
  currentApp().harness.server.script((request) => {
    const taken = answer?.(request);
    if (taken !== undefined) return taken;
    if (request.method === "GET" && request.url === "/api/users/12/") return { status: 200, json: userWireFor(role) };
    if (request.method === "GET" && request.url.startsWith("/api/patients/44/rtm/data-days/")) return { status: 200, json: dataDays };
    if (request.method === "GET" && request.url.startsWith(ENTRIES_URL)) return { status: 200, json: entries };
    if (request.method === "GET" && request.url.startsWith(CALLS_URL)) return { status: 200, json: calls };
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });
const render = () => renderAt(currentApp(), "/patient/44", <PatientBillingSection patientId={PatientId.make(44)} patientName="Dee Tester" />);
const sent = (method: string, prefix: string) => currentApp().harness.server.requests.filter((request) => request.method === method && request.url.startsWith(prefix));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false, selector: "input, textarea" }), { target: { value } });

/** The segments (spin buttons) of the kit's date or time field named `label`. */
const segmentsOf = (label: string) => within(screen.getByRole("group", { name: label })).getAllByRole("spinbutton");
/** Types into a date or time field by keyboard, from its first segment on (the segments move on by themselves). */
const typeSegments = async (label: string, keys: string) => {
  // A date field's code arrives after the form shows (ui/kit/lazy-field.ts): wait for its segments.
  await screen.findByRole("group", { name: label });
  segmentsOf(label)[0]?.focus();
  await userEvent.keyboard(keys);
};
const valuesOf = (label: string) => segmentsOf(label).map((segment) => segment.getAttribute("aria-valuetext"));

// The forms read "now" for their defaults and checks: only Date is faked, so promises and timers run.
// 19:05 UTC on 20 March is 12:05 in Los Angeles (the institution's zone), the data days' today.
const NOW = new Date("2026-03-20T19:05:00.000Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

// Activity is the browser's own <select>: choosing an option fires its change event (tests/e2e
// choose it with the keyboard in Chromium).
const chooseActivity = (name: string) => {
  const select = screen.getByRole<HTMLSelectElement>("combobox", { name: "Activity" });
  fireEvent.change(select, { target: { value: within(select).getByRole<HTMLOptionElement>("option", { name }).value } });
  expect(select.selectedOptions[0]?.textContent).toBe(name);
};

describe("the patient's time log", () => {
  it("counts overlapping time once in the month's total and names the code and the missing call", async () => {
    // 09:00-09:20 and 09:10-09:25 overlap: 25 minutes, not 35.
    serve({ entries: [entry(1, "2026-03-02T09:00:00.000Z", 20), entry(2, "2026-03-02T09:10:00.000Z", 15, { corrected: { reason: "typed 51", by: 12, at: "2026-03-02T10:00:00.000Z" } })] });
    render();
    expect(await screen.findByText("Treatment management this month: 25 minutes (overlaps counted once), supports 98980; needs a live call.")).toBeTruthy();
    const table = screen.getByRole("table", { name: /^Time log, / });
    expect(within(table).getByText("Corrected: typed 51")).toBeTruthy();
    expect(within(table).getAllByText("Ann Lee")).toHaveLength(2);
  });

  it("adds an entry: sends the activity, start, minutes and note, and confirms it", async () => {
    let created = false;
    serve({}, (request) => {
      if (request.method !== "POST" || request.url !== ENTRIES_URL) return undefined;
      created = true;
      return { status: 201, json: entry(7, "2026-01-05T09:30:00.000Z", 25, { activity: "care_planning" }) };
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Add time entry" }));
    chooseActivity("Care planning");
    await typeSegments("Start date", "03022026");
    await typeSegments("Start time", "0930A");
    type("Length in minutes", "25");
    type("Note", "  Updated the home plan ");
    fireEvent.click(screen.getByRole("button", { name: "Log time" }));
    await waitFor(() => expect(created).toBe(true));
    // 09:30 on 2 March on the institution's clocks (Los Angeles, UTC-8 then), not the browser's.
    expect(sent("POST", ENTRIES_URL)[0]?.body).toEqual({ activity: "care_planning", start: "2026-03-02T17:30:00.000Z", minutes: 25, note: "Updated the home plan" });
    expect(await screen.findByText("Time logged: 25 minutes of care planning")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("group", { name: "Log time" })).toBeNull());
  });

  it("marks the /rtm list and month-end as out of date once time or a call is logged, so going back shows the new minutes", async () => {
    serve({}, (request) => {
      if (request.method === "POST" && request.url === ENTRIES_URL) return { status: 201, json: entry(7, "2026-03-02T17:30:00.000Z", 25) };
      if (request.method === "POST" && request.url === CALLS_URL) return { status: 201, json: { ...call, id: 6, date: "2026-03-08", minutes: 15, participants: "patient" } };
      return undefined;
    });
    const { queryClient } = currentApp();
    // What /rtm and month-end showed a moment ago, still fresh by their stale time.
    const listKey = ["rtm", "list", "current", 1, "all", "all", "name"];
    const monthEndKey = ["rtm", "month-end", "2026-03"];
    queryClient.setQueryData(listKey, { results: [] });
    queryClient.setQueryData(monthEndKey, { month: "2026-03" });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Add time entry" }));
    chooseActivity("Review");
    await typeSegments("Start date", "03022026");
    await typeSegments("Start time", "0930A");
    type("Length in minutes", "25");
    fireEvent.click(screen.getByRole("button", { name: "Log time" }));
    await waitFor(() => expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(monthEndKey)?.isInvalidated).toBe(true);

    queryClient.setQueryData(listKey, { results: [] });
    fireEvent.click(await screen.findByRole("button", { name: "Add call" }));
    await typeSegments("Call date", "03082026");
    type("Call length in minutes", "15");
    type("Participants", "patient");
    fireEvent.click(screen.getByRole("button", { name: "Log the call" }));
    await waitFor(() => expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true));
  });

  it("refuses 601 minutes before sending: the field says why and takes the focus", async () => {
    serve({});
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Add time entry" }));
    chooseActivity("Review");
    type("Length in minutes", "601");
    fireEvent.click(screen.getByRole("button", { name: "Log time" }));
    const minutes = screen.getByLabelText("Length in minutes", { exact: false, selector: "input" });
    await waitFor(() => expect(document.activeElement).toBe(minutes));
    expect(minutes.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (minutes.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toContain("Enter whole minutes from 1 to 600.");
    expect(sent("POST", ENTRIES_URL)).toHaveLength(0);
  });

  it("a correction requires a reason, then sends it with the version it started from", async () => {
    serve({ entries: [entry(1, "2026-03-02T09:00:00.000Z", 20)] }, (request) =>
      request.method === "PATCH" ? { status: 200, json: entry(1, "2026-03-02T09:00:00.000Z", 30, { version: 2 }) } : undefined,
    );
    render();
    fireEvent.click(await screen.findByRole("button", { name: /^Edit Review/ }));
    type("Length in minutes", "30");
    fireEvent.click(screen.getByRole("button", { name: "Save the correction" }));
    const reason = screen.getByLabelText("Reason for the change", { exact: false, selector: "textarea" });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(screen.getByText("Say why the entry is changed.")).toBeTruthy();
    expect(sent("PATCH", "/api/rtm/time-entries/")).toHaveLength(0);
    type("Reason for the change", "typed 20, was 30");
    fireEvent.click(screen.getByRole("button", { name: "Save the correction" }));
    await waitFor(() => expect(sent("PATCH", "/api/rtm/time-entries/1/")).toHaveLength(1));
    expect(sent("PATCH", "/api/rtm/time-entries/1/")[0]?.body).toEqual({ minutes: 30, reason: "typed 20, was 30", version: 1 });
  });

  it("a stale correction (412) says so and reads the log again", async () => {
    serve({ entries: [entry(1, "2026-03-02T09:00:00.000Z", 20)] }, (request) =>
      request.method === "PATCH" ? { status: 412, json: { ...errorBody("ERROR_056", "Someone else changed this record"), detail: { field: "version" } } } : undefined,
    );
    render();
    fireEvent.click(await screen.findByRole("button", { name: /^Edit Review/ }));
    type("Reason for the change", "fix");
    const before = sent("GET", ENTRIES_URL).length;
    fireEvent.click(screen.getByRole("button", { name: "Save the correction" }));
    expect(await screen.findByText(/Someone else changed this entry meanwhile/)).toBeTruthy();
    await waitFor(() => expect(sent("GET", ENTRIES_URL).length).toBeGreaterThan(before));
  });

  it("shows an institution admin the log without the add, edit or remove controls", async () => {
    serve({ role: "institution_admin", entries: [entry(1, "2026-03-02T09:00:00.000Z", 20)], calls: [call] });
    render();
    expect(await screen.findByRole("table", { name: /^Time log, / })).toBeTruthy();
    expect(await screen.findByText(/patient and daughter/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add time entry" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add call" })).toBeNull();
  });
});

describe("the patient's call log", () => {
  it("lists the month's calls and adds one: day, minutes, who took part", async () => {
    serve({ calls: [call] }, (request) =>
      request.method === "POST" && request.url === CALLS_URL ? { status: 201, json: { ...call, id: 6, date: "2026-03-08", minutes: 15, participants: "patient" } } : undefined,
    );
    render();
    expect(await screen.findByText("Mar 3, 2026: 12 minutes with patient and daughter")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Add call" }));
    await typeSegments("Call date", "03082026");
    type("Call length in minutes", "15");
    type("Participants", "patient");
    fireEvent.click(screen.getByRole("button", { name: "Log the call" }));
    await waitFor(() => expect(sent("POST", CALLS_URL)).toHaveLength(1));
    expect(sent("POST", CALLS_URL)[0]?.body).toEqual({ date: "2026-03-08", minutes: 15, participants: "patient" });
    expect(await screen.findByText("Call logged: Mar 8, 2026, 15 minutes")).toBeTruthy();
  });
});

describe("removing and cancelling", () => {
  it("removes an entry only with a reason, in a dialog that names it", async () => {
    serve({ entries: [entry(1, "2026-03-02T09:00:00.000Z", 20)] }, (request) => (request.method === "DELETE" ? { status: 204 } : undefined));
    render();
    fireEvent.click(await screen.findByRole("button", { name: /^Remove Review/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove 20 minutes of review?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await within(dialog).findByText("Say why the entry is removed.")).toBeTruthy();
    expect(sent("DELETE", "/api/rtm/time-entries/")).toHaveLength(0);
    type("Reason for the removal", "logged twice");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(sent("DELETE", "/api/rtm/time-entries/1/")).toHaveLength(1));
    expect(sent("DELETE", "/api/rtm/time-entries/1/")[0]?.body).toEqual({ reason: "logged twice", version: 1 });
    expect(await screen.findByText("Entry removed: 20 minutes of review")).toBeTruthy();
  });

  it("Escape closes the entry form and gives the focus back to Add time entry", async () => {
    serve({});
    render();
    const add = await screen.findByRole("button", { name: "Add time entry" });
    add.focus();
    fireEvent.click(add);
    fireEvent.keyDown(segmentsOf("Start date")[0] as HTMLElement, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("group", { name: "Log time" })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add time entry" })));
  });
});

describe("cancelling a call", () => {
  it("Escape closes the call form and gives the focus back to Add call", async () => {
    serve({});
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Add call" }));
    fireEvent.keyDown(segmentsOf("Call date")[0] as HTMLElement, { key: "Escape" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add call" })));
  });
});

describe("the forms' defaults, focus and log window (issue 31, items 10 and 15)", () => {
  it("opens a new entry at now on the institution's clocks, with the focus on Activity, the first field", async () => {
    serve({});
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Add time entry" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("combobox", { name: "Activity" })));
    expect(valuesOf("Start date")).toEqual(["3 – March", "20", "2026"]);
    expect(valuesOf("Start time").slice(0, 2)).toEqual(["12 PM", "05"]);
  });

  it("opens a new call on the institution's today, not the browser's, with the focus on the call date", async () => {
    // 05:00 UTC on 21 March is still 20 March, 22:00, in Los Angeles.
    vi.setSystemTime(new Date("2026-03-21T05:00:00.000Z"));
    serve({});
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Add call" }));
    await waitFor(() => expect(document.activeElement).toBe(segmentsOf("Call date")[0]));
    expect(valuesOf("Call date")).toEqual(["3 – March", "20", "2026"]);
    // The institution's tomorrow is refused before sending, though it is the browser's today.
    await typeSegments("Call date", "03212026");
    type("Call length in minutes", "15");
    type("Participants", "patient");
    fireEvent.click(screen.getByRole("button", { name: "Log the call" }));
    expect(await screen.findByText("The call cannot be in the future.")).toBeTruthy();
    expect(sent("POST", CALLS_URL)).toHaveLength(0);
  });

  it("refuses a start back-dated to 1900 before sending, and the date takes the focus", async () => {
    serve({});
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Add time entry" }));
    chooseActivity("Review");
    await typeSegments("Start date", "01011900");
    type("Length in minutes", "22");
    fireEvent.click(screen.getByRole("button", { name: "Log time" }));
    expect(await screen.findByText("Time can be logged from February 1, 2026 on: this month and last.")).toBeTruthy();
    await waitFor(() => expect(segmentsOf("Start date")).toContain(document.activeElement));
    expect(sent("POST", ENTRIES_URL)).toHaveLength(0);
  });

  it("puts the server's refusal of the start under the date", async () => {
    serve({}, (request) =>
      request.method === "POST" && request.url === ENTRIES_URL ? { status: 400, json: { ...errorBody("ERROR_056", "The field is not valid"), detail: { field: "start" } } } : undefined,
    );
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Add time entry" }));
    chooseActivity("Review");
    type("Length in minutes", "22");
    fireEvent.click(screen.getByRole("button", { name: "Log time" }));
    await waitFor(() => expect(sent("POST", ENTRIES_URL)).toHaveLength(1));
    expect(await within(screen.getByRole("group", { name: "Start date" }).parentElement as HTMLElement).findByText("The field is not valid")).toBeTruthy();
  });

  it("axe finds nothing serious with both forms open (contrast is left to the browser scans)", async () => {
    serve({});
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Add time entry" }));
    fireEvent.click(await screen.findByRole("button", { name: "Add call" }));
    await screen.findByRole("group", { name: "Call date" });
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("shows each entry's start on the institution's clocks, as the form takes it", async () => {
    // 17:30 UTC on 2 March is 09:30 in Los Angeles, whatever the viewer's zone.
    serve({ entries: [entry(1, "2026-03-02T17:30:00.000Z", 20)] });
    render();
    const table = await screen.findByRole("table", { name: /^Time log, / });
    expect(within(table).getByText("Mar 2, 2026, 9:30 AM")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Review, Mar 2, 2026, 9:30 AM" })).toBeTruthy();
  });
});
