// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { StartReviewing } from "./start-reviewing.tsx";

// The SLP dashboard's way into the caseload's review queue (issue 23); the server is scripted at the HTTP port.

const currentApp = useSignedInApp();
const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };

const serve = (step: unknown, correctable: unknown = { session: null, pending: 0 }) =>
  currentApp().harness.server.script((request) =>
    request.url === "/api/review-queue/next/?scope=caseload"
      ? { status: 200, json: step }
      : request.url === "/api/review-queue/next/?scope=caseload&only=correctable"
        ? { status: 200, json: correctable }
        : { status: 404, json: failure },
  );

describe("Start reviewing", () => {
  it("opens the caseload's oldest pending session and keeps the caseload walk in its address", async () => {
    serve({ session: { id: 55, patient_id: 7, level_id: 31, start_time: "2026-01-03T09:00:00Z", patient_name: "Ada Lovelace", game_name: "Naming", correctable_attempts: 3 }, pending: 5 });
    renderAt(currentApp(), "/", <StartReviewing />);
    const start = await screen.findByRole("link", { name: "Start reviewing" });
    expect(start.getAttribute("href")).toBe("/details-panel/patient/7/level/31/trend/55?queue=caseload");
    expect(screen.getByText("5 sessions wait for review in your caseload.")).toBeTruthy();
    expect(start.getAttribute("aria-describedby")).toBe("caseload-pending-reviews");
  });

  it("says when the oldest session's attempts are all locked, and offers the oldest with attempts the SLP can correct (issue 31)", async () => {
    const oldest = { id: 55, patient_id: 7, level_id: 31, start_time: "2026-01-03T09:00:00Z", patient_name: "Ada Lovelace", game_name: "Naming", correctable_attempts: 0 };
    serve({ session: oldest, pending: 5 }, { session: { ...oldest, id: 80, patient_id: 9, correctable_attempts: 4 }, pending: 5 });
    renderAt(currentApp(), "/", <StartReviewing />);
    const correctable = await screen.findByRole("link", { name: "Start with sessions you can correct" });
    expect(correctable.getAttribute("href")).toBe("/details-panel/patient/9/level/31/trend/80?queue=caseload&only=correctable");
    expect(screen.getByText("5 sessions wait for review in your caseload. The oldest one's attempts are all locked by the game: you can read, add notes and mark it reviewed.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start reviewing" }).getAttribute("href")).toBe("/details-panel/patient/7/level/31/trend/55?queue=caseload");
  });

  it("offers no second way in when the oldest session can be corrected", async () => {
    serve({ session: { id: 55, patient_id: 7, level_id: 31, start_time: "2026-01-03T09:00:00Z", patient_name: "Ada Lovelace", game_name: "Naming", correctable_attempts: 2 }, pending: 5 });
    renderAt(currentApp(), "/", <StartReviewing />);
    await screen.findByRole("link", { name: "Start reviewing" });
    expect(screen.queryByRole("link", { name: "Start with sessions you can correct" })).toBeNull();
    expect(currentApp().harness.server.requests.some((request) => request.url.includes("only=correctable"))).toBe(false);
  });

  it("says nothing waits instead of offering a way to nowhere", async () => {
    serve({ session: null, pending: 0 });
    renderAt(currentApp(), "/", <StartReviewing />);
    expect(await screen.findByText("No sessions wait for review in your caseload.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Start reviewing" })).toBeNull();
  });
});
