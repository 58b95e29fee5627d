// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import type { RecordedRequest, ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { GameLevelId, PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { ExerciseOverviewPage } from "./exercise-overview-page.tsx";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { failure, LEVEL, PATIENT, patientWire } from "./session-review.test-helper.tsx";

const currentApp = useSignedInApp();

const user = Schema.decodeUnknownSync(CurrentUser)(currentUserWire);

const levelsWire = [
  { id: LEVEL, game: { id: 3, type: "naming", name: "Picture naming" }, difficulty: "medium", assigned_at: "2026-01-02T10:00:00.000Z" },
  { id: 32, game: { id: 4, type: "parrot", name: "Parrot" }, difficulty: "easy", assigned_at: "2026-01-02T10:00:00.000Z" },
];
// Sessions start at noon UTC, so the day is the same wherever the test runs; the time of day is
// shown in the viewer's zone, as formatDateTime writes it.
const isoOf = (day: number) => `2026-03-${String(day).padStart(2, "0")}T12:30:00Z`;
const when = (day: number) => formatDateTime(isoOf(day));

const statisticsWire = {
  last_session_start_time: isoOf(23),
  time_this_week_seconds: 754.26,
  total_time_seconds: 5400,
  game_details: { id: 3, name: "Picture naming" },
  percentage_change_this_week: 12.46,
};

/** 23 sessions, newest first: session 123 on March 23rd down to session 101 on March 1st. */
const SESSIONS = Array.from({ length: 23 }, (_, index) => {
  const day = 23 - index;
  return {
    id: 100 + day,
    start_time: isoOf(day),
    duration: day === 20 ? null : 60 + day * 10.04,
    current_level: "medium",
    assigned_at: "2026-01-02T10:00:00.000Z",
    accuracy_percentage: day === 22 ? null : 40 + day * 2.04,
    reviewed: day % 2 === 0,
  };
});

const listAnswer = (request: RecordedRequest, sessions = SESSIONS): ScriptedAnswer => {
  const query = new URL(request.url, "http://test").searchParams;
  const page = Number(query.get("page"));
  const size = Number(query.get("page_size"));
  return {
    status: 200,
    json: { current_page: page, total_pages: Math.ceil(sessions.length / size), count: sessions.length, results: sessions.slice((page - 1) * size, page * size) },
  };
};

type Script = {
  readonly statistics?: () => ScriptedAnswer;
  readonly list?: (request: RecordedRequest) => ScriptedAnswer;
  readonly levels?: () => ScriptedAnswer;
};
const serve = ({ statistics, list = listAnswer, levels }: Script = {}) => {
  currentApp().harness.server.script((request) => {
    if (request.url === `/api/patients/${PATIENT}/`) return { status: 200, json: patientWire };
    if (request.url === `/api/patients/${PATIENT}/game-levels/`) return levels?.() ?? { status: 200, json: levelsWire };
    if (request.url.startsWith("/api/game-sessions-statistics/")) return statistics?.() ?? { status: 200, json: statisticsWire };
    if (request.url.startsWith("/api/game-sessions-list/")) return list(request);
    return { status: 404, json: failure };
  });
};
const listCalls = () => currentApp().harness.server.requests.filter((r) => r.url.startsWith("/api/game-sessions-list/")).map((r) => r.url);

const renderPage = (path = `/details-panel/patient/${PATIENT}/level/${LEVEL}`) => renderAt(currentApp(), path, <ExerciseOverviewPage patientId={PatientId.make(PATIENT)} levelId={GameLevelId.make(LEVEL)} user={user} />);

// The figures as they are read out: the tiles' loading stand-ins (aria-hidden) have another label.
const figures = () => screen.getByLabelText("Exercise figures");
const tile = (label: string) => {
  const term = within(figures()).getByText(label, { selector: "dt" });
  const details = [];
  for (let next = term.nextElementSibling; next !== null; next = next.nextElementSibling) details.push(next);
  return details.map((detail) => detail.textContent);
};
const sessionsTable = () => screen.getByRole("table", { name: "Sessions, newest first" });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [within(row).getByRole("rowheader").textContent, ...within(row).getAllByRole("cell").map((cell) => cell.textContent)]);

describe("the exercise overview", () => {
  it("heads the page with the game, names the patient and shows the tiles with rounded figures and the trend in words", async () => {
    serve();
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Picture naming" })).toBeTruthy();
    expect((await screen.findByRole("link", { name: "Ada Lovelace" })).getAttribute("href")).toBe(`/patient/${PATIENT}`);
    await waitFor(() => expect(figures()).toBeTruthy());
    expect(tile("Time this week")).toEqual(["12 minutes 34.3 seconds", "▲Up 12.5% on last week"]);
    expect(tile("Total time")).toEqual(["1 hour 30 minutes"]);
    expect(tile("Last session")).toEqual([when(23)]);
    expect(tile("Level played")).toEqual(["Medium level"]);
    // The newest session's accuracy, 40 + 23 × 2.04 = 86.92, shown to one decimal.
    expect(tile("Latest accuracy")).toEqual(["86.9%", `Session of ${when(23)}`]);
    // The arrow is decoration: the words carry the direction.
    const arrow = screen.getByText("▲");
    expect(arrow.getAttribute("aria-hidden")).toBe("true");
  });

  it("says 'Not available' with no arrow when there is no change to report, and 'Down' for a fall", async () => {
    serve({ statistics: () => ({ status: 200, json: { ...statisticsWire, percentage_change_this_week: null } }) });
    renderPage();
    await waitFor(() => expect(figures()).toBeTruthy());
    expect(tile("Time this week")).toEqual(["12 minutes 34.3 seconds", "Not available"]);
    expect(screen.queryByText("▲")).toBeNull();
    expect(screen.queryByText("▼")).toBeNull();
  });

  it("lists ten sessions a page, each start time linking to its session, with level, accuracy and review in words", async () => {
    serve();
    renderPage();
    await waitFor(() => expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("23 sessions"));
    const rows = rowsOf(sessionsTable());
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual([when(23), "4 minutes 50.9 seconds", "Medium level", "86.9%", "Pending"]);
    expect(rows[1]).toEqual([when(22), "4 minutes 40.9 seconds", "Medium level", "Not available", "Reviewed"]);
    expect(rows[3]?.[1]).toBe("Invalid time");
    const link = within(sessionsTable()).getByRole("link", { name: when(23) });
    expect(link.getAttribute("href")).toBe(`/details-panel/patient/${PATIENT}/level/${LEVEL}/trend/123`);
    expect(within(sessionsTable()).getByRole("link", { name: when(14) }).getAttribute("href")).toBe(
      `/details-panel/patient/${PATIENT}/level/${LEVEL}/trend/114`,
    );
    expect(listCalls()).toContain(`/api/game-sessions-list/?game_level_id=${LEVEL}&page=1&page_size=10`);
  });

  it("asks the next page, keeps the previous one on screen while it loads, and keeps the page in the address", async () => {
    serve({ list: (request) => ({ ...listAnswer(request), delayMs: request.url.includes("page=2&page_size=10") ? 150 : 0 }) });
    const location = renderPage();
    const next = await screen.findByRole("button", { name: "Next" });
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    act(() => next.focus());
    fireEvent.click(next);
    // The first page stays, marked busy, until the second arrives.
    await waitFor(() => expect(sessionsTable().getAttribute("aria-busy")).toBe("true"));
    expect(rowsOf(sessionsTable())[0]?.[0]).toBe(when(23));
    await screen.findByText("Page 2 of 3");
    expect(rowsOf(sessionsTable())[0]?.[0]).toBe(when(13));
    expect(document.activeElement).toBe(next);
    expect(listCalls()).toContain(`/api/game-sessions-list/?game_level_id=${LEVEL}&page=2&page_size=10`);
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/details-panel/patient/${PATIENT}/level/${LEVEL}?page=2`));
  });

  it("opens on the page the address names", async () => {
    serve();
    renderPage(`/details-panel/patient/${PATIENT}/level/${LEVEL}?page=3`);
    await screen.findByText("Page 3 of 3");
    expect(rowsOf(sessionsTable()).map((row) => row[0])).toEqual([when(3), when(2), when(1)]);
    expect(listCalls()).toContain(`/api/game-sessions-list/?game_level_id=${LEVEL}&page=3&page_size=10`);
  });

  it("draws the progress of the latest sessions oldest to newest, and its table holds the same numbers", async () => {
    serve();
    renderPage();
    const chart = await screen.findByRole("img");
    expect(listCalls()).toContain(`/api/game-sessions-list/?game_level_id=${LEVEL}&page=1&page_size=100`);
    expect(chart.getAttribute("aria-label")).toBe(
      "Accuracy and time across 23 sessions from 03/01/2026 to 03/23/2026, oldest first. " +
        "Accuracy: from 42% to 86.9%, lowest 42%, highest 86.9%. " +
        "Time: from 1 minute 10 seconds to 4 minutes 50.9 seconds, lowest 1 minute 10 seconds, highest 4 minutes 50.9 seconds.",
    );
    // One marker per figure: 22 accuracies (March 22nd has none) and 22 times (March 20th has none).
    expect(chart.querySelectorAll("circle")).toHaveLength(22 + 1);
    expect(chart.querySelectorAll("rect")).toHaveLength(22 + 1);
    const region = screen.getByRole("region", { name: "Progress chart" });
    expect(region.getAttribute("tabindex")).toBe("0");

    const toggle = screen.getByText("Show as table");
    expect(toggle.tagName).toBe("SUMMARY");
    const table = screen.getByRole("table", { name: "Accuracy and time by session, oldest first", hidden: true });
    const rows = rowsOf(table);
    expect(rows).toHaveLength(23);
    expect(rows[0]).toEqual([when(1), "42%", "1 minute 10 seconds"]);
    expect(rows[3]).toEqual([when(4), "48.2%", "1 minute 40.2 seconds"]);
    expect(rows[19]).toEqual([when(20), "80.8%", "Invalid time"]);
    expect(rows[21]).toEqual([when(22), "Not available", "4 minutes 40.9 seconds"]);
    expect(rows[22]).toEqual([when(23), "86.9%", "4 minutes 50.9 seconds"]);
    // The same figures as the sessions list shows for those sessions (its own call may answer after the chart's).
    await waitFor(() => expect(rowsOf(sessionsTable())[0]?.slice(1, 4)).toEqual(["4 minutes 50.9 seconds", "Medium level", "86.9%"]));
  });

  it("says when the level has never been played, in the list and the chart", async () => {
    serve({
      list: (request) => listAnswer(request, []),
      statistics: () => ({ status: 200, json: { ...statisticsWire, last_session_start_time: null, time_this_week_seconds: 0, total_time_seconds: 0, percentage_change_this_week: null } }),
    });
    renderPage();
    await waitFor(() => expect(screen.getAllByText("No sessions played yet.")).toHaveLength(2));
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Session pages" })).toBeNull();
    expect(tile("Last session")).toEqual(["No sessions yet"]);
    expect(tile("Latest accuracy")).toEqual(["Not available"]);
  });

  it("shows a failed list with Try again, which loads it", async () => {
    let calls = 0;
    serve({
      list: (request) => {
        // Only the sessions table's page (size 10); the chart's call (size 100) answers normally,
        // whichever of the two arrives first.
        if (new URL(request.url, "http://test").searchParams.get("page_size") !== "10") return listAnswer(request);
        calls += 1;
        return calls === 1 ? { status: 500, json: failure } : listAnswer(request);
      },
    });
    renderPage();
    await waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("An error occurred"));
    const sessions = screen.getByRole("region", { name: "Sessions" });
    fireEvent.click(within(sessions).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: "Sessions, newest first" })).toBeTruthy();
  });

  it("keeps its heading while loading and shows nothing of a level that is not this patient's", async () => {
    serve({ levels: () => ({ status: 200, json: levelsWire.slice(1) }) });
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Exercise" })).toBeTruthy();
    expect(await screen.findByText(/This exercise is not among Ada Lovelace’s assigned exercises/)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByText("Time this week")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
  });

  it("has nothing serious for axe", async () => {
    serve();
    renderPage();
    await screen.findByRole("img");
    await screen.findByRole("table", { name: "Sessions, newest first" });
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
