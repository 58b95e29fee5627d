// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import type { RecordedRequest, ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { bootReadsAt } from "../../../domain/boot-reads.ts";
import { UserId } from "../../../domain/shared/ids.ts";
import { startAppHarness, type AppHarness } from "../../app/app-services.test-helper.ts";
import { renderApp } from "../../app/render-app.test-helper.tsx";

// The signed-in area is a lazy chunk; loading it up front makes the states below the user
// record's own, not the chunk's.
beforeAll(async () => {
  await import("../../app/signed-in-routes.tsx");
});

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
  app.harness.adapters.credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };
const userWith = (code_name: string) => ({ ...currentUserWire, role: { ...currentUserWire.role, code_name } });

type Patient = { first: string; last: string };
const PATIENTS: Patient[] = Array.from({ length: 23 }, (_, index) => ({
  first: index === 0 ? "Ada" : `Pat${String(index).padStart(2, "0")}`,
  last: index === 0 ? "Lovelace" : "Example",
}));

/** patients/dashboard as the server pages it: the search matches first or last name, ten rows a page. */
const dashboardAnswer = (request: RecordedRequest): ScriptedAnswer => {
  const query = new URL(request.url, "http://test").searchParams;
  const page = Number(query.get("page") ?? "1");
  const size = Number(query.get("page_size") ?? "10");
  const search = (query.get("search") ?? "").toLowerCase();
  const matching = PATIENTS.filter((p) => `${p.first} ${p.last}`.toLowerCase().includes(search));
  const results = matching.slice((page - 1) * size, page * size).map((p) => {
    const id = PATIENTS.indexOf(p) + 1;
    return {
      id,
      initials: `${p.first[0]}${p.last[0]}`,
      email: `${p.first.toLowerCase()}.${p.last.toLowerCase()}@longhospitalname.org`,
      first_name: p.first,
      last_name: p.last,
      last_updated: id === 2 ? null : "2026-02-27T10:00:00.000Z",
      games_to_review: id === 1 ? 3 : 0,
      reviewed_status: id === 1 ? "pending" : "reviewed",
    };
  });
  return { status: 200, json: { current_page: page, total_pages: Math.ceil(matching.length / size), count: matching.length, results } };
};

const figures = (scale: number) => ({
  patients: { active: 5 * scale, pending: 1 * scale, inactive: 2 * scale },
  slps: { active: 4 * scale, pending: 1 * scale, inactive: 0 },
  sessions_played: 37 * scale,
  sessions_awaiting_review: 12 * scale,
  patients_without_activity: 3 * scale,
});
const overviewFor = (all: boolean) => ({
  period_days: 7,
  generated_at: "2026-03-01T12:00:00.000Z",
  totals: figures(all ? 3 : 1),
  institutions: all
    ? [
        { id: 1, name: "Lakeside Rehabilitation", ...figures(1) },
        { id: 2, name: "Riverside Clinic", ...figures(2) },
      ]
    : [{ id: 2, name: "Riverside Clinic", ...figures(1) }],
  inactive_patients: all
    ? []
    : [
        { id: 41, first_name: "Dora", last_name: "Day", last_session_at: null, assigned_slp: { id: 5, first_name: "Sam", last_name: "Reed" } },
        { id: 42, first_name: "Emil", last_name: "Stone", last_session_at: "2026-02-01T09:00:00.000Z", assigned_slp: null },
      ],
});

type Script = { role?: string; dashboard?: (request: RecordedRequest) => ScriptedAnswer; overview?: () => ScriptedAnswer };
const serve = ({ role = "STAFF", dashboard = dashboardAnswer, overview }: Script) => {
  app.harness.server.script((request) => {
    if (request.url.startsWith("/api/users/")) return { status: 200, json: userWith(role) };
    if (request.url.startsWith("/api/patients/dashboard/")) return dashboard(request);
    if (request.url.startsWith("/api/dashboard/overview/")) return overview?.() ?? { status: 200, json: overviewFor(role === "super_admin") };
    return { status: 404, json: failure };
  });
};
const dashboardCalls = () => app.harness.server.requests.filter((r) => r.url.startsWith("/api/patients/dashboard/")).map((r) => r.url);
const rowNames = () =>
  within(screen.getByRole("table"))
    .getAllByRole("rowheader")
    .map((cell) => cell.textContent);

describe("DashboardPage while the role loads", () => {
  it("shows the heading and a busy status, then the role's dashboard", async () => {
    app.harness.server.script((request) =>
      request.url.startsWith("/api/users/") ? { status: 200, json: currentUserWire, delayMs: 200 } : dashboardAnswer(request),
    );
    renderApp(app.services, "/dashboard");
    // First the shell's loading frame (already headed "Dashboard"), then the dashboard waiting for the role.
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole("status").map((status) => status.textContent)).toContain("Loading your dashboard…"), {
      timeout: 10_000,
    });
    expect(await screen.findByRole("table", {})).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Dashboard"]);
    // The layout owns the one <main>; the page renders into it and adds none of its own.
    const mains = screen.getAllByRole("main");
    expect(mains).toHaveLength(1);
    expect(mains[0]?.contains(screen.getByRole("table"))).toBe(true);
  });

  it("announces a failed profile load and tries again on request", async () => {
    let calls = 0;
    app.harness.server.script((request) => {
      if (!request.url.startsWith("/api/users/")) return dashboardAnswer(request);
      calls += 1;
      return calls === 1 ? { status: 500, json: failure } : { status: 200, json: currentUserWire };
    });
    renderApp(app.services, "/dashboard");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("An error occurred"));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeTruthy();
  });
});

describe("the SLP dashboard", () => {
  it("lists the patients: initials, name linking to the patient, the whole email, last update, games to review, status", async () => {
    serve({});
    renderApp(app.services, "/dashboard");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("23 patients"));
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(11);
    const first = rows[1];
    if (first === undefined) throw new Error("no first row");
    const cells = within(first).getAllByRole("cell").map((cell) => cell.textContent);
    expect(within(first).getByRole("rowheader").textContent).toBe("ALAda Lovelace");
    expect(cells).toEqual(["ada.lovelace@longhospitalname.org", "02/27/2026", "3", "Pending review"]);
    expect(within(rows[2] as HTMLElement).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "pat01.example@longhospitalname.org",
      "No activity yet",
      "0",
      "Reviewed",
    ]);
    expect(screen.getByRole("link", { name: "Ada Lovelace" }).getAttribute("href")).toBe("/patient/1");
    expect(screen.getByRole("link", { name: "Pat01 Example" }).getAttribute("href")).toBe("/patient/2");
    expect(dashboardCalls()).toEqual(["/api/patients/dashboard/?page=1&page_size=10"]);
  });

  it("pages forward and back, disabling Previous on the first page and Next on the last, and never drops the focus", async () => {
    serve({});
    renderApp(app.services, "/dashboard");
    const previous = await screen.findByRole("button", { name: "Previous" });
    const next = screen.getByRole("button", { name: "Next" });
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    // The page number is announced politely where the person pages.
    expect(screen.getByText("Page 1 of 3").getAttribute("aria-live")).toBe("polite");
    expect(previous.hasAttribute("disabled")).toBe(true);
    act(() => next.focus());
    fireEvent.click(next);
    // While the page loads the pressed button waits, still focused, instead of being disabled.
    expect(next.hasAttribute("disabled")).toBe(false);
    expect(next.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(next);
    await screen.findByText("Page 2 of 3");
    expect(rowNames()[0]).toBe("PEPat10 Example");
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    await screen.findByText("Page 3 of 3");
    expect(rowNames()).toEqual(["PEPat20 Example", "PEPat21 Example", "PEPat22 Example"]);
    expect(next.hasAttribute("disabled")).toBe(true);
    expect(previous.hasAttribute("disabled")).toBe(false);
    // Next has nothing left to show: the focus moved to Previous rather than to <body>.
    expect(document.activeElement).toBe(previous);
    fireEvent.click(previous);
    await screen.findByText("Page 2 of 3");
    expect(document.activeElement).toBe(previous);
    expect(dashboardCalls()).toEqual([
      "/api/patients/dashboard/?page=1&page_size=10",
      "/api/patients/dashboard/?page=2&page_size=10",
      "/api/patients/dashboard/?page=3&page_size=10",
    ]);
  });

  it("searches once typing pauses, from the first page, and Escape clears the search", async () => {
    serve({});
    renderApp(app.services, "/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    await screen.findByText("Page 2 of 3");
    const box = screen.getByRole("searchbox", { name: "Search patients" });
    fireEvent.change(box, { target: { value: "ad" } });
    fireEvent.change(box, { target: { value: "ada" } });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("1 patient matches “ada”"));
    expect(rowNames()).toEqual(["ALAda Lovelace"]);
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    fireEvent.keyDown(box, { key: "Escape" });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("23 patients"));
    expect((box as HTMLInputElement).value).toBe("");
    expect(dashboardCalls()).toEqual([
      "/api/patients/dashboard/?page=1&page_size=10",
      "/api/patients/dashboard/?page=2&page_size=10",
      "/api/patients/dashboard/?page=1&page_size=10&search=ada",
    ]);
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
  });

  it("keeps the search and the page in the address, so a reload or a shared link shows the same list", async () => {
    serve({});
    const { location } = renderApp(app.services, "/dashboard?search=pat&page=2");
    await screen.findByText("Page 2 of 3");
    expect((screen.getByRole("searchbox", { name: "Search patients" }) as HTMLInputElement).value).toBe("pat");
    expect(dashboardCalls()).toEqual(["/api/patients/dashboard/?page=2&page_size=10&search=pat"]);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await screen.findByText("Page 1 of 3");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/dashboard?search=pat"));
  });

  it("says when no patient matches the search", async () => {
    serve({});
    renderApp(app.services, "/dashboard");
    await screen.findByRole("table");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search patients" }), { target: { value: "zzz" } });
    expect(await screen.findByText("No patients match “zzz”.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says when no patients are assigned", async () => {
    serve({ dashboard: () => ({ status: 200, json: { current_page: 1, total_pages: 0, count: 0, results: [] } }) });
    renderApp(app.services, "/dashboard");
    expect(await screen.findByText("No patients are assigned to you yet.")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Patient pages" })).toBeNull();
  });

  it("shows a failed load with Try again, which loads the page", async () => {
    let calls = 0;
    serve({
      dashboard: (request) => {
        calls += 1;
        return calls === 1 ? { status: 500, json: failure } : dashboardAnswer(request);
      },
    });
    renderApp(app.services, "/dashboard");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("An error occurred"));
    // A failed load is over: no status region still says it is busy.
    expect(screen.getAllByRole("status").filter((status) => status.getAttribute("aria-busy") === "true")).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Ada Lovelace" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("");
  });
});

const tileValue = (label: string): string | null => {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent ?? null;
};

describe("the overview", () => {
  it("shows an institution admin their figures and the patients without activity, linked", async () => {
    serve({ role: "institution_admin" });
    renderApp(app.services, "/dashboard");
    await screen.findByRole("heading", { level: 2, name: "Riverside Clinic" });
    expect(tileValue("Active patients")).toBe("5");
    expect(tileValue("Sessions played (last 7 days)")).toBe("37");
    expect(tileValue("Sessions awaiting review")).toBe("12");
    expect(tileValue("Patients without activity")).toBe("3");
    expect(tileValue("Active SLPs")).toBe("4");
    expect(screen.getByText("1 pending, 2 inactive")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Dora Day" }).getAttribute("href")).toBe("/patient/41");
    expect(screen.getByRole("link", { name: "Emil Stone" }).getAttribute("href")).toBe("/patient/42");
    expect(screen.getByText("Never played · SLP: Sam Reed")).toBeTruthy();
    expect(screen.getByText("Last played 02/01/2026 · No SLP assigned")).toBeTruthy();
    expect(screen.getByText("The 2 longest without a session, of 3.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(app.harness.server.requests.some((r) => r.url === "/api/dashboard/overview/")).toBe(true);
  });

  it("shows the super admin the totals and one row per institution, with no patient list", async () => {
    serve({ role: "super_admin" });
    renderApp(app.services, "/dashboard");
    const table = await screen.findByRole("table", { name: "Institutions" });
    expect(tileValue("Sessions played (last 7 days)")).toBe("111");
    expect(tileValue("Active patients")).toBe("15");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => [within(row).getByRole("rowheader").textContent, ...within(row).getAllByRole("cell").map((c) => c.textContent)])).toEqual([
      ["Lakeside Rehabilitation", "5", "1", "2", "4", "37", "12", "3"],
      ["Riverside Clinic", "10", "2", "4", "8", "74", "24", "6"],
    ]);
    expect(screen.queryByRole("heading", { name: "Patients without activity" })).toBeNull();
    expect(screen.queryAllByRole("link").filter((link) => link.getAttribute("href")?.startsWith("/patient/"))).toEqual([]);
  });

  it("says when every patient played, and shows a failed load with Try again", async () => {
    let calls = 0;
    serve({
      role: "staff_admin",
      overview: () => {
        calls += 1;
        return calls === 1 ? { status: 500, json: failure } : { status: 200, json: { ...overviewFor(false), inactive_patients: [] } };
      },
    });
    renderApp(app.services, "/dashboard");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("An error occurred"));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Every active patient played in the last 7 days.")).toBeTruthy();
  });
});

// The session's boot script starts the dashboard's reads of the user's role before this code has
// arrived (domain/boot-reads.ts): each must be a request the role's dashboard then makes, or it is
// a request more, silently.
describe("the boot script's dashboard reads", () => {
  it.each([
    ["an SLP", "STAFF", "staff", "table"],
    ["an institution admin", "institution_admin", "institution_admin", "list"],
    ["a staff admin", "staff_admin", "staff_admin", "list"],
    ["the super admin", "super_admin", "super_admin", "table"],
  ] as const)("are requests the dashboard of %s makes", async (_who, wireRole, role, landmark) => {
    serve({ role: wireRole });
    renderApp(app.services, "/dashboard");
    await screen.findByRole(landmark);
    const boot = bootReadsAt("/dashboard", "", role);
    expect(boot.length).toBeGreaterThan(0);
    await waitFor(() => expect(app.harness.server.requests.map((r) => r.url)).toEqual(expect.arrayContaining([...boot])), { timeout: 10_000 });
  });
});

describe("accessibility", () => {
  // jsdom has no layout, so colour contrast is left to the Playwright scans; the rest of axe runs here.
  const seriousViolations = async (): Promise<string[]> => {
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
  };

  it.each([
    ["an SLP", "STAFF", "table"],
    ["an institution admin", "institution_admin", "list"],
    ["the super admin", "super_admin", "table"],
  ])("axe finds nothing serious on the dashboard of %s", async (_who, role, landmark) => {
    serve({ role });
    renderApp(app.services, "/dashboard");
    await screen.findByRole(landmark);
    expect(await seriousViolations()).toEqual([]);
  });
});
