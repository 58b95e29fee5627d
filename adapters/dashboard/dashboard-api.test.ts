// @vitest-environment jsdom
import { dashboardApiOf } from "./dashboard-api.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InstitutionId, UserId } from "../../domain/shared/ids.ts";
import { startHarness, type Harness } from "../shared/fixtures.test-helper.ts";
import { errorBody } from "../shared/test-server.test-helper.ts";

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
  harness.adapters.credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
});
afterEach(async () => {
  await harness.close();
});

const dashboardPage = {
  current_page: 2,
  total_pages: 3,
  count: 21,
  results: [
    {
      id: 7,
      initials: "AL",
      email: "ada.lovelace@patients.org",
      first_name: "Ada",
      last_name: "Lovelace",
      last_updated: "2026-02-27T10:00:00.000Z",
      games_to_review: 2,
      reviewed_status: "pending",
    },
  ],
};

const figures = {
  patients: { active: 5, pending: 1, inactive: 1 },
  slps: { active: 1, pending: 1, inactive: 1 },
  sessions_played: 3,
  sessions_awaiting_review: 2,
  patients_without_activity: 3,
};
const overview = {
  period_days: 7,
  generated_at: "2026-03-01T12:00:00.000Z",
  totals: figures,
  institutions: [{ id: 2, name: "Riverside Clinic", ...figures }],
  inactive_patients: [{ id: 9, first_name: "Dora", last_name: "Day", last_session_at: null, assigned_slp: null }],
};

describe("dashboard calls", () => {
  it("ask for one page of the SLP dashboard with a trimmed search, and leave a blank search out", async () => {
    harness.server.script(() => ({ status: 200, json: dashboardPage }));
    const dashboardApi = dashboardApiOf(harness.adapters.client);
    const page = await dashboardApi.getPatientsDashboard({ search: "  ada  ", page: 2, pageSize: 10 });
    await dashboardApi.getPatientsDashboard({ search: "   ", page: 1, pageSize: 10 });
    await dashboardApi.getPatientsDashboard({ page: 1, pageSize: 10 });
    expect(harness.server.requests.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ["GET", "/api/patients/dashboard/?page=2&page_size=10&search=ada", "Bearer acc-1"],
      ["GET", "/api/patients/dashboard/?page=1&page_size=10", "Bearer acc-1"],
      ["GET", "/api/patients/dashboard/?page=1&page_size=10", "Bearer acc-1"],
    ]);
    expect(page.results[0]).toMatchObject({ id: 7, games_to_review: 2, reviewed_status: "pending" });
    expect(page.total_pages).toBe(3);
  });

  it("ask for the overview, narrowed to an institution only when one is named", async () => {
    harness.server.script(() => ({ status: 200, json: overview }));
    const dashboardApi = dashboardApiOf(harness.adapters.client);
    const answer = await dashboardApi.getOverview();
    await dashboardApi.getOverview({ institution: InstitutionId.make(4) });
    expect(harness.server.requests.map((r) => r.url)).toEqual(["/api/dashboard/overview/", "/api/dashboard/overview/?institution=4"]);
    expect(answer.totals.sessions_awaiting_review).toBe(2);
    expect(answer.inactive_patients[0]?.first_name).toBe("Dora");
  });

  it("reject with the catalogue failure the server answered", async () => {
    harness.server.script(() => ({ status: 403, json: errorBody("ERROR_001", "An error occurred") }));
    await expect(dashboardApiOf(harness.adapters.client).getOverview()).rejects.toMatchObject({ code: "ERROR_001", status: 403 });
  });

  it("reject an answer that breaks the schema as ERROR_001 rather than trusting it", async () => {
    harness.server.script(() => ({ status: 200, json: { ...overview, totals: { ...figures, sessions_played: -1 } } }));
    const original = console.error;
    console.error = () => {};
    try {
      await expect(dashboardApiOf(harness.adapters.client).getOverview()).rejects.toMatchObject({ code: "ERROR_001", status: 200 });
      harness.server.script(() => ({ status: 200, json: { ...dashboardPage, results: [{ id: "x" }] } }));
      await expect(dashboardApiOf(harness.adapters.client).getPatientsDashboard({ page: 1, pageSize: 10 })).rejects.toMatchObject({ code: "ERROR_001" });
    } finally {
      console.error = original;
    }
  });
});
