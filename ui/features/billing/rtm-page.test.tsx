// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { permissionsForRole } from "../../../domain/shared/permissions/permissions-for-role.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { encodeCursor } from "../../../domain/shared/wire/page-cursor.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { RtmPage } from "./rtm-page.tsx";

// The /rtm page (issue 24) against the scripted server: a month of rows in words (the status as
// text with what is missing, the strip named day by day), the month and the SLP in the address.
const currentApp = useSignedInApp();
const userAs = (code: string, title: string) =>
  Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, role: { id: 2, title, code_name: code }, permissions: permissionsForRole(code as "institution_admin") });
const admin = userAs("institution_admin", "Institution admin");
const slp = userAs("staff", "SLP");

const row = {
  patient: { id: 44, first_name: "Dee", last_name: "Tester", date_of_birth: "1948-06-07" },
  slp: { id: 7, name: "Sam Slp" },
  monitoring_start: "2026-02-10",
  current_period: { start: "2026-02-10", end: "2026-03-11", data_days: 3, days: [{ day: "2026-02-11", sessions: 2 }, { day: "2026-02-12", sessions: 1 }, { day: "2026-02-13", sessions: 1 }] },
  minutes_this_month: 25,
  last_call: { date: "2026-02-13", minutes: 12 },
  codes: [{ code: "98980", units: 1, modifier: "GN" }],
  status: "at risk",
  missing: ["needs 13 more data days by Feb 25"],
};
const answer = { current_page: 1, total_pages: 1, count: 1, results: [row], month: "2026-02", today: "2026-02-14", supply_kind_chosen: true };

const urls: string[] = [];
const serve = (status: number, json: unknown) =>
  currentApp().harness.server.script((request) => {
    urls.push(request.url);
    if (request.method === "GET" && request.url.startsWith("/api/rtm/")) return { status, json };
    if (request.method === "GET" && request.url.startsWith("/api/staff/")) return { status: 200, json: { current_page: 1, total_pages: 1, count: 0, results: [] } };
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });

describe("the /rtm page", () => {
  it("shows the month's rows in words: data days of 16 with a named strip, minutes, last call, codes with GN, status with what is missing", async () => {
    serve(200, answer);
    renderAt(currentApp(), "/rtm?month=2026-02", <RtmPage user={admin} />);
    expect(screen.getByRole("heading", { level: 1, name: "Billing" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Billing for February 2026" });
    const cells = within(table).getAllByRole("row")[1];
    expect(cells?.textContent).toContain("3 of 16");
    expect(within(table).getByText("25 minutes")).toBeTruthy();
    expect(within(table).getByText("Feb 13, 12 minutes")).toBeTruthy();
    expect(within(table).getByText("98980-GN")).toBeTruthy();
    expect(within(table).getByText("At risk: needs 13 more data days by Feb 25")).toBeTruthy();
    const strip = within(table).getByRole("list", { name: "Dee Tester's days, Feb 10 – Mar 11" });
    const names = within(strip).getAllByRole("listitem").map((item) => item.getAttribute("aria-label"));
    expect(names).toHaveLength(30);
    expect(names.slice(0, 5)).toEqual(["Feb 10: no session", "Feb 11: 2 sessions", "Feb 12: 1 session", "Feb 13: 1 session", "Feb 14 (today): no session yet"]);
    expect(screen.getByText("February 2026")).toBeTruthy();
    // The way to the shown month's lock, totals and CSV.
    expect(screen.getByRole("link", { name: "Month-end for February 2026" }).getAttribute("href")).toBe("/rtm/month-end?month=2026-02");
    // The institution has chosen its supply kind: no notice.
    expect(screen.queryByRole("heading", { name: "Device-supply kind not chosen" })).toBeNull();
  });

  it("says, while the institution has chosen no device-supply kind, what cannot be billed and links to where it is chosen (issue 31)", async () => {
    const blocked = { ...row, status: "blocked", codes: [], missing: ["not billable: choose the device-supply kind"] };
    serve(200, { ...answer, results: [blocked], supply_kind_chosen: false });
    renderAt(currentApp(), "/rtm?month=2026-02", <RtmPage user={admin} />);
    const notice = await screen.findByRole("region", { name: "Device-supply kind not chosen" });
    expect(notice.textContent).toContain("no set-up code (98975) can be billed");
    expect(notice.textContent).toContain("Choose it on the institution page: Edit, then Remote monitoring supply codes.");
    expect(within(notice).getByRole("link", { name: "Open the institution page" }).getAttribute("href")).toBe("/organizations/2");
    const table = await screen.findByRole("table", { name: "Billing for February 2026" });
    expect(within(table).getByText("Blocked: not billable: choose the device-supply kind")).toBeTruthy();
    const results = await axe.run(document.body, { runOnly: ["wcag2a", "wcag2aa"] });
    expect(results.violations.filter((item) => item.impact === "serious" || item.impact === "critical").map((item) => item.id)).toEqual([]);
  });

  it("tells an SLP to ask an administrator for the device-supply kind", async () => {
    serve(200, { ...answer, supply_kind_chosen: false });
    renderAt(currentApp(), "/rtm?month=2026-02", <RtmPage user={slp} />);
    const notice = await screen.findByRole("region", { name: "Device-supply kind not chosen" });
    expect(notice.textContent).toContain("Ask an institution administrator to choose it on the institution page.");
  });

  it("moves to the previous month through the address", async () => {
    serve(200, answer);
    const location = renderAt(currentApp(), "/rtm?month=2026-02", <RtmPage user={slp} />);
    await screen.findByRole("table", { name: "Billing for February 2026" });
    expect(screen.queryByRole("combobox", { name: "SLP" })).toBeNull();
    expect(screen.getByRole("combobox", { name: "Status" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/rtm?month=2026-01"));
    await waitFor(() => expect(urls.some((url) => url.includes("month=2026-01"))).toBe(true));
  });

  it("filters by status from the Status list, kept in the address, and asks the server for that status", async () => {
    serve(200, answer);
    const location = renderAt(currentApp(), "/rtm?month=2026-02", <RtmPage user={admin} />);
    await screen.findByRole("table", { name: "Billing for February 2026" });
    expect(screen.getByRole("combobox", { name: "SLP" })).toBeTruthy();
    const list = screen.getByRole<HTMLSelectElement>("combobox", { name: "Status" });
    expect(list.selectedOptions[0]?.textContent).toBe("All statuses");
    expect(within(list).getAllByRole("option").map((option) => option.textContent)).toEqual(["All statuses", "Blocked", "At risk", "On track", "Ready to bill", "No activity"]);
    fireEvent.change(list, { target: { value: within(list).getByRole<HTMLOptionElement>("option", { name: "At risk" }).value } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/rtm?month=2026-02&status=at+risk"));
    await waitFor(() => expect(urls.some((url) => url.includes("status=at+risk") || url.includes("status=at%20risk"))).toBe(true));
  });

  it("pages Next and Previous by the key cursors the list answered (issue 36), kept in the address, and a page number alone still opens a page", async () => {
    const next = encodeCursor({ page: 3, after: true, order: "name", keys: ["dee", 44] });
    const previous = encodeCursor({ page: 1, after: false, order: "name", keys: ["dee", 44] });
    serve(200, { ...answer, current_page: 2, total_pages: 3, count: 21, next_cursor: next, prev_cursor: previous });
    const location = renderAt(currentApp(), "/rtm?month=2026-02&page=2", <RtmPage user={admin} />);
    await screen.findByRole("table", { name: "Billing for February 2026" });
    expect(urls.some((url) => url.includes("page=2") && !url.includes("cursor="))).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/rtm?month=2026-02&page=3&cursor=${next}`));
    await waitFor(() => expect(urls.some((url) => url.includes(`cursor=${next}`))).toBe(true));
    // The scripted server still answers page 2: Previous goes to page 1, which needs no cursor.
    urls.length = 0;
    await waitFor(() => expect(screen.getByRole("button", { name: "Previous" }).getAttribute("data-pending")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/rtm?month=2026-02"));
    await waitFor(() => expect(urls.some((url) => url.startsWith("/api/rtm/"))).toBe(true));
    expect(urls.some((url) => url.includes("cursor="))).toBe(false);
  });

  it("sorts by status from the Status header (a button that says its order), kept in the address", async () => {
    serve(200, answer);
    const location = renderAt(currentApp(), "/rtm?month=2026-02&status=blocked", <RtmPage user={admin} />);
    const table = await screen.findByRole("table", { name: "Billing for February 2026" });
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Status" }).selectedOptions[0]?.textContent).toBe("Blocked");
    const header = within(table).getByRole("columnheader", { name: /Status/ });
    expect(header.getAttribute("aria-sort")).toBe("none");
    expect(within(table).getByRole("columnheader", { name: /Patient/ }).getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(header).getByRole("button"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/rtm?month=2026-02&status=blocked&ordering=status"));
    await waitFor(() => expect(within(screen.getByRole("table")).getByRole("columnheader", { name: /Status/ }).getAttribute("aria-sort")).toBe("ascending"));
    fireEvent.click(within(within(screen.getByRole("table")).getByRole("columnheader", { name: /Status/ })).getByRole("button"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/rtm?month=2026-02&status=blocked&ordering=-status"));
    await waitFor(() => expect(urls.some((url) => url.includes("ordering=-status"))).toBe(true));
  });

  it("says how far the server got while statuses are still being worked out, and asks again until done", async () => {
    let calls = 0;
    currentApp().harness.server.script((request) => {
      if (request.method === "GET" && request.url.startsWith("/api/rtm/")) {
        calls += 1;
        return { status: 200, json: { ...answer, statuses_pending: calls === 1 ? 98_800 : 0, statuses_total: 100_000 } };
      }
      if (request.method === "GET" && request.url.startsWith("/api/staff/")) return { status: 200, json: { current_page: 1, total_pages: 1, count: 0, results: [] } };
      return { status: 404, json: errorBody("ERROR_001", "not scripted") };
    });
    renderAt(currentApp(), "/rtm?month=2026-02&status=at+risk", <RtmPage user={admin} />);
    const region = await screen.findByText(/Working out statuses: 1,200 of 100,000 patients/);
    expect(region.getAttribute("role")).toBe("status");
    await waitFor(() => expect(screen.queryByText(/Working out statuses/)).toBeNull(), { timeout: 6_000 });
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole("status").textContent).toBe("1 patient");
  });

  it("says when the list is empty", async () => {
    serve(200, { ...answer, count: 0, total_pages: 0, results: [] });
    renderAt(currentApp(), "/rtm", <RtmPage user={admin} />);
    expect(await screen.findByText("No patients in this list.")).toBeTruthy();
  });

  it("offers Try again when the list cannot be read", async () => {
    serve(500, errorBody("ERROR_500", "boom"));
    renderAt(currentApp(), "/rtm", <RtmPage user={admin} />);
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("axe finds nothing serious (contrast is left to the browser scans: jsdom has no layout)", async () => {
    serve(200, answer);
    renderAt(currentApp(), "/rtm?month=2026-02", <RtmPage user={admin} />);
    await screen.findByRole("table", { name: "Billing for February 2026" });
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
