// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { PatientBillingSection } from "./patient-billing-section.tsx";

// "Remote monitoring" on the patient record (issue 24) against the scripted server: the current
// period in words, what it still needs, and a day strip whose every day has a name, not only a colour.
const currentApp = useSignedInApp();
const DATA_DAYS_URL = "/api/patients/44/rtm/data-days/";

// Monitoring started Feb 10: period 0 is Feb 10 - Mar 11, period 1 (current on Mar 20) Mar 12 - Apr 10.
const answer = {
  patient_id: 44,
  time_zone: "America/Los_Angeles",
  monitoring_start: "2026-02-10",
  today: "2026-03-20",
  days: [
    { day: "2026-02-11", sessions: 1 },
    { day: "2026-02-12", sessions: 3 },
    { day: "2026-03-12", sessions: 2 },
    { day: "2026-03-13", sessions: 1 },
    { day: "2026-03-15", sessions: 1 },
  ],
};

const serve = (status: number, json: unknown) =>
  currentApp().harness.server.script((request) =>
    request.method === "GET" && request.url === DATA_DAYS_URL ? { status, json } : { status: 404, json: errorBody("ERROR_001", "not scripted") },
  );
const render = () => renderAt(currentApp(), "/patient/44", <PatientBillingSection patientId={PatientId.make(44)} patientName="Dee Tester" />);

describe("the patient's remote monitoring", () => {
  it("names the current period, its data days of 16, the code they support and what is missing", async () => {
    serve(200, answer);
    render();
    expect(screen.getByRole("heading", { level: 2, name: "Remote monitoring" })).toBeTruthy();
    expect(await screen.findByText("Mar 12 – Apr 10")).toBeTruthy();
    expect(screen.getByText(/^3 data days of 16, supports the 2-15 day supply code \(98984, 98985 or 98986/)).toBeTruthy();
    // 13 more days are needed; with none after today, the first must come by Apr 10 - 12 days.
    expect(screen.getByText("needs 13 more data days by Mar 29 for the 16-30 day code")).toBeTruthy();
    expect(screen.getByText(/^Feb 10 – Mar 11: 2 of 30 days with data, supports the 2-15 day supply code/)).toBeTruthy();
  });

  it("lists the period's 30 days, each named in words: sessions, no session, today, still to come", async () => {
    serve(200, answer);
    render();
    const strip = await screen.findByRole("list", { name: "Dee Tester's days, Mar 12 – Apr 10" });
    const names = within(strip)
      .getAllByRole("listitem")
      .map((item) => item.getAttribute("aria-label"));
    expect(names).toHaveLength(30);
    expect(names.slice(0, 10)).toEqual([
      "Mar 12: 2 sessions",
      "Mar 13: 1 session",
      "Mar 14: no session",
      "Mar 15: 1 session",
      "Mar 16: no session",
      "Mar 17: no session",
      "Mar 18: no session",
      "Mar 19: no session",
      "Mar 20 (today): no session yet",
      "Mar 21: not yet",
    ]);
    expect(names.at(-1)).toBe("Apr 10: not yet");
    expect(within(strip).getByRole("listitem", { name: "Mar 12: 2 sessions" }).textContent).toBe("2");
  });

  it("says when monitoring has not started yet", async () => {
    serve(200, { ...answer, monitoring_start: null, days: [] });
    render();
    expect(await screen.findByText("No session yet: remote monitoring starts with the patient's first session.")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("says it is loading, and offers Try again when the data days cannot be read", async () => {
    serve(500, errorBody("ERROR_500", "boom"));
    render();
    expect(screen.getByText("Loading the data days…")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).not.toBe("");
  });
});
