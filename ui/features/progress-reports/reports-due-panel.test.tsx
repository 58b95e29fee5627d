// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { DUE_LINKED, ReportsDuePanel } from "./reports-due-panel.tsx";

// The SLP dashboard's "Progress reports due" against the scripted server: the most overdue first,
// only the first few linked, the rest counted in words.
const currentApp = useSignedInApp();

const patient = (id: number) => ({ patient: id, first_name: "Pat", last_name: `Number ${id}`, due: { state: "overdue", due_on: "2026-02-01", treatment_days_left: null } });

describe("ReportsDuePanel", () => {
  it("links the first few patients in the server's order and counts the rest", async () => {
    currentApp().harness.server.script((request) =>
      request.url === "/api/dashboard/progress-reports-due/" ? { status: 200, json: { today: "2026-03-01", patients: Array.from({ length: DUE_LINKED + 3 }, (_, index) => patient(index + 1)) } } : { status: 404, json: { code: "ERROR_030", message: "x", detail: null, id: "t" } },
    );
    renderAt(currentApp(), "/dashboard", <ReportsDuePanel />);
    const section = await screen.findByRole("region", { name: "Progress reports due" });
    const links = within(section).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(Array.from({ length: DUE_LINKED }, (_, index) => `Pat Number ${index + 1}`));
    expect(links[0]?.getAttribute("href")).toBe("/patient/1");
    expect(section.textContent).toContain("And 3 more patients, due or overdue");
  });

  it("lists everyone when few are due, with no count", async () => {
    currentApp().harness.server.script(() => ({ status: 200, json: { today: "2026-03-01", patients: [patient(5)] } }));
    renderAt(currentApp(), "/dashboard", <ReportsDuePanel />);
    const section = await screen.findByRole("region", { name: "Progress reports due" });
    expect(within(section).getAllByRole("link")).toHaveLength(1);
    expect(section.textContent).not.toContain("more, due or overdue");
  });
});
