// @vitest-environment jsdom
import axe from "axe-core";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RecordedRequest, ScriptedAnswer } from "../../../../adapters/shared/test-server.test-helper.ts";
import { errorBody } from "../../../../adapters/shared/test-server.test-helper.ts";
import { TIMER_NOTES, type TimerActivity } from "../../../../domain/billing/work-timer.ts";
import { PatientId } from "../../../../domain/shared/ids.ts";
import type { RoleCode } from "../../../../domain/shared/roles.ts";
import { renderAt, useSignedInApp } from "../../../app/signed-in-app.test-helper.tsx";
import { userWireFor } from "../../../shell/shell.test-helper.ts";
import { WorkTimerBar } from "./work-timer-bar.tsx";
import { runBeforeSignOut } from "../../../session/before-sign-out.ts";
import { LEAVE_GRACE_MS, leaveAnyPatient } from "./work-timer-machines.ts";

// The work timer bar against the scripted server, with the page's clock faked (time still moves
// on its own so the HTTP calls settle): counting, pause and resume, the inactivity stop, the save
// through POST patients/{id}/rtm/time-entries/, leaving the patient's pages, and who sees it.
const currentApp = useSignedInApp();
const ENTRIES_URL = "/api/patients/44/rtm/time-entries/";
const MINUTE = 60_000;
const T0 = new Date("2026-03-02T09:00:00.000Z");
const created = { id: 9, patient_id: 44, activity: "review", start: T0.toISOString(), minutes: 4, note: TIMER_NOTES.review, clinician: { id: 12, first_name: "Ann", last_name: "Lee" }, version: 1, corrected: null };

const serve = (role: RoleCode = "staff", answer?: (request: RecordedRequest) => ScriptedAnswer | undefined) =>
  currentApp().harness.server.script((request) => {
    const taken = answer?.(request);
    if (taken !== undefined) return taken;
    if (request.method === "GET" && request.url === "/api/users/12/") return { status: 200, json: userWireFor(role) };
    if (request.method === "POST" && request.url === ENTRIES_URL) return { status: 201, json: created };
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });
const posts = () => currentApp().harness.server.requests.filter((request) => request.method === "POST" && request.url === ENTRIES_URL);
const render = (activity?: TimerActivity) =>
  renderAt(currentApp(), activity === "messaging" ? "/slp-chat" : "/patient/44", <WorkTimerBar patientId={PatientId.make(44)} patientName="Alex Doe" {...(activity === undefined ? {} : { activity })} />);
const later = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** The person works: a key every minute for `minutes` minutes. */
const work = async (minutes: number) => {
  for (let minute = 0; minute < minutes; minute += 1) {
    await later(MINUTE);
    fireEvent.keyDown(document.body, { key: "ArrowDown" });
  }
};
/** The entry's start: when the work began (the faked clock moves on a few milliseconds by itself). */
const startOf = (body: unknown): unknown => (typeof body === "object" && body !== null && "start" in body ? body.start : undefined);
const nearT0 = (start: unknown) => typeof start === "string" && Math.abs(Date.parse(start) - T0.getTime()) < 1_000;
const status = () => screen.getByRole("region", { name: "Work timer" }).querySelector("p")?.textContent;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["Date", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  cleanup();
  leaveAnyPatient();
  vi.useRealTimers();
});

describe("the work timer bar", () => {
  it("counts whole minutes, pauses and resumes from the keyboard, and logs them as review time", async () => {
    serve();
    render();
    expect(await screen.findByText("Timing your work on Alex Doe: 0 min")).toBeTruthy();
    await work(4);
    await later(40_000);
    expect(status()).toBe("Timing your work on Alex Doe: 4 min");

    const pause = screen.getByRole("button", { name: "Pause" });
    pause.focus();
    fireEvent.keyDown(pause, { key: "Enter" });
    fireEvent.keyUp(pause, { key: "Enter" });
    expect(await screen.findByText("Timer paused on Alex Doe: 4 min")).toBeTruthy();
    // A polite announcement of the change, not of every minute.
    expect(await screen.findByText("Timer paused: 4 min counted.")).toBeTruthy();
    await later(30 * MINUTE);
    expect(status()).toBe("Timer paused on Alex Doe: 4 min");

    fireEvent.click(screen.getByRole("button", { name: "Resume" }));
    await work(2);
    expect(status()).toBe("Timing your work on Alex Doe: 6 min");

    fireEvent.click(screen.getByRole("button", { name: "Stop and log" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ activity: "review", minutes: 6, note: TIMER_NOTES.review });
    expect(nearT0(startOf(posts()[0]?.body))).toBe(true);
    expect(await screen.findByText("Logged 6 min of review for Alex Doe.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Start timing again" })).toBeTruthy();
  });

  it("stops after five minutes without input, counting up to the last input only", async () => {
    serve();
    render();
    await screen.findByText("Timing your work on Alex Doe: 0 min");
    await work(3);
    await later(5 * MINUTE);
    expect(await screen.findByText("Timer stopped: no input for 5 minutes. 3 min counted on Alex Doe, not logged yet.")).toBeTruthy();
    // Input alone does not restart it, and the idle minutes are not counted.
    fireEvent.keyDown(document.body, { key: "a" });
    await later(10 * MINUTE);
    expect(status()).toMatch(/^Timer stopped: .* 3 min counted/);
    fireEvent.click(screen.getByRole("button", { name: "Stop and log" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ activity: "review", minutes: 3, note: TIMER_NOTES.review });
  });

  it("logs nothing under a minute", async () => {
    serve();
    render();
    await screen.findByText("Timing your work on Alex Doe: 0 min");
    await later(50_000);
    fireEvent.click(screen.getByRole("button", { name: "Stop and log" }));
    expect(await screen.findByText("Less than a minute counted: nothing logged.", { selector: "p" })).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it("says when the save failed and sends it again on Try again", async () => {
    let refused = false;
    serve("staff", (request) => {
      if (request.method !== "POST" || refused) return undefined;
      refused = true;
      return { status: 503, json: errorBody("ERROR_001", "An error occurred") };
    });
    render();
    await screen.findByText("Timing your work on Alex Doe: 0 min");
    await work(2);
    fireEvent.click(screen.getByRole("button", { name: "Stop and log" }));
    expect(await screen.findByText("2 min not logged for Alex Doe.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Logged 2 min of review for Alex Doe.")).toBeTruthy();
    const [first, second] = posts().map((request) => request.body);
    expect(first).toMatchObject({ activity: "review", minutes: 2, note: TIMER_NOTES.review });
    // The same entry again, not a new one.
    expect(second).toEqual(first);
  });

  it("keeps one timer across the patient's pages, and saves once the person has left them", async () => {
    serve();
    render();
    await screen.findByText("Timing your work on Alex Doe: 0 min");
    await work(3);
    // The record goes and the session page of the same patient comes: one timer goes on.
    cleanup();
    await later(2_000);
    render();
    expect(await screen.findByText("Timing your work on Alex Doe: 3 min")).toBeTruthy();
    await work(1);
    cleanup();
    // Elsewhere now: nothing is sent until the grace has passed, then what was counted up to leaving.
    await later(LEAVE_GRACE_MS - 1_000);
    expect(posts()).toHaveLength(0);
    await later(2_000);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ activity: "review", minutes: 4, note: TIMER_NOTES.review });
    expect(nearT0(startOf(posts()[0]?.body))).toBe(true);
  });

  it("on the patient's chat counts and logs messaging time, with the chat's note", async () => {
    serve();
    render("messaging");
    expect(await screen.findByText("Timing your work on Alex Doe: 0 min")).toBeTruthy();
    expect(screen.getByText(/^Counts whole minutes as messaging time;/)).toBeTruthy();
    await work(3);
    fireEvent.click(screen.getByRole("button", { name: "Stop and log" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ activity: "messaging", minutes: 3, note: "Logged by the work timer (messaging the patient)." });
    expect(nearT0(startOf(posts()[0]?.body))).toBe(true);
    expect(await screen.findByText("Logged 3 min of messaging for Alex Doe.")).toBeTruthy();
  });

  it("going from the record to the patient's chat ends the review stretch; each activity is logged with its own minutes and note", async () => {
    serve();
    render();
    await screen.findByText("Timing your work on Alex Doe: 0 min");
    expect(screen.getByText(/^Counts whole minutes as review time;/)).toBeTruthy();
    await work(3);
    // The record goes and the chat on the same patient comes: the same timer, now counting messaging.
    cleanup();
    await later(2_000);
    render("messaging");
    expect(await screen.findByText("Timing your work on Alex Doe: 3 min")).toBeTruthy();
    expect(screen.getByText(/^Counts whole minutes as messaging time;/)).toBeTruthy();
    await work(2);
    fireEvent.click(screen.getByRole("button", { name: "Stop and log" }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    const [review, messaging] = posts().map((request) => request.body);
    expect(review).toMatchObject({ activity: "review", minutes: 3, note: TIMER_NOTES.review });
    expect(nearT0(startOf(review))).toBe(true);
    expect(messaging).toMatchObject({ activity: "messaging", minutes: 2, note: TIMER_NOTES.messaging });
    // The chat's time began when the person reached it, after the record's minutes.
    expect(Date.parse(String(startOf(messaging)))).toBeGreaterThanOrEqual(T0.getTime() + 3 * MINUTE);
    expect(await screen.findByText("Logged 3 min of review and 2 min of messaging for Alex Doe.")).toBeTruthy();
  });

  it("stops at a sign-out without sending anything or naming the patient afterwards", async () => {
    serve();
    render();
    await screen.findByText("Timing your work on Alex Doe: 0 min");
    await work(2);
    act(() => currentApp().harness.adapters.credentials.clear());
    await waitFor(() => expect(screen.queryByRole("region", { name: "Work timer" })).toBeNull());
    // Earlier tests' announcements stay in the announcer's region: nothing new may name the patient.
    const named = screen.queryAllByText(/Alex Doe/).length;
    await later(LEAVE_GRACE_MS + 1_000);
    expect(posts()).toHaveLength(0);
    expect(screen.queryAllByText(/Alex Doe/)).toHaveLength(named);
  });

  it("a sign-out first logs the counted minutes while the session can still send them", async () => {
    serve();
    render();
    await screen.findByText("Timing your work on Alex Doe: 0 min");
    await work(3);
    // What useSignOut runs before it revokes the session and clears the credentials.
    await act(() => runBeforeSignOut());
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toMatchObject({ activity: "review", minutes: 3, note: TIMER_NOTES.review });
    expect(posts()[0]?.headers.authorization).toMatch(/^Bearer /);
    // Once ended, the timer is not sent again by a second sign-out.
    await act(() => runBeforeSignOut());
    expect(posts()).toHaveLength(1);
  });

  it("axe finds nothing serious in the running bar (contrast: the tokens.ts pairs hold 7:1)", async () => {
    serve();
    render();
    await screen.findByText("Timing your work on Alex Doe: 0 min");
    vi.useRealTimers();
    const running = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(running.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("is not shown to a role that may not log time", async () => {
    serve("institution_admin");
    render();
    await waitFor(() => expect(currentApp().harness.server.requests.some((request) => request.url === "/api/users/12/")).toBe(true));
    await later(1_000);
    expect(screen.queryByRole("region", { name: "Work timer" })).toBeNull();
  });
});
