// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { StartReviewing } from "./start-reviewing.tsx";

// The SLP dashboard's way into the caseload's review queue (issue 23); the server is scripted at the HTTP port.

const currentApp = useSignedInApp();
const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };

const serve = (step: unknown) =>
  currentApp().harness.server.script((request) =>
    request.url === "/api/review-queue/next/?scope=caseload" ? { status: 200, json: step } : { status: 404, json: failure },
  );

describe("Start reviewing", () => {
  it("opens the caseload's oldest pending session and keeps the caseload walk in its address", async () => {
    serve({ session: { id: 55, patient_id: 7, level_id: 31, start_time: "2026-01-03T09:00:00Z", patient_name: "Ada Lovelace", game_name: "Naming" }, pending: 5 });
    renderAt(currentApp(), "/", <StartReviewing />);
    const start = await screen.findByRole("link", { name: "Start reviewing" });
    expect(start.getAttribute("href")).toBe("/details-panel/patient/7/level/31/trend/55?queue=caseload");
    expect(screen.getByText("5 sessions wait for review in your caseload.")).toBeTruthy();
    expect(start.getAttribute("aria-describedby")).toBe("caseload-pending-reviews");
  });

  it("says nothing waits instead of offering a way to nowhere", async () => {
    serve({ session: null, pending: 0 });
    renderAt(currentApp(), "/", <StartReviewing />);
    expect(await screen.findByText("No sessions wait for review in your caseload.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Start reviewing" })).toBeNull();
  });
});
