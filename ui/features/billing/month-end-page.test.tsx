// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { permissionsForRole } from "../../../domain/shared/permissions/permissions-for-role.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { MonthEndLink } from "./month-end-link.tsx";
import { MonthEndPage } from "./month-end-page.tsx";

// The month-end summary (issue 24) against the scripted server: totals per status and per code in
// tables, the lock in words, Lock month only for those who may lock (disabled with its reason while
// the month runs), a confirmation before the lock, and the CSV asked through the API.
const currentApp = useSignedInApp();
const userAs = (code: "institution_admin" | "staff", title: string) =>
  Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, role: { id: 2, title, code_name: code }, permissions: permissionsForRole(code) });
const admin = userAs("institution_admin", "Institution admin");
const slp = userAs("staff", "SLP");

const totals = {
  patients: 3,
  billable: 1,
  by_status: [
    { status: "blocked", patients: 0 },
    { status: "at risk", patients: 1 },
    { status: "on track", patients: 0 },
    { status: "ready to bill", patients: 1 },
    { status: "no activity", patients: 1 },
  ],
  by_code: [
    { code: "98975", modifier: "GN", units: 1, patients: 1 },
    { code: "98981", modifier: "GN", units: 2, patients: 1 },
  ],
};
const lock = { locked_at: "2026-03-02T15:00:00.000Z", locked_by: { id: 9, first_name: "Ann", last_name: "Lee" } };
const open = { month: "2026-02", today: "2026-03-05", ended: true, supply_kind_chosen: true, lock: null, totals, locked_copy: null };
const inputs = { institution_version: 3, supply_kind: "musculoskeletal", time_zone: "America/Los_Angeles", judged_on: "2026-03-02", rules: "cpt-2026/issue-31" };
const side = (codes: string, billable: boolean) => ({ codes, billable, period_start: "2026-01-10", period_end: "2026-02-08", minutes: 65 });

const requests: { method: string; url: string }[] = [];
const serve = (state: unknown, afterLock: unknown = state) => {
  let locked = false;
  currentApp().harness.server.script((request) => {
    requests.push({ method: request.method, url: request.url });
    if (request.method === "GET" && request.url.startsWith("/api/rtm/months/") && request.url.includes("export.csv")) {
      return { status: 200, json: { filename: "rtm-2026-02-draft.csv", locked: false, rows: 1, csv: "patient\r\n" } };
    }
    if (request.method === "POST" && request.url === "/api/rtm/months/2026-02/lock/") {
      locked = true;
      return { status: 200, json: { month: "2026-02", lock, created: true, setup_recorded: 1 } };
    }
    if (request.method === "GET" && request.url.startsWith("/api/rtm/months/")) return { status: 200, json: locked ? afterLock : state };
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });
};

describe("the month-end summary", () => {
  it("shows the month's totals per status and per code, and the lock state in words", async () => {
    serve(open);
    renderAt(currentApp(), "/rtm/month-end?month=2026-02", <MonthEndPage user={admin} />);
    expect(screen.getByRole("heading", { level: 1, name: "Month-end" })).toBeTruthy();
    const byStatus = await screen.findByRole("table", { name: "Patients by status" });
    expect(within(byStatus).getByRole("row", { name: "At risk 1" })).toBeTruthy();
    expect(within(byStatus).getAllByRole("row")).toHaveLength(6);
    const byCode = screen.getByRole("table", { name: "Claim lines by code" });
    expect(within(byCode).getByRole("row", { name: "98981-GN 2 1" })).toBeTruthy();
    expect(screen.getByText(/^Open: time entries and calls/)).toBeTruthy();
    expect(screen.getByText("3 patients, 1 with claim lines this month.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "February 2026" })).toBeTruthy();
    const results = await axe.run(document.body, { runOnly: ["wcag2a", "wcag2aa"] });
    expect(results.violations.filter((item) => item.impact === "serious" || item.impact === "critical").map((item) => item.id)).toEqual([]);
  });

  it("locks the month after a confirmation, then says who locked it", async () => {
    serve(open, { ...open, lock });
    renderAt(currentApp(), "/rtm/month-end?month=2026-02", <MonthEndPage user={admin} />);
    fireEvent.click(await screen.findByRole("button", { name: "Lock month" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Lock February 2026?" });
    expect(requests.some((request) => request.method === "POST")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Lock month" }));
    await waitFor(() => expect(requests.some((request) => request.method === "POST" && request.url === "/api/rtm/months/2026-02/lock/")).toBe(true));
    expect(await screen.findByText(/^Locked on .* by Ann Lee/)).toBeTruthy();
    const button = screen.getByRole("button", { name: "Lock month" });
    expect(button.hasAttribute("disabled") || button.getAttribute("aria-disabled") === "true" || button.hasAttribute("data-disabled")).toBe(true);
    expect(screen.getByText("February 2026 is already locked.")).toBeTruthy();
  });

  it("says why a lock was refused, with the confirmation closed and the month still open", async () => {
    currentApp().harness.server.script((request) => {
      requests.push({ method: request.method, url: request.url });
      if (request.method === "POST") return { status: 403, json: errorBody("ERROR_001", "You do not have permission to perform this action") };
      return { status: 200, json: open };
    });
    renderAt(currentApp(), "/rtm/month-end?month=2026-02", <MonthEndPage user={admin} />);
    fireEvent.click(await screen.findByRole("button", { name: "Lock month" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Lock February 2026?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Lock month" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("You do not have permission to perform this action"));
    expect(screen.getByText(/^Open: time entries and calls/)).toBeTruthy();
  });

  it("disables Lock month with its reason while the month runs", async () => {
    serve({ ...open, month: "2026-03", ended: false });
    renderAt(currentApp(), "/rtm/month-end?month=2026-03", <MonthEndPage user={admin} />);
    const button = await screen.findByRole("button", { name: "Lock month" });
    expect(button.hasAttribute("disabled") || button.hasAttribute("data-disabled")).toBe(true);
    const reason = screen.getByText("March 2026 has not ended yet: it can be locked from its next month on.");
    expect(button.getAttribute("aria-describedby")).toBe(reason.id);
  });

  it("offers no Lock month to an SLP, and downloads the CSV through the API", async () => {
    serve(open);
    renderAt(currentApp(), "/rtm/month-end?month=2026-02", <MonthEndPage user={slp} />);
    fireEvent.click(await screen.findByRole("button", { name: "Download CSV (draft)" }));
    expect(screen.queryByRole("button", { name: "Lock month" })).toBeNull();
    await waitFor(() => expect(requests.some((request) => request.url === "/api/rtm/months/2026-02/export.csv")).toBe(true));
  });

  it("serves a locked month as kept, says how many lines differ from what was locked, and lets them be reviewed (issue 31)", async () => {
    const review = [
      { patient_id: 4, patient: "Kept Aasetup", locked: side("98975-GN; 98977-GN", true), now: side("", false) },
      { patient_id: 5, patient: "Kept Abedge", locked: side("98980-GN", true), now: side("98976-GN; 98980-GN", true) },
    ];
    serve({ ...open, lock, locked_copy: { inputs, differences: 2, review } });
    renderAt(currentApp(), "/rtm/month-end?month=2026-02", <MonthEndPage user={admin} />);
    const region = await screen.findByRole("region", { name: "2 lines differ from what was locked" });
    expect(region.textContent).toContain("The CSV and the totals are the copy kept at the lock.");
    const toggle = within(region).getByRole("button", { name: "Review the differences" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(within(region).queryByRole("table")).toBeNull();
    toggle.focus();
    fireEvent.click(toggle);
    const table = await within(region).findByRole("table", { name: "Lines that differ from what was locked" });
    expect(within(table).getByRole("row", { name: "Kept Aasetup 98975-GN; 98977-GN nothing billable" })).toBeTruthy();
    expect(within(table).getByRole("row", { name: "Kept Abedge 98980-GN 98976-GN; 98980-GN" })).toBeTruthy();
    const expanded = within(region).getByRole("button", { name: "Hide the differences" });
    expect(expanded.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(expanded);
    const results = await axe.run(document.body, { runOnly: ["wcag2a", "wcag2aa"] });
    expect(results.violations.filter((item) => item.impact === "serious" || item.impact === "critical").map((item) => item.id)).toEqual([]);
  });

  it("says so when every locked line still matches, and shows the supply-kind notice while none is chosen", async () => {
    serve({ ...open, lock, supply_kind_chosen: false, locked_copy: { inputs, differences: 0, review: [] } });
    renderAt(currentApp(), "/rtm/month-end?month=2026-02", <MonthEndPage user={admin} />);
    expect(await screen.findByText("Every line still matches what was locked.")).toBeTruthy();
    const notice = screen.getByRole("region", { name: "Device-supply kind not chosen" });
    expect(within(notice).getByRole("link", { name: "Open the institution page" }).getAttribute("href")).toBe("/organizations/2");
  });

  it("links from /rtm to the month-end of the month shown", () => {
    serve(open);
    renderAt(currentApp(), "/rtm", <MonthEndLink month="2026-02" />);
    expect(screen.getByRole("link", { name: "Month-end for February 2026" }).getAttribute("href")).toBe("/rtm/month-end?month=2026-02");
  });
});
