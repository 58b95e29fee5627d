// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UserId } from "../../../domain/shared/ids.ts";
import { startAppHarness, type AppHarness } from "../../app/app-services.test-helper.ts";
import { renderApp, SHELL_LOAD_TIMEOUT_MS } from "../../app/render-app.test-helper.tsx";
import { activate, focusHere, heard, heardApart, pressKey, readBackTo, readTo, startReading, stopReading, typeText, waitToHear } from "../../app/screen-reader.test-helper.ts";
import { userWireFor } from "../../shell/shell.test-helper.ts";

// The patients list as a screen-reader user hears it (issue 23), in the whole signed-in app
// against a scripted server: arriving from the sidebar, the table's caption, headers and rows,
// then a status filter and a search, each announced by the count of what matches.

// The signed-in area and the list page are lazy chunks; loaded once here, as the browser preloads
// them, so the arrival is the page itself and not its loading placeholder.
beforeAll(async () => {
  await import("../../app/signed-in-routes.tsx");
  await import("./patients-list-page.tsx");
});

afterEach(stopReading);

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const patient = (id: number, first: string, last: string, status: string, reviewed: string) => ({
  id,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.org`,
  birthdate: "1950-04-02",
  status,
  reviewed_status: reviewed,
  staff: null,
  created_at: `2026-01-0${id}T10:00:00.000Z`,
  version: 1,
});
const PATIENTS = [patient(1, "Ada", "Lovelace", "active", "pending"), patient(2, "Grace", "Hopper", "inactive", "reviewed"), patient(3, "Alan", "Turing", "active", "reviewed")];

/** An SLP signed in; the list answers by its status and search filters as the server would. */
const serve = () => {
  app.harness.server.script((request) => {
    if (request.url === "/api/users/12/") return { status: 200, json: userWireFor("staff") };
    if (request.url === "/api/games/") return { status: 200, json: [{ id: 3, type: "naming", name: "Naming", levels_available: [] }] };
    if (request.url.startsWith("/api/patients/?")) {
      const params = new URL(request.url, "http://test").searchParams;
      const statuses = params.getAll("status");
      const search = (params.get("search") ?? "").toLowerCase();
      const rows = PATIENTS.filter((row) => (statuses.length === 0 || statuses.includes(row.status)) && `${row.first_name} ${row.last_name}`.toLowerCase().includes(search));
      // "a" stands for a short search of a large clinic, whose count the server caps at 1,000.
      if (search === "a") return { status: 200, json: { current_page: 1, total_pages: 100, count: 1000, count_capped: true, results: rows } };
      return { status: 200, json: { current_page: 1, total_pages: 1, count: rows.length, results: rows } };
    }
    // The dashboard's own reads are not this test's business: they fail at once.
    return { status: 404, json: { code: "ERROR_001", message: "not scripted", detail: null, id: "t" } };
  });
  app.harness.adapters.credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
};

/** Signed in on the dashboard, settled, the reader on the sidebar's Patients link; then Enter. */
const arriveFromSidebar = async () => {
  serve();
  renderApp(app.services, "/dashboard");
  await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: SHELL_LOAD_TIMEOUT_MS });
  // Nothing of the dashboard is still loading, so nothing of it is announced later.
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  await startReading();
  await readTo("link, Patients");
  await focusHere();
  await heard();
  await pressKey("Enter");
  await waitToHear("polite: 3 patients", 2);
};

/** The header row as heard, the same before and after a filter. */
const HEADERS = [
  "rowgroup",
  "row, Patient Email Status Review Assigned SLP Added",
  "columnheader, Patient, sorted in ascending order",
  "button, Patient",
  "Patient",
  "end of button, Patient",
  "end of columnheader, Patient, sorted in ascending order",
  "columnheader, Email",
  "columnheader, Status",
  "columnheader, Review",
  "columnheader, Assigned SLP",
  "columnheader, Added, no defined sort order",
  "button, Added",
  "Added",
  "end of button, Added",
  "end of columnheader, Added, no defined sort order",
  "end of row, Patient Email Status Review Assigned SLP Added",
  "end of rowgroup",
];

/** What the rows and their cells say, one row after another. */
const rowsSaid = (log: readonly string[]) => log.filter((phrase) => phrase.startsWith("row, "));

describe("the patients list, heard through a screen reader", { timeout: 60_000 }, () => {
  it("says the page's heading on arrival and its count, then the filters, the table's caption, headers and rows in order", async () => {
    await arriveFromSidebar();
    // The focus moves to the new page's h1; the count arrives in the polite status region (the
    // virtual reader says an atomic region once for its text and once for its aria-busy).
    expect(await heard()).toEqual(["heading, Patients, level 1", "polite: 3 patients", "polite: 3 patients"]);

    await readTo("end of table, Patients");
    expect(await heard()).toEqual([
      // Right after the heading, so the sidebar is one Tab away (issue 31).
      "link, Skip to navigation",
      "search, Find patients",
      "Search by name or email",
      "searchbox, Search by name or email",
      "button, Clear search",
      "✕",
      "end of button, Clear search",
      "group, Status",
      "Status",
      "checkbox, Active, not checked",
      "Active",
      "checkbox, Pending, not checked",
      "Pending",
      "checkbox, Inactive, not checked",
      "Inactive",
      "end of group, Status",
      "group, Review",
      "Review",
      "checkbox, Pending review, not checked",
      "Pending review",
      "checkbox, Reviewed, not checked",
      "Reviewed",
      "end of group, Review",
      // Exercise and Sort by are the browser's own <select>: a combobox named by its label, its
      // options inside it. The virtual reader gives a select the chosen option's value attribute
      // ("any", "first_name") as its value and every option its implicit "not selected"; Chrome
      // gives the chosen option's text ("Any exercise") and marks it selected (tests/e2e check
      // the browser's own tree).
      "Exercise",
      "combobox, Exercise, any, has popup listbox, not expanded",
      "option, Any exercise, any, not selected, position 1, set size 2",
      "option, Naming, 3, not selected, position 2, set size 2",
      "end of combobox, Exercise, any, has popup listbox, not expanded",
      "Sort by",
      "combobox, Sort by, first_name, has popup listbox, not expanded",
      "option, Name, A to Z, first_name, not selected, position 1, set size 4",
      "option, Name, Z to A, -first_name, not selected, position 2, set size 4",
      "option, Date added, oldest first, created_at, not selected, position 3, set size 4",
      "option, Date added, newest first, -created_at, not selected, position 4, set size 4",
      "end of combobox, Sort by, first_name, has popup listbox, not expanded",
      "end of search, Find patients",
      "status",
      "3 patients",
      "end of status",
      "alert",
      "region, Patients",
      "table, Patients",
      "caption, Patients",
      ...HEADERS,
      "rowgroup",
      "row, Ada Lovelace ada@example.org Active Pending review Not assigned 01/01/2026",
      "rowheader, Ada Lovelace",
      "link, Ada Lovelace",
      "Ada",
      "Lovelace",
      "end of link, Ada Lovelace",
      "end of rowheader, Ada Lovelace",
      "cell, ada@example.org",
      "ada@example.org",
      "end of cell, ada@example.org",
      "cell, Active",
      "Active",
      "end of cell, Active",
      "cell, Pending review",
      "Pending review",
      "end of cell, Pending review",
      "cell, Not assigned",
      "Not assigned",
      "end of cell, Not assigned",
      "cell, 01/01/2026",
      "end of row, Ada Lovelace ada@example.org Active Pending review Not assigned 01/01/2026",
      "row, Grace Hopper grace@example.org Inactive Reviewed Not assigned 01/02/2026",
      "rowheader, Grace Hopper",
      "link, Grace Hopper",
      "Grace",
      "Hopper",
      "end of link, Grace Hopper",
      "end of rowheader, Grace Hopper",
      "cell, grace@example.org",
      "grace@example.org",
      "end of cell, grace@example.org",
      "cell, Inactive",
      "Inactive",
      "end of cell, Inactive",
      "cell, Reviewed",
      "Reviewed",
      "end of cell, Reviewed",
      "cell, Not assigned",
      "Not assigned",
      "end of cell, Not assigned",
      "cell, 01/02/2026",
      "end of row, Grace Hopper grace@example.org Inactive Reviewed Not assigned 01/02/2026",
      "row, Alan Turing alan@example.org Active Reviewed Not assigned 01/03/2026",
      "rowheader, Alan Turing",
      "link, Alan Turing",
      "Alan",
      "Turing",
      "end of link, Alan Turing",
      "end of rowheader, Alan Turing",
      "cell, alan@example.org",
      "alan@example.org",
      "end of cell, alan@example.org",
      "cell, Active",
      "Active",
      "end of cell, Active",
      "cell, Reviewed",
      "Reviewed",
      "end of cell, Reviewed",
      "cell, Not assigned",
      "Not assigned",
      "end of cell, Not assigned",
      "cell, 01/03/2026",
      "end of row, Alan Turing alan@example.org Active Reviewed Not assigned 01/03/2026",
      "end of rowgroup",
      "end of table, Patients",
    ]);
  });

  it("announces a status filter's result count, then reads only the matching rows", async () => {
    await arriveFromSidebar();
    await readTo("checkbox, Active, not checked");
    await focusHere();
    await heard();
    await activate();
    await waitToHear("polite: 2 patients match the filters", 2);
    // While the filtered page loads the region says so, then how many match.
    expect(await heard()).toEqual([
      "polite: Loading patients…",
      "polite: Loading patients…",
      "polite: 2 patients match the filters",
      "polite: 2 patients match the filters",
    ]);
    // The list's last read (the signed-in area's chat stream may have asked something since).
    expect(app.harness.server.requests.findLast((request) => request.url.startsWith("/api/patients/?"))?.url).toContain("status=active");

    await readTo("end of table, Patients");
    const table = await heard();
    expect(table.slice(table.indexOf("status"), table.indexOf("rowgroup"))).toEqual([
      "status",
      "2 patients match the filters",
      "end of status",
      "alert",
      "region, Patients",
      "table, Patients",
      "caption, Patients",
    ]);
    expect(rowsSaid(table)).toEqual([
      "row, Patient Email Status Review Assigned SLP Added",
      "row, Ada Lovelace ada@example.org Active Pending review Not assigned 01/01/2026",
      "row, Alan Turing alan@example.org Active Reviewed Not assigned 01/03/2026",
    ]);
  });

  it("announces a search's count with its verb agreeing (1 patient matches), reads the one row, then says where no row matches", async () => {
    await arriveFromSidebar();
    await readTo("searchbox, Search by name or email");
    await focusHere();
    await heard();
    // One key at a time: on a loaded machine the 300 ms debounce could settle between keys of a word.
    await typeText("u");
    // The field reads back what was typed; once the search settles the count is announced.
    await waitToHear("polite: 1 patient matches the filters", 2);
    await waitToHear("searchbox, Search by name or email, u");
    expect(await heardApart()).toEqual({
      said: ["searchbox, Search by name or email, u"],
      polite: ["polite: Loading patients…", "polite: Loading patients…", "polite: 1 patient matches the filters", "polite: 1 patient matches the filters"],
      assertive: [],
    });
    await readTo("end of table, Patients");
    expect(rowsSaid(await heard())).toEqual([
      "row, Patient Email Status Review Assigned SLP Added",
      "row, Alan Turing alan@example.org Active Reviewed Not assigned 01/03/2026",
    ]);

    await readBackTo("searchbox, Search by name or email, u");
    await focusHere();
    await heard();
    await typeText("q");
    await waitToHear("polite: 0 patients match the filters", 2);
    await waitToHear("searchbox, Search by name or email, uq");
    expect(await heardApart()).toEqual({
      said: ["searchbox, Search by name or email, uq"],
      polite: ["polite: Loading patients…", "polite: Loading patients…", "polite: 0 patients match the filters", "polite: 0 patients match the filters"],
      assertive: [],
    });
    await readTo("end of table, Patients");
    const table = await heard();
    expect(table).toContain("caption, Patients");
    expect(rowsSaid(table)).toEqual(["row, Patient Email Status Review Assigned SLP Added", "row, No patients match these filters."]);
  });

  it("announces a capped search count as more than 1,000", async () => {
    await arriveFromSidebar();
    await readTo("searchbox, Search by name or email");
    await focusHere();
    await heard();
    await typeText("a");
    await waitToHear("polite: More than 1,000 patients match the filters", 2);
  });
});
