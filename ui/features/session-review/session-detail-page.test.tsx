// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import type { ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import type { SessionDetailJson } from "../../../domain/session-review/session-detail-wire.ts";
import { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { SessionDetailPage } from "./session-detail-page.tsx";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { failure, LEVEL, PATIENT, patientWire } from "./session-review.test-helper.tsx";

const currentApp = useSignedInApp();

const SESSION = 101;

/** An SLP: may correct attempts, mark sessions reviewed and write notes. */
const slp = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  permissions: { patient: ["list", "retrieve"], game_attempt: ["list", "retrieve", "partial_update"], slp_notes: ["list", "retrieve", "create", "partial_update"] },
});
/** An institution admin reads sessions but corrects nothing. */
const reader = Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, permissions: { patient: ["list", "retrieve"], game_attempt: ["list", "retrieve"] } });

const levelOf = (type: string, name: string) => [{ id: LEVEL, game: { id: 3, type, name }, difficulty: "medium", assigned_at: "2026-01-02T10:00:00.000Z" }];
const noteTypes = [{ id: 1, name: "Observation", color: "#2563eb", sort_order: 1 }];

/** PATCH attempt/{id}/'s answer: the attempt as stored (and `over`) and the session's figures as the server recomputed them. */
const correctionAnswer = (detail: SessionDetailJson, challenge: number, attempt: number, over: Record<string, unknown> = {}, figures: Record<string, unknown> = {}) => {
  const saved = detail.challenges_in_session[challenge]?.attempts[attempt];
  if (saved === undefined) throw new Error("no such attempt in the example");
  return {
    ...saved,
    version: saved.version + 1,
    ...over,
    session: {
      id: detail.id,
      total_score: detail.total_score,
      total_score_percentage_change: detail.total_score_percentage_change,
      accuracy_percentage: detail.accuracy_percentage,
      accuracy_percentage_change: detail.accuracy_percentage_change,
      avg_duration_per_content: detail.avg_duration_per_content,
      avg_duration_per_content_percentage_change: detail.avg_duration_per_content_percentage_change,
      game_metrics: detail.game_metrics,
      ...figures,
    },
  };
};

type Script = { readonly detail?: SessionDetailJson; readonly level?: ReturnType<typeof levelOf>; readonly patch?: () => ScriptedAnswer };
const serve = ({ detail = { ...SESSION_DETAIL_EXAMPLES.naming, patient_id: PATIENT, patient_game_level_id: LEVEL, review: null }, level = levelOf("naming", "Naming"), patch }: Script = {}) => {
  currentApp().harness.server.script((request) => {
    if (request.url === `/api/patients/${PATIENT}/`) return { status: 200, json: patientWire };
    if (request.url === `/api/patients/${PATIENT}/game-levels/`) return { status: 200, json: level };
    if (request.url === `/api/game-session/${SESSION}/detailed/`) return { status: 200, json: detail };
    if (request.url === "/api/note-types/") return { status: 200, json: noteTypes };
    if (request.method === "PATCH" && request.url.startsWith("/api/attempt/")) return patch?.() ?? { status: 200, json: correctionAnswer(detail, 0, 0) };
    if (request.method === "PUT" && request.url === `/api/game-session/${SESSION}/review/`) {
      return { status: 200, json: { id: SESSION, reviewed: true, review: { reviewed_by: { id: 12, first_name: "Sophie", last_name: "Speech", email: "slp@demo.test" }, reviewed_at: "2026-03-01T10:00:00Z" }, patient_reviewed_status: "reviewed", version: 2 } };
    }
    return { status: 404, json: failure };
  });
};
const calls = (method: string, prefix: string) => currentApp().harness.server.requests.filter((r) => r.method === method && r.url.startsWith(prefix));

const renderPage = (user = slp) => renderAt(currentApp(), `/details-panel/patient/${PATIENT}/level/${LEVEL}/trend/${SESSION}`, <SessionDetailPage patientId={PatientId.make(PATIENT)} levelId={GameLevelId.make(LEVEL)} sessionId={GameSessionId.make(SESSION)} user={user} />);

const table = () => screen.findByRole("table", { name: "Naming attempts" });
const alertText = async () => {
  await waitFor(() => expect(screen.getAllByRole("alert").some((alert) => alert.textContent !== "")).toBe(true));
  return screen.getAllByRole("alert").map((alert) => alert.textContent).join("");
};

describe("the session detail", () => {
  it("shows the statistics with changes in words, the attempts grouped by challenge, results in words and locked rows", async () => {
    serve();
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Naming session" })).toBeTruthy();
    const rows = within(await table()).getAllByRole("row");
    expect(rows.map((row) => row.querySelector("th[scope=rowgroup]")?.textContent).filter(Boolean)).toEqual(["Challenge 1", "Challenge 2"]);
    const score = screen.getByText("Score", { selector: "dt" });
    expect(score.nextElementSibling?.textContent).toBe("2 points");
    expect(score.nextElementSibling?.nextElementSibling?.textContent).toBe("▲Up 33.3% on the previous session");
    const cells = within(await table()).getAllByRole("cell").map((cell) => cell.textContent ?? "");
    // Results are words with a mark beside them, never colour alone.
    expect(cells.filter((text) => text === "✗ Wrong")).toHaveLength(1);
    expect(cells.filter((text) => text === "✓ Correct")).toHaveLength(2);
    // Attempt 5003 is not editable: it says so, why and what remains (issue 31: not a bare "Locked"), and offers no correction.
    expect(screen.getByText("1 attempt of 3 is locked by the game: its score can't be corrected, but you can still read them, add notes and mark the session reviewed.")).toBeTruthy();
    expect(within(await table()).getByText((_, element) => element?.tagName === "SPAN" && element.textContent === "Locked: the game locked this score, so it can't be corrected; you can still add a note")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Edit score of challenge/ }).map((button) => button.getAttribute("aria-label"))).toEqual([
      "Edit score of challenge 1, attempt 1",
      "Edit score of challenge 1, attempt 2",
    ]);
    expect(screen.getByText("Needed a phonemic cue before naming the apple.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play Response audio, challenge 1, attempt 1" })).toBeTruthy();
  });

  it("says in words, above the attempts, that a wholly locked session's scores can't be corrected and what the SLP can still do", async () => {
    const example = SESSION_DETAIL_EXAMPLES.naming;
    const locked = example.challenges_in_session.map((challenge) => ({ ...challenge, attempts: challenge.attempts.map((attempt) => ({ ...attempt, is_editable: false })) }));
    serve({ detail: { ...example, patient_id: PATIENT, patient_game_level_id: LEVEL, review: null, challenges_in_session: locked } });
    renderPage();
    await table();
    const sentence = screen.getByText("Scores from this game can't be corrected: the game locked them. You can still read them, add notes and mark the session reviewed.");
    // A paragraph of the page, not a tooltip: a screen reader reads it in order, before the table.
    expect(sentence.tagName).toBe("P");
    expect(screen.queryByRole("button", { name: /^Edit score of challenge/ })).toBeNull();
    expect(screen.getAllByRole("button", { name: /^Add note/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Mark as reviewed" })).toBeTruthy();
  });

  it("offers no correction, no review mark and no note to a reader", async () => {
    serve();
    renderPage(reader);
    await table();
    expect(screen.queryByRole("button", { name: /^Edit score of challenge/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Add note/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Mark as reviewed" })).toBeNull();
    expect(calls("GET", "/api/note-types/")).toHaveLength(0);
  });

  it("reads 'Invalid <Game> session' when the level's game is another, and 'Unsupported game type' for an unknown one", async () => {
    serve({ level: levelOf("parrot", "Parrot") });
    renderPage();
    expect(await alertText()).toContain("Invalid Parrot session");
    expect(screen.getByRole("heading", { level: 1, name: "Session detail" })).toBeTruthy();
  });

  it("reads 'Unsupported game type' for a game the portal does not know", async () => {
    serve({ detail: { ...SESSION_DETAIL_EXAMPLES.naming, game_info: { id: 9, name: "Chess", type: "chess" } }, level: [] });
    renderPage();
    expect(await alertText()).toContain("Unsupported game type");
  });

  it("does not show another patient's session under this patient's address", async () => {
    serve({ detail: { ...SESSION_DETAIL_EXAMPLES.naming, patient_id: 99 } });
    renderPage();
    expect(await alertText()).toContain("This session is not part of this exercise.");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("corrects a score: an off-scale score is refused before any call, a valid one is sent alone and its answer is shown without reading the session again", async () => {
    const detail = { ...SESSION_DETAIL_EXAMPLES.naming, patient_id: PATIENT, patient_game_level_id: LEVEL, review: null };
    serve({ detail, patch: () => ({ status: 200, json: correctionAnswer(detail, 0, 1, { score: 0.5 }, { total_score: 2.5, total_score_percentage_change: 66.7 }) }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit score of challenge 1, attempt 2" }));
    const form = await screen.findByRole("form", { name: "Edit score of challenge 1, attempt 2" });
    const score = within(form).getByRole("textbox", { name: "Score (0 to 1)" });
    await waitFor(() => expect(document.activeElement).toBe(score));
    fireEvent.change(score, { target: { value: "1.5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save correction" }));
    expect(await within(form).findByText("The score must be between 0 and 1 in steps of 0.1")).toBeTruthy();
    expect(calls("PATCH", "/api/attempt/")).toHaveLength(0);
    fireEvent.change(score, { target: { value: "0.5" } });
    const readsBefore = calls("GET", `/api/game-session/${SESSION}/detailed/`).length;
    fireEvent.click(within(form).getByRole("button", { name: "Save correction" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit score of challenge 1, attempt 2" })).toBeNull());
    expect(calls("PATCH", "/api/attempt/").map((r) => [r.url, r.body])).toEqual([["/api/attempt/5002/", { score: 0.5 }]]);
    // One round trip: the points tile shows the answer's total, and the session is not read again.
    expect(await screen.findByText("2.5 points")).toBeTruthy();
    expect(calls("GET", `/api/game-session/${SESSION}/detailed/`)).toHaveLength(readsBefore);
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Edit score of challenge 1, attempt 2"));
  });

  it("keeps the correction and shows the server's message when the save is refused", async () => {
    serve({ patch: () => ({ status: 409, json: { code: "ERROR_050", message: "The action is not allowed for the current status: not editable", detail: null, id: "y" } }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit score of challenge 1, attempt 1" }));
    const form = await screen.findByRole("form", { name: "Edit score of challenge 1, attempt 1" });
    fireEvent.change(within(form).getByRole("textbox", { name: "Score (0 to 1)" }), { target: { value: "0.3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save correction" }));
    expect(await within(form).findByText(/not allowed for the current status/i)).toBeTruthy();
    expect((within(form).getByRole("textbox", { name: "Score (0 to 1)" }) as HTMLInputElement).value).toBe("0.3");
  });

  it("marks the session reviewed from the review's version the page shows (If-Match)", async () => {
    serve({ detail: { ...SESSION_DETAIL_EXAMPLES.naming, patient_id: PATIENT, patient_game_level_id: LEVEL, review: null, version: 3 } });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Mark as reviewed" }));
    await waitFor(() => expect(calls("PUT", `/api/game-session/${SESSION}/review/`).map((r) => r.body)).toEqual([{ reviewed: true }]));
    expect(calls("PUT", `/api/game-session/${SESSION}/review/`).map((r) => r.headers["if-match"])).toEqual(['"3"']);
  });

  it("refused as stale (a colleague marked it meanwhile), shows why and reads the session again, so the page shows the review as it stands", async () => {
    const pending = { ...SESSION_DETAIL_EXAMPLES.naming, patient_id: PATIENT, patient_game_level_id: LEVEL, review: null, version: 1 };
    const markedByColleague = { ...pending, version: 2, review: { reviewed_by: { id: 40, first_name: "Colin", last_name: "League", email: "colin@demo.test" }, reviewed_at: "2026-03-01T09:00:00Z" } };
    let marked = false;
    currentApp().harness.server.script((request) => {
      if (request.url === `/api/patients/${PATIENT}/`) return { status: 200, json: patientWire };
      if (request.url === `/api/patients/${PATIENT}/game-levels/`) return { status: 200, json: levelOf("naming", "Naming") };
      if (request.url === `/api/game-session/${SESSION}/detailed/`) return { status: 200, json: marked ? markedByColleague : pending };
      if (request.url === "/api/note-types/") return { status: 200, json: noteTypes };
      if (request.method === "PUT" && request.url === `/api/game-session/${SESSION}/review/`) {
        marked = true;
        return { status: 412, json: { code: "ERROR_056", message: "Someone else changed this record since you opened it: reload it to see their changes, then edit again", detail: { field: "version" }, id: "z" } };
      }
      return { status: 404, json: failure };
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Mark as reviewed" }));
    expect(await alertText()).toContain("Someone else changed this record since you opened it");
    expect(calls("PUT", `/api/game-session/${SESSION}/review/`).map((r) => r.headers["if-match"])).toEqual(['"1"']);
    expect(await screen.findByText(/^Reviewed by Colin League on /)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reopen review" })).toBeTruthy();
  });

  it("puts the session's actions right after its heading, and 'Add note on an attempt' takes the focus to the first attempt's Add note (issue 31)", async () => {
    serve();
    renderPage();
    const heading = await screen.findByRole("heading", { level: 1, name: "Naming session" });
    await table();
    const mark = screen.getByRole("button", { name: "Mark as reviewed" });
    const toNotes = screen.getByRole("button", { name: "Add note on an attempt" });
    // In reading order the first controls after the heading are these two.
    const controls = [...document.querySelectorAll("button, a[href], input, select, textarea, [tabindex='0']")].filter(
      (element) => heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(controls.slice(0, 2)).toEqual([mark, toNotes]);
    fireEvent.click(toNotes);
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Add note on challenge 1, attempt 1"));
  });

  it("shows a long session ten challenges at a time", async () => {
    const [first] = SESSION_DETAIL_EXAMPLES.naming.challenges_in_session;
    if (first === undefined) throw new Error("no challenge in the naming example");
    const challenges = Array.from({ length: 12 }, (_, index) => ({
      ...first,
      id: 3000 + index,
      order: index + 1,
      attempts: first.attempts.map((attempt, trial) => ({ ...attempt, id: 8000 + index * 10 + trial, notes: [] })),
    }));
    serve({ detail: { ...SESSION_DETAIL_EXAMPLES.naming, challenges_in_session: challenges } });
    renderPage();
    await table();
    expect(screen.getByText("Challenges 1 to 10 of 12")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Challenges 11 to 12 of 12")).toBeTruthy();
    const groups = within(await table()).getAllByRole("row").map((row) => row.querySelector("th[scope=rowgroup]")?.textContent).filter(Boolean);
    expect(groups).toEqual(["Challenge 11", "Challenge 12"]);
  });
});
